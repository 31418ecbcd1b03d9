import type { Client } from '@colyseus/core';
import type { Colour, Intent } from '@flightchess/rules';
import {
  CLOSE_CODES,
  type ClientMessage,
  type ClientMessageType,
  type Rejection,
  type ServerMessages,
  isClientMessageType,
  parseClientMessage,
  reject,
} from '@flightchess/protocol';
import { metrics } from '../core/metrics';
import type { PlayerRecord } from '../players/playerRepository';
import { readFrame } from './frames';
import { NOT_SEATED } from './gathering';
import { RateLimiter } from './rateLimiter';
import type { Table } from './table';

/**
 * What the clients of one table send: each frame read without throwing (frames.ts), rate-limited,
 * parsed by the protocol's own table of message types, and handed to its handler (below) in the table's
 * queue; a refusal answers the sender only, with one log line, and changes nothing.
 */
export class Inbox {
  private readonly limiter: RateLimiter;
  private readonly handlers: Handlers;

  constructor(private readonly t: Table) {
    this.limiter = new RateLimiter(t.deps.config.maxMessagesPerSecond);
    this.handlers = messageHandlers(t);
  }

  /** One frame from a client; Colyseus (`colyseus`) reads only its own handshake and leave frames. */
  frame(client: Client, buffer: Buffer, colyseus: () => void): void {
    try {
      const frame = readFrame(buffer);
      if (frame.kind === 'protocol') {
        colyseus();
      } else if (frame.kind === 'bad') {
        this.t.log.warn(
          { event: 'bad-frame', seat: this.t.seating.colourOf(client.sessionId), reason: frame.reason },
          'undecodable frame: connection closed',
        );
        client.leave(CLOSE_CODES.badFrame, `ERR_BAD_FRAME: ${frame.reason}`);
      } else {
        this.receive(client, frame.type, frame.payload);
      }
    } catch (error) {
      this.t.report(error, 'message');
    }
  }

  /** The connection closed. */
  forget(sessionId: string): void {
    this.limiter.forget(sessionId);
  }

  private receive(client: Client, type: string, payload: unknown): void {
    const { devices } = this.t;
    if (!devices.counts(client.sessionId)) return; // a device signed out: nothing it sends counts
    const { allowed, notify } = this.limiter.take(client.sessionId);
    if (allowed) {
      const arrived = performance.now();
      const reply = async () => {
        if (!devices.counts(client.sessionId)) return; // signed out while this waited in the queue
        const rejection = await this.answer(client, type, payload);
        if (rejection) this.refuse(client, type, rejection);
        else if (type === 'roll' || type === 'move') metrics.actionLatency.observe((performance.now() - arrived) / 1000);
      };
      // A ping asks whether the link is alive, whatever the table is busy with: answered at once, outside the queue.
      void (type === 'ping' ? reply() : this.t.run(reply));
    } else if (notify) {
      this.refuse(
        client,
        type,
        reject('ERR_RATE_LIMITED', `more than ${this.t.deps.config.maxMessagesPerSecond} messages a second: slow down`),
      );
    }
  }

  /** One message, in its turn in the queue: a refusal (nothing changed) or null (done). */
  private async answer(client: Client, type: string, payload: unknown): Promise<Rejection | null> {
    if (!isClientMessageType(type)) return reject('ERR_UNKNOWN_MESSAGE', `unknown message type '${type.slice(0, 40)}'`);
    const watching = this.t.watchers.refusal(client.sessionId, type);
    if (watching) return watching;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return parsed.error;
    if (this.t.play.stopped) return reject('ERR_SHUTTING_DOWN', 'the server is restarting: you will be back in a moment');
    const handle = this.handlers[type] as (client: Client, message: unknown) => Rejection | null | Promise<Rejection | null>;
    return handle(client, parsed.value);
  }

  /** Answer the sender only, log one line, change nothing. */
  private refuse(client: Client, type: string, rejection: Rejection): void {
    const request = type.slice(0, 40);
    client.send('error', { ...rejection, request } satisfies ServerMessages['error']);
    metrics.rejected.inc({ code: rejection.code });
    this.t.log.warn(
      {
        event: 'action-rejected',
        seat: this.t.seating.colourOf(client.sessionId),
        request,
        code: rejection.code,
        reason: rejection.message,
      },
      'action rejected',
    );
  }
}

/** A handler for every message type a client may send (the compiler asks for a new one): a refusal, or null when done. */
export type Handlers = {
  [T in ClientMessageType]: (client: Client, message: ClientMessage<T>) => Rejection | null | Promise<Rejection | null>;
};

const NO_GAME_YET = reject('ERR_NOT_STARTED', 'no game has started at this table yet: its snapshot comes when it starts');

/** What each message a client sends does at a table, once it is read, parsed and allowed. */
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
        if (play.match?.state.out[seat] || play.match?.personGone(seat)) return reject('ERR_NOT_IN_GAME', `${seat} is no longer playing`);
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
