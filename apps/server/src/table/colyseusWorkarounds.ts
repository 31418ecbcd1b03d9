import { type Client, type ClientPrivate, ClientState, Protocol, type Room, type SchemaSerializer } from '@colyseus/core';
import type { Encoder, Schema } from '@colyseus/schema';
import type { WebSocketTransport } from '@colyseus/ws-transport';
import type WebSocket from 'ws';
import { STATE_BUFFER_BYTES } from './schema';

/**
 * Every place the server reaches into Colyseus 0.16 (or ws under it) beyond its public API, each with
 * why. test/integration/colyseusWorkarounds.test.ts asserts, for each, that the insides relied upon are still there
 * and behave so: an upgrade that changes them fails there, not in a game.
 */

/** What a Colyseus 0.16 room keeps to itself and the workarounds below reach. */
interface RoomInsides {
  _serializer: SchemaSerializer<Schema>;
  _autoDisposeTimeout?: unknown;
  reservedSeatTimeouts: Record<string, NodeJS.Timeout>;
  resetAutoDisposeTimeout(seconds?: number): void;
  _onMessage(client: Client & ClientPrivate, buffer: Buffer): void;
}
type AnyRoom = Room;
const insidesOf = (room: AnyRoom) => room as unknown as RoomInsides;

/** The process's two encode buffers, for patches and for the full state a joining client gets: every table's (ownPatches). */
const sharedPatchBuffer = Buffer.allocUnsafe(STATE_BUFFER_BYTES);
const sharedFullBuffer = Buffer.allocUnsafe(STATE_BUFFER_BYTES);
sharedFullBuffer[0] = Protocol.ROOM_STATE;
/** The schema's description every client gets as it joins: the same for every table (one state class), kept once. */
let sharedHandshake: Buffer | undefined;

/** A copy of its own, of its exact size: a small Buffer.from shares one of Node's 8 KB pool slabs, and keeps all of it alive as long as it lives. */
const keptCopy = (bytes: Uint8Array): Buffer => {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  copy.set(bytes);
  return copy;
};

/**
 * Colyseus encodes every state patch (and the full state a joining client gets) into the encoder's one
 * reusable buffer and sends a view of it; ws queues a frame it cannot write at once by reference. So a
 * write that waits — a slow client's full socket, or the table's cork (table.ts) — went out with the bytes of a
 * later patch, and that client's state was corrupt. Each encoding gets its own copy (tens of bytes). Since
 * nothing then keeps a view of them, no table needs buffers of its own either: every table encodes into the
 * process's two (encoding is synchronous), which saves the 2 × 4 KB each table held. The full state, which a
 * table keeps until it changes, is copied to a buffer of its own size; and the handshake (the schema's
 * description, a view of a 4 KB buffer Colyseus makes for each table) is made once for the process.
 */
export function ownPatches(serializer: SchemaSerializer<Schema>): void {
  const insides = serializer as unknown as { encoder: Encoder; fullEncodeBuffer: Buffer; handshake(): Buffer };
  const { encoder } = insides;
  const encode = encoder.encode.bind(encoder);
  encoder.encode = (...args: Parameters<Encoder['encode']>) => Buffer.from(encode(...args));
  const encodeAll = encoder.encodeAll.bind(encoder);
  encoder.encodeAll = (...args: Parameters<Encoder['encodeAll']>) => keptCopy(encodeAll(...args));
  encoder.sharedBuffer = sharedPatchBuffer;
  insides.fullEncodeBuffer = sharedFullBuffer;
  const handshake = insides.handshake.bind(serializer);
  insides.handshake = () => (sharedHandshake ??= keptCopy(handshake()));
}

/** The serializer of a room whose state is set (Colyseus keeps it private): for ownPatches. */
export const serializerOf = (room: AnyRoom): SchemaSerializer<Schema> => insidesOf(room)._serializer;

/**
 * Colyseus 0.16 decodes a frame's message type outside any try/catch and looks its handler up in a plain
 * object (`__proto__` reached Object.prototype and crashed the process). The room reads every frame
 * itself (frames.ts) and hands Colyseus (`colyseus`) only its own handshake and leave frames. Colyseus
 * binds `room._onMessage` to each client when it joins: install this before anyone does (in onCreate).
 */
export function readFramesFirst(room: AnyRoom, read: (client: Client, buffer: Buffer, colyseus: () => void) => void): void {
  const insides = insidesOf(room);
  const colyseus = insides._onMessage.bind(room);
  insides._onMessage = (client, buffer) => {
    if (client.state === ClientState.LEAVING) return;
    read(client, buffer, () => colyseus(client, buffer));
  };
}

/**
 * Colyseus 0.16 clears its dispose timer when autoDispose turns false but keeps the timer's handle,
 * and never disposes a room that still has one: a table whose next game started within a second of
 * the last result could then never close (shutdown hung). Forget the handle with the timer.
 */
export function forgetStoppedDisposeTimer(room: AnyRoom): void {
  const insides = insidesOf(room);
  const reset = insides.resetAutoDisposeTimeout.bind(room);
  insides.resetAutoDisposeTimeout = (seconds?: number) => {
    reset(seconds);
    if (!room.autoDispose) insides._autoDisposeTimeout = undefined;
  };
}

/**
 * Colyseus starts a dispose timer and a clock before onCreate, and drops a room whose onCreate
 * failed without stopping them: stop them before refusing, or every refused table leaks both.
 */
export function stopBeforeRefusal(room: AnyRoom): void {
  room.autoDispose = false;
  room.clock.stop();
}

/** A seat held for a dropped client keeps a timer (up to the reconnection time) that disposal leaves running: cleared so nothing outlives the table. */
export function clearHeldSeats(room: AnyRoom): void {
  for (const handle of Object.values(insidesOf(room).reservedSeatTimeouts)) clearTimeout(handle);
}

/** The TCP socket under a Colyseus websocket client (ws keeps it as `_socket`): the table corks it (table.ts). */
export interface Corkable {
  cork(): void;
  uncork(): void;
}
export const socketOf = (client: Client): Corkable | undefined => (client as unknown as { ref?: { _socket?: Corkable } }).ref?._socket;

/** The websocket server behind Colyseus' transport (it keeps it to itself): for the heartbeat and the per-address socket limit. */
export const websocketServerOf = (transport: WebSocketTransport) => (transport as unknown as { wss: WebSocket.Server }).wss;
