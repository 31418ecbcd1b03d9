import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type Client, Room, SchemaSerializer } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import WebSocket from 'ws';
import {
  clearHeldSeats,
  forgetStoppedDisposeTimer,
  ownPatches,
  readFramesFirst,
  serializerOf,
  socketOf,
  stopBeforeRefusal,
  websocketServerOf,
} from '../../src/table/colyseusWorkarounds';
import { TableState } from '../../src/table/schema';

/**
 * Each workaround of table/colyseusWorkarounds.ts against the Colyseus (and ws) installed: the insides it
 * reaches are still there and still behave as relied upon. A failure here after an upgrade says which
 * workaround to look at again (and, where Colyseus fixed the bug, that it can go).
 */

/** What the tests read of a room's insides. */
interface Insides {
  _autoDisposeTimeout?: unknown;
  reservedSeatTimeouts: Record<string, NodeJS.Timeout>;
  _onMessage(client: unknown, buffer: Buffer): void;
  __init(): void;
}

class BareRoom extends Room<TableState> {}
const made: Room[] = [];
const insidesOf = (room: Room) => room as unknown as Insides;

/** A room as the matchmaker makes it, before onCreate: Colyseus' own set-up done (clock and dispose timer started). */
function bareRoom(): BareRoom {
  const room = new BareRoom();
  insidesOf(room).__init();
  made.push(room);
  return room;
}

afterEach(() => {
  for (const room of made.splice(0)) {
    room.setPatchRate(null);
    room.clock.stop();
    clearTimeout(insidesOf(room)._autoDisposeTimeout as NodeJS.Timeout);
  }
});

describe('Colyseus insides the table relies on', () => {
  test('serializerOf: a room with state keeps a schema serializer with an encoder, which ownPatches patches (schema.test.ts shows what for)', () => {
    const room = bareRoom();
    room.setState(new TableState());
    const serializer = serializerOf(room);
    expect(serializer).toBeInstanceOf(SchemaSerializer);
    const { encoder } = serializer as unknown as { encoder: { encode(): Uint8Array } };
    const encode = encoder.encode;
    expect(typeof encode).toBe('function');
    ownPatches(serializer);
    expect(encoder.encode).not.toBe(encode);
  });

  test('readFramesFirst: Colyseus binds room._onMessage to each client as it joins, so the room reads every frame first and hands Colyseus its own', () => {
    const onJoin = (Room.prototype as unknown as { _onJoin: () => unknown })._onJoin.toString();
    expect(onJoin).toContain('this._onMessage.bind(this, client)');
    const room = bareRoom();
    const colyseus = jest.spyOn(Room.prototype as unknown as Insides, '_onMessage').mockImplementation(() => undefined);
    try {
      const read = jest.fn((_client: Client, _buffer: Buffer, toColyseus: () => void) => toColyseus());
      readFramesFirst(room, read);
      const client = { sessionId: 's', state: 1 /* JOINED */ };
      insidesOf(room)._onMessage(client, Buffer.from([13]));
      expect(read).toHaveBeenCalledTimes(1);
      expect(colyseus).toHaveBeenCalledTimes(1);
      insidesOf(room)._onMessage({ ...client, state: 3 /* LEAVING */ }, Buffer.from([13]));
      expect(read).toHaveBeenCalledTimes(1); // a leaving client's frames are dropped, as Colyseus does
    } finally {
      colyseus.mockRestore();
    }
  });

  test('forgetStoppedDisposeTimer: Colyseus keeps the handle of a dispose timer it cleared (and then never disposes); the workaround forgets it', () => {
    const plain = bareRoom();
    expect(insidesOf(plain)._autoDisposeTimeout).toBeDefined();
    plain.autoDispose = false;
    // Still the bug: if this fails, Colyseus forgets the handle itself and the workaround can go.
    expect(insidesOf(plain)._autoDisposeTimeout).toBeDefined();

    const room = bareRoom();
    forgetStoppedDisposeTimer(room);
    room.autoDispose = false;
    expect(insidesOf(room)._autoDisposeTimeout).toBeUndefined();
    room.autoDispose = true;
    expect(insidesOf(room)._autoDisposeTimeout).toBeDefined();
  });

  test('stopBeforeRefusal: the clock and the dispose timer run before onCreate, and stop', () => {
    const room = bareRoom();
    expect(room.clock.running).toBe(true);
    expect(insidesOf(room)._autoDisposeTimeout).toBeDefined();
    stopBeforeRefusal(room);
    expect(room.clock.running).toBe(false);
    expect(room.autoDispose).toBe(false);
  });

  test('clearHeldSeats: a seat held for a dropped client has its timer in reservedSeatTimeouts, and clearing it leaves nothing to fire', async () => {
    jest.useFakeTimers();
    try {
      const room = bareRoom();
      const dropped = { sessionId: 'held', reconnectionToken: 'token', auth: {} } as unknown as Client;
      const reconnection = room.allowReconnection(dropped, 60);
      const outcome = jest.fn();
      reconnection.then(outcome).catch(outcome);
      expect(Object.keys(insidesOf(room).reservedSeatTimeouts)).toEqual(['held']);
      clearHeldSeats(room);
      await jest.advanceTimersByTimeAsync(61_000);
      expect(outcome).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  test("socketOf: a websocket client's TCP socket (ws' _socket) can be corked", async () => {
    const server = new WebSocket.Server({ port: 0, host: '127.0.0.1' });
    try {
      await once(server, 'listening');
      const connected = once(server, 'connection') as Promise<[WebSocket]>;
      const peer = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const [ws] = await connected;
      await once(peer, 'open');
      const socket = socketOf({ ref: ws } as unknown as Client);
      expect(typeof socket?.cork).toBe('function');
      expect(typeof socket?.uncork).toBe('function');
      peer.close();
      await once(peer, 'close');
    } finally {
      server.close();
    }
  });

  test("websocketServerOf: the transport's own websocket server", () => {
    const transport = new WebSocketTransport({ noServer: true, pingInterval: 0 });
    try {
      expect(websocketServerOf(transport)).toBeInstanceOf(WebSocket.Server);
    } finally {
      websocketServerOf(transport).close();
    }
  });
});
