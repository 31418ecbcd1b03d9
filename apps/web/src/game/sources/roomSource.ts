import type { GameEvent } from '@flightchess/rules';
import { gameView } from '../tableView';
import type { GameSource, GameUpdate, GameView, Intent } from '../types';
import type { TableConnection } from '../../net/tableConnection';

/**
 * The game as a room shows it: the client's engine replica (each applied action with its events) and
 * the table's seat facts become game views; intents become room messages carrying the newest state
 * version this client has received.
 */
export class RoomSource implements GameSource {
  private last: GameUpdate | null = null;
  private readonly listeners = new Set<(update: GameUpdate) => void>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly connection: TableConnection,
    private readonly playerId: string,
  ) {
    this.update([], false);
    this.unsubscribe = [
      connection.onState(() => this.update([], true)),
      connection.onGame((change) => this.update(change.events, true)),
      connection.onStatus(() => this.update([], true)),
    ];
  }

  dispose(): void {
    for (const stop of this.unsubscribe) stop();
  }

  current(): GameUpdate | null {
    return this.last;
  }

  subscribe(listener: (update: GameUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(intent: Intent): void {
    const version = this.connection.game()?.version ?? 0;
    const c = this.connection;
    switch (intent.type) {
      case 'roll':
        return c.send('roll', { version });
      case 'move':
        return c.send('move', { version, plane: intent.plane });
      case 'auto-play':
        return c.send('auto-play', { on: intent.on });
      case 'resign':
        return c.send('resign', { version });
      case 'offer-draw':
        return c.send('offer-draw', { version });
      case 'answer-draw':
        return c.send('answer-draw', { version, accept: intent.accept });
      case 'answer-resign':
        return c.send('answer-resign', { version, accept: intent.accept });
    }
  }

  private update(events: readonly GameEvent[], notify: boolean): void {
    const state = this.connection.game();
    if (!state) return;
    const view = gameView(this.connection.table(), state, this.playerId, this.connection.live);
    const changed = events.length > 0 || !sameView(view, this.last?.view);
    this.last = { view, events };
    if (notify && changed) for (const listener of this.listeners) listener(this.last);
  }
}

/** Identical views (a patch that changed nothing the game screen shows) are not passed on. */
function sameView(a: GameView, b: GameView | undefined): boolean {
  return (
    b !== undefined &&
    a.state === b.state &&
    a.turnDeadline === b.turnDeadline &&
    a.answerDeadline === b.answerDeadline &&
    a.linkDown === b.linkDown &&
    JSON.stringify(a.seats) === JSON.stringify(b.seats)
  );
}
