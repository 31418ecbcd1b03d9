/** How often the home screen asks the server for its tables while it is shown. */
export const TABLES_POLL_MS = 5000;

/** What the last poll brought: null before the first answer; `failed` when the last one did not come. */
export interface Polled<T> {
  readonly value: T | null;
  readonly failed: boolean;
}

/**
 * Ask `fetch` now and every TABLES_POLL_MS until stopped, telling `changed` after each answer or failure
 * (a failure keeps the last value: the offline app has no game server).
 */
export function pollTables<T>(fetch: () => Promise<T>, changed: (polled: Polled<T>) => void): { stop(): void } {
  let value: T | null = null;
  let timer = 0;
  let stopped = false;
  const poll = () => {
    fetch()
      .then(
        (found) => ({ value: (value = found), failed: false }),
        () => ({ value, failed: true }),
      )
      .then((polled) => {
        if (stopped) return;
        changed(polled);
        timer = window.setTimeout(poll, TABLES_POLL_MS);
      });
  };
  poll();
  return {
    stop() {
      stopped = true;
      window.clearTimeout(timer);
    },
  };
}
