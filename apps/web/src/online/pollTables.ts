/** How often the home screen asks the server for its tables while it is shown. */
export const TABLES_POLL_MS = 5000;
/** After a poll that failed, the next one comes sooner: the list is fresh again soon after the link is back. */
export const FAILED_POLL_MS = 2000;
/** A poll unanswered this long failed: a link that died without a word leaves a request hanging, not refused. */
export const POLL_TIMEOUT_MS = 6000;

/** What the last poll brought: null before the first answer; `failed` when the last one did not come. */
export interface Polled<T> {
  readonly value: T | null;
  readonly failed: boolean;
}

/**
 * Ask `fetch` now and every TABLES_POLL_MS until stopped: FAILED_POLL_MS after a failure (one unanswered in
 * POLL_TIMEOUT_MS included), and at once when the device says it is back online or the page is shown again.
 * `latest` is what came last (a failure keeps the last value, marked failed: the offline app has no game
 * server), and `changed` is told after each answer or failure.
 */
export function pollTables<T>(fetch: () => Promise<T>, changed: () => void): { readonly latest: Polled<T>; stop(): void } {
  let latest: Polled<T> = { value: null, failed: false };
  let timer = 0;
  let stopped = false;
  let asking = false;
  const poll = () => {
    window.clearTimeout(timer);
    if (stopped || asking) return;
    asking = true;
    let timeout = 0;
    Promise.race([
      fetch(),
      new Promise<never>((_, fail) => (timeout = window.setTimeout(() => fail(new Error('no answer')), POLL_TIMEOUT_MS))),
    ])
      .finally(() => window.clearTimeout(timeout))
      .then(
        (value) => ({ value, failed: false }),
        () => ({ value: latest.value, failed: true }),
      )
      .then((polled) => {
        asking = false;
        if (stopped) return;
        latest = polled;
        changed();
        timer = window.setTimeout(poll, polled.failed ? FAILED_POLL_MS : TABLES_POLL_MS);
      });
  };
  const now = () => {
    if (document.visibilityState === 'visible') poll();
  };
  window.addEventListener('online', now);
  document.addEventListener('visibilitychange', now);
  poll();
  return {
    get latest() {
      return latest;
    },
    stop() {
      stopped = true;
      window.clearTimeout(timer);
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', now);
    },
  };
}
