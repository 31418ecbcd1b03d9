import {
  type Action,
  type BotName,
  type BySeat,
  type Colour,
  type GameEvent,
  type GameSetup,
  type GameState,
  applyAction,
  chooseMove,
  legalMoves,
} from '@flightchess/rules';
import type { GameSource, GameUpdate, GameView, Intent, SeatView } from '../adapter/types';
import type { Scheduler } from '../util/ports';
import type { OfflineStore, SavedGame } from './store';

/** Who plays a seat in an offline game: a person at this device, or a bot. */
export type SeatPlayer = 'human' | 'heuristic' | 'strong';

export interface LocalGameDeps {
  readonly store: OfflineStore;
  readonly die: () => number;
  readonly scheduler: Scheduler;
  /** Pause before a bot (or auto-play, or a forced move) rolls, and between its roll and its move. */
  readonly botDelayMs: number;
}

function botOf(player: SeatPlayer | undefined): BotName {
  return player === 'heuristic' ? 'heuristic' : 'strong';
}

/**
 * An offline game: the rules engine runs in the page, bots and auto-play (托管) move by themselves, a
 * forced move is played after a short pause (RULES.md §9.10, as the server does), and every action is
 * saved so an unfinished game can be continued after a reload.
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
    const seat = this.state.current;
    switch (intent.type) {
      case 'roll':
        if (this.isHumanTurn()) this.apply({ type: 'roll', seat, value: this.deps.die() });
        return;
      case 'move':
        if (this.isHumanTurn()) this.apply({ type: 'move', seat, plane: intent.plane });
        return;
      case 'auto-play':
        if (this.saved.players[intent.seat] !== 'human') return;
        if (intent.on) this.autoPlay.add(intent.seat);
        else this.autoPlay.delete(intent.seat);
        this.save();
        this.emit([]);
        this.schedule();
        return;
      case 'resign':
        this.apply({ type: 'resign', seat: intent.seat });
        return;
      case 'offer-draw':
        this.apply({ type: 'offer-draw', seat: intent.seat });
        return;
      case 'answer-draw':
        this.apply({ type: 'answer-draw', seat: intent.seat, accept: intent.accept });
        return;
      case 'answer-resign':
        this.apply({ type: 'answer-resign', seat: intent.seat, accept: intent.accept });
        return;
    }
  }

  private isHumanTurn(): boolean {
    const seat = this.state.current;
    return this.saved.players[seat] === 'human' && !this.autoPlay.has(seat);
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

  /** Let a bot, auto-play or a forced move act after a visible pause. */
  private schedule(): void {
    this.cancelTimer?.();
    this.cancelTimer = null;
    const { state } = this;
    if (state.phase === 'over') return;
    const seat = state.current;
    const automatic = !this.isHumanTurn();
    const forced = state.phase === 'move' && legalMoves(state).length === 1;
    if (!automatic && !forced) return;
    this.cancelTimer = this.deps.scheduler.after(this.deps.botDelayMs, () => {
      this.cancelTimer = null;
      if (this.state !== state) return;
      if (state.phase === 'roll') {
        this.apply({ type: 'roll', seat, value: this.deps.die() });
        return;
      }
      const move = chooseMove(state, botOf(this.saved.players[seat]));
      if (move) this.apply({ type: 'move', seat, plane: move.plane });
    });
  }

  private view(): GameView {
    const seats: SeatView[] = this.state.seats.map((colour) => {
      const player = this.saved.players[colour];
      return {
        colour,
        name: this.saved.names[colour] ?? '',
        kind: player === 'human' ? 'human' : 'bot',
        connected: true,
        autoPlay: this.autoPlay.has(colour),
        local: player === 'human',
      };
    });
    return { mode: 'offline', state: this.state, seats, turnDeadline: null, viewer: null };
  }
}
