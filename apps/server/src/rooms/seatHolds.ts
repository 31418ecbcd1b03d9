import type { Deferred } from '@colyseus/core';
import type { Colour } from '@flightchess/rules';
import type { Timers } from './timers';

/**
 * Seats whose player is away during a game: each is held for the reconnection time (RULES.md §7), then
 * `expire` is called (a forfeit). A hold ends when the player is back: by token (Colyseus' reconnection,
 * which a rejoin cancels) or by a rejoin with their credentials.
 */
export class SeatHolds {
  private readonly reconnections = new Map<Colour, Deferred>();

  constructor(
    private readonly timers: Timers,
    private readonly holdMs: number,
    private readonly expire: (colour: Colour) => void,
  ) {}

  /** Hold the seat from now; `reconnection` is Colyseus' wait for the dropped connection's token, if any. */
  start(colour: Colour, reconnection?: Deferred): void {
    this.timers.set(`hold:${colour}`, this.holdMs, () => {
      this.reconnections.delete(colour);
      this.expire(colour);
    });
    if (reconnection) this.reconnections.set(colour, reconnection);
  }

  /** The player is back: no forfeit, and a token reconnection still waited for is called off. */
  end(colour: Colour): void {
    this.timers.clear(`hold:${colour}`);
    this.reconnections.get(colour)?.reject(new Error('back'));
    this.reconnections.delete(colour);
  }
}
