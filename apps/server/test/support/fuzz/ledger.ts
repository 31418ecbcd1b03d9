/**
 * Each connection's messages from the client's side to the server's: what was sent (in order), what
 * the server read, and how many it has finished with. Messages of one connection are read in order
 * and answered in order (one queue per table), so the n-th message read is the n-th one sent.
 */
export class Ledger {
  private readonly sessions = new Map<string, SessionLedger>();

  of(sessionId: string): SessionLedger {
    let session = this.sessions.get(sessionId);
    if (!session) this.sessions.set(sessionId, (session = new SessionLedger(sessionId)));
    return session;
  }

  /** Messages sent and never read by the server, on every connection: still unread, or dropped with their connection. */
  lost(): number {
    let lost = 0;
    for (const s of this.sessions.values()) lost += s.unread + s.dropped;
    return lost;
  }
}

export class SessionLedger {
  /** The message types sent and not yet read, oldest first (what the server must read them as). */
  private readonly expected: string[] = [];
  private sentCount = 0;
  private settledCount = 0;
  private droppedCount = 0;
  private readonly waiters: { count: number; resolve: () => void }[] = [];

  constructor(readonly sessionId: string) {}

  get unread(): number {
    return this.expected.length;
  }

  get dropped(): number {
    return this.droppedCount;
  }

  sending(type: string): void {
    this.expected.push(type);
    this.sentCount++;
  }

  /** The server read a message: the type it was sent as, or undefined when nothing more was sent. */
  read(): string | undefined {
    return this.expected.shift();
  }

  /** The connection closed: the messages the server had not read yet never will be (it drops a closing connection's frames). */
  closed(): void {
    const unread = this.expected.length;
    this.expected.length = 0;
    this.droppedCount += unread;
    this.settle(unread);
  }

  /** The server is done with a message (answered it, or dropped it under the rate limit). */
  settle(count = 1): void {
    this.settledCount += count;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.settledCount >= this.waiters[i]!.count) this.waiters.splice(i, 1)[0]!.resolve();
    }
  }

  /** Resolves once at most `inFlight` messages of this connection are unsettled; rejects after `timeoutMs`. */
  async drained(inFlight: number, timeoutMs: number): Promise<void> {
    const count = this.sentCount - inFlight;
    if (this.settledCount >= count) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        this.waiters.push({ count, resolve });
        timer = setTimeout(
          () =>
            reject(new Error(`session ${this.sessionId}: ${this.sentCount - this.settledCount} messages unanswered after ${timeoutMs} ms`)),
          timeoutMs,
        );
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
