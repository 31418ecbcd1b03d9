import {
  type Action,
  BOT_NAMES,
  type BotName,
  type BySeat,
  type Colour,
  type GameEvent,
  type GameSetup,
  type GameState,
  type SeatControl,
  applyAction,
  createRng,
  intentAction,
  nextSteps,
  stepAction,
} from '@flightchess/rules';
import type { GameSource, GameUpdate, GameView, Intent, SeatView } from '../types';
import type { Scheduler } from '../../util/ports';
import type { OfflineStore, SavedGame, SeatPlayer } from '../../saves/offlineStore';

export interface LocalGameDeps {
  readonly store: OfflineStore;
  readonly die: () => number;
  readonly scheduler: Scheduler;
  /** Pause before a bot (or auto-play, or a forced move) acts. */
  readonly botDelayMs: number;
}

/**
 * An offline game: the rules engine runs in the page. Who acts by themselves — bots, auto-play (托管),
 * a forced move (RULES.md §9.10), a bot answering a team-mate's resignation or a draw offer — is the
 * engine's `nextSteps`, as on the server; every action is saved so an unfinished game can be continued.
 */
export class LocalGame implements GameSource {
  private state: GameState;
  private readonly actions: Action[];
  private readonly autoPlay: Set<Colour>;
  private readonly listeners = new Set<(update: GameUpdate) => void>();
  private last: GameUpdate;
  private cancelTimer: (() => void) | null = null;

  constructor(
    private readonly saved: SavedGame,
    state: GameState,
    private readonly deps: LocalGameDeps,
  ) {
    this.state = state;
    this.actions = [...saved.actions];
    this.autoPlay = new Set(saved.autoPlay);
    this.last = { view: this.view(), events: [] };
  }

  get setup(): GameSetup {
    return this.saved.setup;
  }

  get players(): BySeat<SeatPlayer> {
    return this.saved.players;
  }

  actionLog(): readonly Action[] {
    return this.actions;
  }

  gameState(): GameState {
    return this.state;
  }

  current(): GameUpdate {
    return this.last;
  }

  subscribe(listener: (update: GameUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Start the bots (call once the screen listens). */
  start(): void {
    this.schedule();
  }

  stop(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  send(intent: Intent): void {
    if (intent.type === 'auto-play') {
      if (this.saved.players[intent.seat] !== 'human') return;
      if (intent.on) this.autoPlay.add(intent.seat);
      else this.autoPlay.delete(intent.seat);
      this.save();
      this.emit([]);
      this.schedule();
      return;
    }
    // Roll and move act for the seat to move (a person's, not played for them); the others for the seat they name.
    if (intent.type === 'roll' || intent.type === 'move') {
      if (this.isHumanTurn()) this.apply(intentAction(intent, this.state.current, this.deps.die));
    } else this.apply(intentAction(intent, intent.seat, this.deps.die));
  }

  private isHumanTurn(): boolean {
    const seat = this.state.current;
    return this.saved.players[seat] === 'human' && !this.autoPlay.has(seat);
  }

  /** Who decides for each seat (for nextSteps). */
  private control(): BySeat<SeatControl> {
    const control: BySeat<SeatControl> = {};
    for (const colour of this.state.seats) {
      const player = this.saved.players[colour];
      control[colour] = { bot: botOfPlayer(player), autoPlay: this.autoPlay.has(colour) };
    }
    return control;
  }

  private apply(action: Action): boolean {
    const applied = applyAction(this.state, action);
    if (!applied.ok) return false;
    this.state = applied.value.state;
    this.actions.push(action);
    this.save();
    this.emit(applied.value.events);
    this.schedule();
    return true;
  }

  private save(): void {
    const record: SavedGame = { ...this.saved, actions: [...this.actions], autoPlay: [...this.autoPlay] };
    if (this.state.phase === 'over') this.deps.store.finish(record);
    else this.deps.store.save(record);
  }

  private emit(events: readonly GameEvent[]): void {
    this.last = { view: this.view(), events };
    for (const listener of this.listeners) listener(this.last);
  }

  /**
   * Let whatever acts by itself act after a visible pause: the turn first (a bot, auto-play or a forced
   * move), else a bot's answer to a pending resignation or draw offer. A person's answer waits for them.
   */
  private schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const { state } = this;
    const { turn, answer } = nextSteps(state, this.control());
    const step = turn && turn.by !== 'person' ? turn : answer?.by === 'bot' ? answer : null;
    if (!step) return;
    this.cancelTimer = this.deps.scheduler.after(this.deps.botDelayMs, () => {
      this.cancelTimer = null;
      if (this.state !== state) return;
      const action = stepAction(state, step, this.deps.die, createRng(state.version));
      if (action) this.apply(action);
    });
  }

  private view(): GameView {
    const seats: SeatView[] = this.state.seats.map((colour) => {
      const player = this.saved.players[colour];
      return {
        colour,
        name: this.saved.names[colour] ?? '',
        kind: player === 'human' ? 'human' : 'bot',
        bot: player === 'human' ? null : (player ?? null),
        connected: true,
        autoPlay: this.autoPlay.has(colour),
        local: player === 'human',
      };
    });
    return { mode: 'offline', state: this.state, seats, turnDeadline: null, answerDeadline: null, viewer: null };
  }
}

/** The bot that plays an offline seat: its own level, or the strong bot for a level this build does not know (an older save). */
function botOfPlayer(player: SeatPlayer | undefined): BotName | null {
  if (player === undefined || player === 'human') return null;
  return (BOT_NAMES as readonly string[]).includes(player) ? player : 'strong';
}
