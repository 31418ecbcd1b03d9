import type { GameState } from '@flightchess/rules';
import { type TableSnapshot, tableUpdate } from '../adapter/tableView';
import type { GameSource, GameUpdate, Intent } from '../adapter/types';
import type { TableConnection } from './connection';

/**
 * The game as a room shows it: each synced snapshot becomes a game update (engine state replica plus
 * the last action's events); intents become room messages carrying the state version they were made on.
 */
export class RoomSource implements GameSource {
  private last: GameUpdate | null = null;
  private game: GameState | null = null;
  private readonly listeners = new Set<(update: GameUpdate) => void>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly connection: TableConnection,
    private readonly playerId: string,
  ) {
    this.take(connection.table(), false);
    this.unsubscribe = connection.onState((table) => this.take(table, true));
  }

  dispose(): void {
    this.unsubscribe();
  }

  current(): GameUpdate | null {
    return this.last;
  }

  subscribe(listener: (update: GameUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(intent: Intent): void {
    const version = this.game?.version ?? 0;
    switch (intent.type) {
      case 'roll':
        this.connection.send('roll', { version });
        return;
      case 'move':
        this.connection.send('move', { version, plane: intent.plane });
        return;
      case 'auto-play':
        this.connection.send('auto-play', { on: intent.on });
        return;
      case 'resign':
        this.connection.send('resign', { version });
        return;
      case 'offer-draw':
        this.connection.send('offer-draw', { version });
        return;
      case 'answer-draw':
        this.connection.send('answer-draw', { version, accept: intent.accept });
        return;
      case 'answer-resign':
        this.connection.send('answer-resign', { version, accept: intent.accept });
        return;
    }
  }

  private take(table: TableSnapshot, notify: boolean): void {
    const update = tableUpdate(this.game, table, this.playerId);
    if (!update) return;
    const sameGame = this.game !== null && update.view.state.version === this.game.version;
    const sameSeats = JSON.stringify(update.view.seats) === JSON.stringify(this.last?.view.seats);
    const sameDeadline = update.view.turnDeadline === this.last?.view.turnDeadline;
    this.game = update.view.state;
    this.last = update;
    // Seat changes (connection, auto-play, timer) matter too; identical snapshots do not.
    if (notify && !(sameGame && sameSeats && sameDeadline)) {
      for (const listener of this.listeners) listener(sameGame ? { view: update.view, events: [] } : update);
    }
  }
}
