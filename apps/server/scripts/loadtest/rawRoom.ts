import { pack, unpack } from '@colyseus/msgpackr';
import { type Decoder, type Iterator, Reflection, decode, encode } from '@colyseus/schema';
import { Protocol } from 'colyseus.js';
import { Agent, request } from 'node:http';
import WebSocket from 'ws';

/**
 * The generator's HTTP requests share a few kept-alive connections: the server holds a table's four sockets each
 * as a file, and a process may open only so many (`ulimit -n`), so requests must not take the last ones.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** POST a JSON body, and read the JSON answer with its status. */
export function postJson(url: string, body: object): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Colyseus 0.16's frame kinds a client reads or writes (its client's own names for them). */
const { JOIN_ROOM, ERROR, LEAVE_ROOM, ROOM_DATA, ROOM_STATE, ROOM_STATE_PATCH } = Protocol;

/** What the matchmaker answers a create or join with. */
interface SeatReservation {
  /** publicAddress: behind a proxy, the address that reaches the room's process (its PUBLIC_ADDRESS). */
  readonly room: { readonly roomId: string; readonly processId: string; readonly publicAddress?: string };
  readonly sessionId: string;
  readonly error?: string;
}

/** A message type as Colyseus writes it (a schema string), once per type. */
const typeBytes = new Map<string, Buffer>();
function typeOf(type: string): Buffer {
  let bytes = typeBytes.get(type);
  if (!bytes) {
    const it: Iterator = { offset: 0 };
    const scratch = Buffer.alloc(8 + Buffer.byteLength(type));
    encode.string(scratch, type, it);
    typeBytes.set(type, (bytes = Buffer.from(scratch.subarray(0, it.offset))));
  }
  return bytes;
}

/**
 * One room connection as colyseus.js 0.16 makes it, with only what a generated player needs: the matchmaker's seat
 * reservation over HTTP, the socket, the join acknowledged, messages in and out (msgpack). The synced state is decoded
 * only when asked (`withState`): a table's players all see the same, so one decoder per table is enough — where
 * colyseus.js keeps a decoder, a state and its callbacks for every connection.
 */
export class RawRoom {
  private decoder: Decoder | null = null;
  private leaving = false;
  /** Each message as it comes: its type and body. */
  onMessage: (type: string, message: unknown) => void = () => undefined;
  /** The synced state changed (only with `withState`). */
  onState: () => void = () => undefined;
  /** The server sent an error (Colyseus' own, not a refusal: those are messages). */
  onError: () => void = () => undefined;
  /** Bytes of every frame received. */
  onBytes: (bytes: number) => void = () => undefined;
  /** The connection closed; `asked` when this side left. */
  onClose: (asked: boolean) => void = () => undefined;

  private constructor(
    private readonly ws: WebSocket,
    readonly roomId: string,
    private readonly withState: boolean,
  ) {}

  /** Reserve a seat (`create` a room of that name, or `joinById`) and connect; resolves once the server has taken the join. */
  static async join(baseUrl: string, method: 'create' | 'joinById', target: string, options: object, withState: boolean): Promise<RawRoom> {
    const res = await postJson(`${baseUrl}/matchmake/${method}/${target}`, options);
    const reservation = res.body as SeatReservation;
    if (res.status !== 200 || reservation.error) throw new Error(`${method}: HTTP ${res.status} ${reservation.error ?? ''}`);
    const { roomId, processId, publicAddress } = reservation.room;
    const reserved = Date.now();
    const origin = publicAddress ? `ws://${publicAddress}` : baseUrl.replace(/^http/, 'ws');
    const ws = new WebSocket(`${origin}/${processId}/${roomId}?sessionId=${reservation.sessionId}`, {
      perMessageDeflate: false,
    });
    const room = new RawRoom(ws, roomId, withState);
    return new Promise((resolve, reject) => {
      let joined = false;
      ws.on('message', (data: Buffer) => {
        if (!joined && data[0] === JOIN_ROOM) {
          joined = true;
          room.joined(data);
          resolve(room);
        } else if (!joined && data[0] === ERROR) {
          const it: Iterator = { offset: 1 };
          reject(
            new Error(
              `join refused ${Date.now() - reserved} ms after the reservation: ${decode.number(data, it)} ${decode.string(data, it)}`,
            ),
          );
        } else if (joined) {
          room.receive(data);
        }
      });
      ws.on('error', (error) => !joined && reject(error));
      ws.on('close', (code) => (joined ? room.onClose(room.leaving) : reject(new Error(`closed before joining (${code})`))));
    });
  }

  /** The join frame: the reconnection token and the serializer's name, then the state's types, which make the decoder. */
  private joined(data: Buffer): void {
    const it: Iterator = { offset: 1 };
    decode.utf8Read(data, it, data[it.offset++]!);
    decode.utf8Read(data, it, data[it.offset++]!);
    if (this.withState) this.decoder = Reflection.decode(data, it);
    this.ws.send(Buffer.of(JOIN_ROOM));
  }

  private receive(data: Buffer): void {
    this.onBytes(data.byteLength);
    const kind = data[0];
    if (kind === ROOM_DATA) {
      const it: Iterator = { offset: 1 };
      const type = decode.string(data, it);
      this.onMessage(type, data.byteLength > it.offset ? unpack(data, { start: it.offset }) : undefined);
    } else if ((kind === ROOM_STATE || kind === ROOM_STATE_PATCH) && this.decoder) {
      this.decoder.decode(data, { offset: 1 });
      this.onState();
    } else if (kind === ERROR) {
      this.onError();
    } else if (kind === LEAVE_ROOM) {
      this.ws.close();
    }
  }

  /** The synced state as decoded (with `withState`), its classes made from the server's types. */
  get state(): unknown {
    return this.decoder?.state;
  }

  send(type: string, message: object): void {
    this.ws.send(Buffer.concat([Buffer.of(ROOM_DATA), typeOf(type), pack(message)]));
  }

  /** Cut the link without a word (as a phone losing its network would, seen from here). */
  cut(): void {
    this.ws.terminate();
  }

  /** Leave as colyseus.js does (the server then closes the socket); resolves once closed. */
  leave(): Promise<void> {
    this.leaving = true;
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.ws.once('close', () => resolve()));
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(Buffer.of(LEAVE_ROOM));
    return closed;
  }
}
