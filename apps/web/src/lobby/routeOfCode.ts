import { typedCode } from '@flightchess/protocol';
import type { Route } from '../router';

/** Where a code typed into any code box leads: a table code to that table, a link code to linking this device; null when it is neither. */
export function routeOfCode(typed: string): Route | null {
  const code = typedCode(typed);
  if (!code) return null;
  return code.kind === 'table' ? { name: 'join', code: code.code } : { name: 'link', code: code.code };
}
