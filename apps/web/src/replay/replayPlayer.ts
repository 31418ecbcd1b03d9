import type { Scheduler } from '../util/ports';

export const REPLAY_SPEEDS = [0.5, 1, 2, 4, 8, 16] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

/** A replay's position (ReplaySource): positions run 0..steps, and a jump shows that state at once. */
export interface Steppable {
  readonly position: number;
  readonly steps: number;
  goTo(position: number): void;
}

/**
 * The replay's transport: play/pause, a step either way, a jump anywhere, and the speed. Playing takes one
 * step every `stepMs / speed`; the board hurries any animation a faster step overtakes.
 */
export class ReplayPlayer {
  private cancel: (() => void) | null = null;
  private rate: ReplaySpeed = 1;

  constructor(
    private readonly replay: Steppable,
    private readonly scheduler: Scheduler,
    private readonly stepMs: number,
    /** Called after every change of position, speed or playing. */
    private readonly changed: () => void,
  ) {}

  get playing(): boolean {
    return this.cancel !== null;
  }

  get speed(): ReplaySpeed {
    return this.rate;
  }

  /** Play from here; from the start again when at the end. */
  play(): void {
    if (this.playing) return;
    if (this.replay.position >= this.replay.steps) this.replay.goTo(0);
    this.schedule();
    this.changed();
  }

  pause(): void {
    this.stop();
    this.changed();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  /** One step back or forward, paused: to look at a move. */
  step(delta: -1 | 1): void {
    this.stop();
    this.replay.goTo(this.replay.position + delta);
    this.changed();
  }

  /** Jump to a position; playing goes on from there. */
  jump(position: number): void {
    this.replay.goTo(position);
    if (this.replay.position >= this.replay.steps) this.stop();
    this.changed();
  }

  setSpeed(speed: ReplaySpeed): void {
    this.rate = speed;
    if (this.playing) {
      this.stop();
      this.schedule();
    }
    this.changed();
  }

  dispose(): void {
    this.stop();
  }

  private stop(): void {
    this.cancel?.();
    this.cancel = null;
  }

  private schedule(): void {
    this.cancel = this.scheduler.after(this.stepMs / this.rate, () => {
      this.cancel = null;
      this.replay.goTo(this.replay.position + 1);
      if (this.replay.position < this.replay.steps) this.schedule();
      this.changed();
    });
  }
}
