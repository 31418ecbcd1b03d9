import type { ClientMessage, MatchRecord } from '@flightchess/protocol';
import type { Colour, GameEvent } from '@flightchess/rules';
import { gameView } from '../gameView';
import type { GameSource, GameUpdate, GameView, Intent } from '../types';
import { ReplaySource } from './replaySource';
import type { TableConnection } from '../../online/tableConnection';

/**
 * The game as a room shows it: the client's engine replica (each applied action with its events and the
 * clock after it) and the table's seat facts become game views; intents become room messages carrying the newest state
 * version this client has received.
 */
export class RoomSource implements GameSource {
  private last: GameUpdate | null = null;
  private readonly listeners = new Set<(update: GameUpdate) => void>();
  private readonly unsubscribe: (() => void)[];

  constructor(
    private readonly connection: TableConnection,
    private readonly playerId: string,
    /** The stored match (its action log), as this player may read it. */
    private readonly record?: (matchId: string) => Promise<MatchRecord>,
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
    const c = this.connection;
    if (intent.type === 'auto-play') return c.send('auto-play', { on: intent.on });
    // The intent goes as it is, with the newest version this client has received: the room knows the
    // seat, and makes the action of it with the rules' own intentAction (as an offline game does).
    const { type, ...fields } = intent;
    const { seat: _seat, ...asked } = fields as typeof fields & { readonly seat?: Colour };
    c.send(type, { ...asked, version: c.game()?.version ?? 0 } as ClientMessage<typeof type>);
  }

  async history(): Promise<readonly (readonly GameEvent[])[]> {
    const matchId = this.connection.table().matchId;
    if (!matchId || !this.record) return [];
    const match = await this.record(matchId);
    return ReplaySource.of(match.setup, match.actions)?.actionEvents ?? [];
  }

  private update(events: readonly GameEvent[], notify: boolean): void {
    const state = this.connection.game();
    if (!state) return;
    const view = gameView(this.connection.table(), state, this.playerId, this.connection.live, this.connection.clock());
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
