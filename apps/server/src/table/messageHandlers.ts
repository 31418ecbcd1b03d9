import type { Client } from '@colyseus/core';
import type { Colour, Intent } from '@flightchess/rules';
import { type ClientMessage, type ClientMessageType, type Rejection, type ServerMessages, reject } from '@flightchess/protocol';
import type { PlayerRecord } from '../players/playerRepository';
import { NOT_SEATED } from './gathering';
import type { Table } from './table';

/** A handler for every message type a client may send (the compiler asks for a new one): a refusal, or null when done. */
export type Handlers = {
  [T in ClientMessageType]: (client: Client, message: ClientMessage<T>) => Rejection | null | Promise<Rejection | null>;
};

const NO_GAME_YET = reject('ERR_NOT_STARTED', 'no game has started at this table yet: its snapshot comes when it starts');

/** What each message a client sends does at a table, once it is read, parsed and allowed (TableRoom's dispatch). */
export function messageHandlers(t: Table): Handlers {
  const { state, play, seats, gathering } = t;
  /** Run `then` for the client's seat; refused for a client without one. */
  const seated = <T>(client: Client, then: (seat: Colour) => T): T | Rejection => {
    const seat = seats.seatOf(client);
    return seat ? then(seat) : NOT_SEATED;
  };
  const act = (client: Client, m: Intent & { readonly version: number }) => seated(client, (seat) => play.playerAction(seat, m));
  const send = <T extends keyof ServerMessages>(client: Client, type: T, message: ServerMessages[T]) => client.send(type, message);
  return {
    'pick-colour': (client, m) => gathering.pickColour(client.sessionId, m.colour),
    ready: (client, m) => seated(client, (seat) => gathering.setReady(seat, m.ready)),
    'add-bot': (client, m) => gathering.hostBeforeGame(seats.seatOf(client)) ?? gathering.addBot(m.bot ?? 'strong', m.colour),
    'remove-bot': (client, m) => gathering.hostBeforeGame(seats.seatOf(client)) ?? gathering.removeBot(m.colour),
    start: (client) => gathering.hostBeforeGame(seats.seatOf(client)) ?? gathering.startNow(seats.seatOf(client)!),
    'auto-play': (client, m) =>
      seated(client, (seat) => {
        if (state.status !== 'playing') return reject('ERR_NOT_STARTED', 'auto-play is for a game in progress');
        if (play.match?.state.out[seat]) return reject('ERR_NOT_IN_GAME', `${seat} is no longer playing`);
        return play.setAutoPlay(seat, m.on, 'player');
      }),
    roll: (client, m) => act(client, { type: 'roll', ...m }),
    move: (client, m) => act(client, { type: 'move', ...m }),
    resign: (client, m) => act(client, { type: 'resign', ...m }),
    'answer-resign': (client, m) => act(client, { type: 'answer-resign', ...m }),
    'offer-draw': (client, m) => act(client, { type: 'offer-draw', ...m }),
    'answer-draw': (client, m) => act(client, { type: 'answer-draw', ...m }),
    rematch: (client) => seated(client, (seat) => gathering.rematch(seat)),
    phrase: (client, m) => seated(client, (seat) => t.phrases.say(client, seat, m.phrase)),
    sit: (client, m) =>
      t.watchers.sitting(client.sessionId) ??
      seats.sitDown(client, client.auth as PlayerRecord, m.colour).then((r) => (r === 'seated' ? null : r)),
    ping: (client) => {
      const game = play.match?.state;
      send(client, 'pong', game ? { version: game.version } : {});
      return null;
    },
    sync: (client) => {
      const snapshot = play.snapshot();
      // Always an answer: a client that waits for its snapshot learns that it comes when the game starts.
      // Every client asks on joining, so this is an answer, not a refusal to log and count.
      if (snapshot) send(client, 'snapshot', snapshot);
      else send(client, 'error', { ...NO_GAME_YET, request: 'sync' });
      const missed = seats.missedBy(client.sessionId);
      if (missed) send(client, 'returned', missed);
      return null;
    },
  };
}
