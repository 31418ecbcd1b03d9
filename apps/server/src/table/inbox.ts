import type { Client } from '@colyseus/core';
import { CLOSE_CODES, type Rejection, type ServerMessages, isClientMessageType, parseClientMessage, reject } from '@flightchess/protocol';
import { metrics } from '../core/metrics';
import { readFrame } from './frames';
import { type Handlers, messageHandlers } from './messageHandlers';
import { RateLimiter } from './rateLimiter';
import type { Table } from './table';

/**
 * What the clients of one table send: each frame read without throwing (frames.ts), rate-limited,
 * parsed by the protocol's own table of message types, and handed to its handler in the table's queue;
 * a refusal answers the sender only, with one log line, and changes nothing.
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
