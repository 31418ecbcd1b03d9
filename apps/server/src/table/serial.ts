/**
 * One table's work, one task at a time: every message, timer and join runs to its end (storage
 * writes included) before the next starts, so each sees the state the previous one left. A task that
 * throws is reported, and the queue goes on.
 */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly onError: (error: unknown) => void) {}

  /** Queue `task`; resolves with its result once it has run, or with undefined if it threw. */
  run<T>(task: () => T | Promise<T>): Promise<T | undefined> {
    const next = this.tail.then(task).catch((error: unknown) => {
      this.onError(error);
      return undefined;
    });
    this.tail = next;
    return next;
  }

  /** Resolves once every task queued so far has run. */
  async idle(): Promise<void> {
    await this.tail;
  }
}
