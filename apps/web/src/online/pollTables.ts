/** How often the home screen asks the server for its tables while it is shown. */
export const TABLES_POLL_MS = 5000;

/** What the last poll brought: null before the first answer; `failed` when the last one did not come. */
export interface Polled<T> {
  readonly value: T | null;
  readonly failed: boolean;
}

/**
 * Ask `fetch` now and every TABLES_POLL_MS until stopped; `latest` is what came last (a failure keeps the
 * last value: the offline app has no game server), and `changed` is told after each answer or failure.
 */
export function pollTables<T>(fetch: () => Promise<T>, changed: () => void): { readonly latest: Polled<T>; stop(): void } {
  let latest: Polled<T> = { value: null, failed: false };
  let timer = 0;
  let stopped = false;
  const poll = () => {
    fetch()
      .then(
        (value) => ({ value, failed: false }),
        () => ({ value: latest.value, failed: true }),
      )
      .then((polled) => {
        if (stopped) return;
        latest = polled;
        changed();
        timer = window.setTimeout(poll, TABLES_POLL_MS);
      });
  };
  poll();
  return {
    get latest() {
      return latest;
    },
    stop() {
      stopped = true;
      window.clearTimeout(timer);
    },
  };
}
