import type { z } from 'zod';

/** One readable line from a zod error: "path: problem; path: problem". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
}
