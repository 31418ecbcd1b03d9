/** A stream's writes, at most one per `ms`: what comes sooner after the last is held and written with what follows it. */
export interface CoalescedWrites {
  write(text: string): void;
  /** Write what is held now (before the stream ends). */
  flush(): void;
  /** Drop what is held (the stream is gone). */
  stop(): void;
}

/**
 * A page's event stream written at most once per `ms`: a write is a system call (about 25 µs here), and a
 * player with many friends online is told of their changes several times a second. The first write after
 * a quiet spell goes at once; the next ones wait, in order, for the rest of the spell (docs/capacity.md).
 */
export function coalescedWrites(
  out: (text: string) => void,
  ms: number,
  now: () => number = performance.now.bind(performance),
): CoalescedWrites {
  let last = -Infinity;
  let held = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!held) return;
    const text = held;
    held = '';
    last = now();
    out(text);
  };
  return {
    write(text) {
      if (held || now() - last < ms) {
        held += text;
        timer ??= setTimeout(flush, Math.max(0, last + ms - now()));
        return;
      }
      last = now();
      out(text);
    },
    flush,
    stop() {
      held = '';
      flush();
    },
  };
}
