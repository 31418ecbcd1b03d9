import { CLOSE_CODES } from '@flightchess/protocol';
import type { GameState } from '@flightchess/rules';
import type { Room } from 'colyseus.js';
import { type Reconnector, TableConnection } from '../src/online/tableConnection';
import { ManualScheduler, gameOf } from './support';

/** A table as the server syncs it (apps/server schema: table and seat facts only). */
export function rawTable(status: 'waiting' | 'playing' | 'over', extra: Record<string, unknown> = {}) {
  return {
    preset: 'online',
    options: '{}',
    size: 2,
    teams: false,
    base: 10,
    turnSeconds: 15,
    private: true,
    code: 'ACDEFG',
    status,
    hostId: 'p1',
    matchId: status === 'waiting' ? '' : 'm1',
    seats: {
      red: { colour: 'red', kind: 'human', playerId: 'p1', name: '小红', ready: true, connected: true, autoPlay: false },
      yellow: { colour: 'yellow', kind: 'human', playerId: 'p2', name: 'Yellow', ready: false, connected: false, autoPlay: true },
    },
    result: { reason: '', winner: '', winners: [], recorded: false },
    ...extra,
  };
}

export const start = () => gameOf({ preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red' });

/** A stand-in for a colyseus.js Room: the test plays the server side. */
export class FakeRoom {
  sent: [string, unknown][] = [];
  private stateCbs: ((s: unknown) => void)[] = [];
  private leaveCbs: ((code: number) => void)[] = [];
  private messageCbs = new Map<string, (m: unknown) => void>();
  constructor(
    readonly roomId: string,
    public state: unknown,
    readonly reconnectionToken = `${roomId}:token`,
  ) {}
  onStateChange(cb: (s: unknown) => void) {
    this.stateCbs.push(cb);
  }
  onLeave(cb: (code: number) => void) {
    this.leaveCbs.push(cb);
  }
  onMessage(type: string, cb: (m: unknown) => void) {
    this.messageCbs.set(type, cb);
  }
  send(type: string, payload: unknown) {
    this.sent.push([type, payload]);
  }
  /** How each leave was asked for: consented (on purpose) or not (a close without a word). */
  left: boolean[] = [];
  async leave(consented = true) {
    this.left.push(consented);
    const code = consented ? CLOSE_CODES.consented : 1006;
    this.drop(code);
    return code;
  }
  removeAllListeners() {
    this.stateCbs = [];
    this.leaveCbs = [];
    this.messageCbs.clear();
  }
  sync(state: unknown) {
    this.state = state;
    for (const cb of this.stateCbs) cb(state);
  }
  drop(code: number) {
    for (const cb of this.leaveCbs) cb(code);
  }
  message(type: string, m: unknown) {
    this.messageCbs.get(type)?.(m);
  }
}

export const asRoom = (r: FakeRoom) => r as unknown as Room;
export const nowhere: Reconnector = { reconnect: () => Promise.reject(new Error('no')), rejoin: () => Promise.reject(new Error('no')) };

/** A connection to a table in play whose client has the game at `state` (its snapshot). */
export function playing(state: GameState = start()) {
  const room = new FakeRoom('r1', rawTable('playing'));
  const scheduler = new ManualScheduler();
  const conn = new TableConnection(asRoom(room), nowhere, scheduler, scheduler.now);
  room.message('snapshot', { matchId: 'm1', state });
  return { room, conn };
}
