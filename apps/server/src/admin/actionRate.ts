/** How far back actions per second look. */
const WINDOW_MS = 10_000;
const SAMPLE_MS = 1_000;

/** Engine actions per second over the last ten seconds, from a counter sampled once a second. */
export class ActionRate {
  private readonly samples: { at: number; count: number }[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly count: () => Promise<number>,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    const sample = () =>
      void this.count().then((count) => {
        this.samples.push({ at: this.now(), count });
        while (this.samples.length > WINDOW_MS / SAMPLE_MS + 1) this.samples.shift();
      });
    sample();
    this.timer = setInterval(sample, SAMPLE_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async perSecond(): Promise<number> {
    const oldest = this.samples[0];
    const count = await this.count();
    const seconds = oldest ? (this.now() - oldest.at) / 1000 : 0;
    return seconds > 0 ? Math.round(((count - oldest!.count) / seconds) * 10) / 10 : 0;
  }
}
