import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a V8 `.cpuprofile` (node --cpu-prof) holds. */
interface CpuProfile {
  readonly nodes: readonly { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** µs on the machine's monotonic clock (the one process.hrtime reads). */
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A time window on the monotonic clock, in µs. */
export interface Window {
  readonly fromUs: number;
  readonly toUs: number;
}

export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/** Where a frame's code lives: an npm package, one of our source files, or V8/Node's own work. */
function areaOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName || 'native'})`;
  const inPackage = url.split('node_modules/')[1];
  if (inPackage !== undefined)
    return inPackage
      .split('/')
      .slice(0, inPackage.startsWith('@') ? 2 : 1)
      .join('/');
  if (url.startsWith('node:')) return url;
  return 'flightchess (server bundle)';
}

/**
 * Self time of the samples taken in `window`, by area and by function, as text. Time blocked in a
 * system call (an fsync) counts here but not as CPU: compare with the CPU figures.
 */
export function summarizeProfile(path: string, window: Window, rows = 25): string {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let at = profile.startTime;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < window.fromUs || at > window.toUs) return;
    const frame = frames.get(id)!;
    if (frame.functionName === '(idle)') return;
    total += delta;
    const area = areaOf(frame.url, frame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
    const where = frame.url === '' ? '' : ` ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, rows)
      .map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  return `${(total / 1e6).toFixed(1)} s busy in the measured window\n— self time by area\n${top(byArea)}\n— self time by function\n${top(byFunction)}`;
}

/** Print the profiles written into `dir` since `since` (the processes', as they stopped), each cut to `window`. */
export function printProfiles(dir: string, since: number, window: Window): void {
  const written = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).mtimeMs >= since);
  for (const file of written) console.log(`\n${file}\n${summarizeProfile(file, window)}`);
}
