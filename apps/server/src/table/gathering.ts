import { type BotName, type Colour, nearestBot } from '@flightchess/rules';
import { type Rejection, reject } from '@flightchess/protocol';
import { StartCountdown } from './startCountdown';
import type { Table } from './table';

export const NOT_SEATED = reject('ERR_NOT_SEATED', 'you have no seat at this table');
export const RESTARTING = reject('ERR_SHUTTING_DOWN', 'the server is restarting: create or join a table again');

/**
 * A table gathering its players before a game: colours, ready, bots, the host's start, and after a
 * game the rematch that gathers them again. A game starts by itself when every seat is taken and
 * everyone is ready, and a public table (which has no ready step) when its countdown is over.
 */
export class Gathering {
  private readonly countdown: StartCountdown;
  /** Quick play opened this table for someone nobody else waited with: its first game starts soon (QUICK_ALONE_SECONDS). */
  private alone: boolean;

  constructor(private readonly t: Table) {
    const { quickStartSeconds, quickAloneSeconds } = t.deps.config;
    this.alone = t.settings.alone;
    this.countdown = new StartCountdown({
      state: t.state,
      timers: t.timers,
      seconds: () => (this.alone ? Math.min(quickAloneSeconds, quickStartSeconds) : quickStartSeconds),
      due: () => t.task(() => this.countdownOver()),
    });
  }

  /** When the public table's countdown began (epoch ms; 0: none). */
  get waitingSince(): number {
    return this.countdown.since;
  }

  beforeGame(): Rejection | null {
    return this.t.state.status === 'waiting' ? null : reject('ERR_ALREADY_STARTED', 'the game has started');
  }

  /** Only the host, and only before the game. */
  hostBeforeGame(seat: Colour | null): Rejection | null {
    if (!seat) return NOT_SEATED;
    if (this.t.seating.seat(seat)!.playerId !== this.t.state.hostId) return reject('ERR_NOT_HOST', 'only the host can do this');
    return this.beforeGame();
  }

  pickColour(sessionId: string, colour: Colour): Rejection | Promise<null> {
    return this.beforeGame() ?? this.t.seating.pickColour(sessionId, colour) ?? this.changed();
  }

  setReady(seat: Colour, ready: boolean): Rejection | Promise<null> {
    const refused = this.beforeGame();
    if (refused) return refused;
    this.t.seating.seat(seat)!.ready = ready;
    return this.changed();
  }

  addBot(bot: BotName, colour?: Colour): Rejection | Promise<null> {
    const added = this.t.seating.addBot(bot, colour);
    if (typeof added !== 'string') return added;
    this.t.log.info({ event: 'bot-added', seat: added, bot }, 'bot added');
    return this.changed();
  }

  removeBot(colour: Colour): Rejection | Promise<null> {
    const refused = this.t.seating.removeBot(colour);
    if (refused) return refused;
    this.t.log.info({ event: 'bot-removed', seat: colour }, 'bot removed');
    return this.changed();
  }

  /** The host starts: at a private table every other player must be ready (`startable`); empty seats get bots (fillingBot). */
  startNow(host: Colour): Rejection | Promise<Rejection | null> {
    const waitingFor = this.waitingFor().map((s) => s.name);
    if (waitingFor.length > 0) return reject('ERR_NOT_READY', `waiting for ${waitingFor.join(', ')} to be ready`);
    this.t.seating.seat(host)!.ready = true;
    return this.fillAndStart();
  }

  /** After any seating change: keep the lobby listing current, and start when everyone is ready. */
  async changed(): Promise<null> {
    const { state, seating } = this.t;
    if (state.status !== 'waiting' || this.t.closing) return null;
    await this.t.ratings.show();
    if (seating.readyToStart()) return this.started(await this.fillAndStart());
    state.startable = this.waitingFor().length === 0;
    const people = seating.humans().length;
    if (!state.private) this.countdown.follow(people, people >= state.size);
    this.t.listingChanged();
    return null;
  }

  /** Whom the host's start waits for: nobody at a public table, the players not ready at a private one. */
  private waitingFor() {
    const { state, seating } = this.t;
    return state.private ? seating.humans().filter((s) => !s.ready && s.playerId !== state.hostId) : [];
  }

  /** A public table's countdown is over: the game starts with whoever is there, bots in the free seats. */
  private async countdownOver(): Promise<void> {
    const { state, seating } = this.t;
    if (state.status !== 'waiting' || this.t.closing || seating.humans().length === 0) return;
    this.t.log.info({ event: 'countdown-over', people: seating.humans().length }, 'starting the table by itself');
    this.started(await this.fillAndStart());
  }

  private async fillAndStart(): Promise<Rejection | null> {
    const { seating, log } = this.t;
    const bot = this.fillingBot();
    while (!seating.isFull()) {
      const added = seating.addBot(bot);
      if (typeof added !== 'string') return added;
      log.info({ event: 'bot-added', seat: added, bot }, 'bot added');
    }
    this.countdown.stop();
    // A rematch counts down as long as any table: its players are still reading their results.
    this.alone = false;
    await this.t.ratings.show();
    return this.t.play.start();
  }

  /**
   * The bot that takes the free seats when the game starts: at a rated public table the level whose rating
   * is nearest the mean of the people's there (so that a newcomer is not set against the strongest bots,
   * nor a strong player against the weakest); elsewhere the strong bot, as the host's start always had.
   */
  private fillingBot(): BotName {
    const { state, seating } = this.t;
    const people = seating.humans();
    if (!state.rated || state.private || people.length === 0) return 'strong';
    return nearestBot(seating.mode(), people.reduce((sum, s) => sum + s.rating, 0) / people.length);
  }

  /** A start that failed (storage) is logged; the table keeps seating players. */
  private started(refused: Rejection | null): null {
    if (refused) this.t.log.error({ event: 'start-failed', code: refused.code, reason: refused.message }, 'could not start');
    return null;
  }

  /**
   * Back to seating after a recorded game: same settings, bots and (remaining) players, nobody ready.
   * Players who left the finished game lose their seat; the old match stays in storage as it is.
   * Nobody is moved: the others still read their results, and `rematchBy` tells them who invites them.
   */
  rematch(asker: Colour): Rejection | Promise<null> {
    const { state, seating, play } = this.t;
    if (state.status !== 'over') return reject('ERR_NOT_OVER', 'a rematch is for a table whose game is over');
    // A tournament's table plays its round's game only: the next round pairs everyone again.
    if (this.t.play.match?.table.tournamentId) return reject('ERR_NOT_ALLOWED', "a tournament's table takes no rematch");
    if (play.recording) return reject('ERR_NOT_RECORDED', 'the result is still being stored: try again in a moment');
    if (this.t.deps.drain.draining) return RESTARTING;
    const previous = play.match?.id;
    state.rematchBy = seating.seat(asker)!.playerId;
    for (const seat of seating.humans()) {
      if (seat.connected) seat.ready = false;
      else seating.removeSeat(seat.colour as Colour);
    }
    if (!seating.colourOfPlayer(state.hostId)) state.hostId = seating.humans()[0]?.playerId ?? '';
    play.clear();
    this.t.ratings.forget();
    state.status = 'waiting';
    // A waiting table closes when its last player leaves, as before its first game.
    this.t.disposable(true);
    this.t.log.info({ event: 'rematch', previousMatchId: previous }, 'table reset for a rematch');
    return this.changed();
  }
}
