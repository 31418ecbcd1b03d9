import { type Client, ClientState, Protocol, SchemaSerializer } from '@colyseus/core';
import { Encoder } from '@colyseus/schema';
import { COLOURS, LEVELS, type HouseRules } from '@flightchess/rules';
import { WATCHER_NAMES_SHOWN } from '@flightchess/protocol';
import { ownPatches } from '../src/table/colyseusWorkarounds';
import { STATE_BUFFER_BYTES, SeatState, TableState, syncedJson } from '../src/table/schema';

/** Every house rule set, with its longest value. */
const LONGEST_OPTIONS: Required<HouseRules> = {
  planes: 4,
  startOnLaunch: 4,
  takeoff: [1, 2, 3, 4, 5, 6],
  takeoffTo: 'launch',
  extraRollOnCapture: true,
  extraRollOnArrival: true,
  threeSixes: 'last-moved-home',
  jump: true,
  flight: true,
  special: 'single',
  crossing: true,
  stacks: 'block',
  finish: 'overshoot',
  safeSquares: true,
  drawByAgreement: true,
  resignAfterRolls: 1000,
  leftSeatsPlayOn: false,
};

/** A table state with every field at its longest: four seats and 20 watchers of 20-character CJK names (3 bytes each), the longest level name. */
function largestState(): TableState {
  const state = new TableState();
  state.preset = 'long-flight';
  state.options = syncedJson(LONGEST_OPTIONS);
  state.code = 'X'.repeat(12);
  state.status = 'playing';
  state.hostId = state.matchId = 'i'.repeat(32);
  state.commitment = state.seed = 'f'.repeat(64);
  const levelName = LEVELS.map((l) => l.name).reduce((a, b) => (Buffer.byteLength(b) > Buffer.byteLength(a) ? b : a));
  for (const colour of COLOURS) {
    const seat = new SeatState();
    Object.assign(seat, {
      colour,
      team: 1,
      kind: 'human',
      bot: 'heuristic',
      playerId: 'p'.repeat(32),
      name: '飞'.repeat(20),
      ready: true,
      connected: true,
      autoPlay: true,
      standsFor: '飞'.repeat(20),
    });
    Object.assign(seat, { score: -(2 ** 31), coins: -(2 ** 31), level: 255, levelName });
    state.seats.set(colour, seat);
  }
  state.result.reason = 'forfeit';
  state.result.winner = 'yellow';
  for (const colour of COLOURS) state.result.winners.push(colour);
  state.result.recorded = true;
  state.watchers = 2 ** 16 - 1;
  for (let i = 0; i < WATCHER_NAMES_SHOWN; i++) state.watcherNames.push('观'.repeat(20));
  for (let i = 0; i < WATCHER_NAMES_SHOWN; i++) state.watcherIds.push('x'.repeat(16));
  return state;
}

test('the largest table state encodes well inside the encode buffer (no resize, no warning)', () => {
  expect(Encoder.BUFFER_SIZE).toBe(STATE_BUFFER_BYTES);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const bytes = new Encoder(largestState()).encodeAll().length;
  expect(warn).not.toHaveBeenCalled();
  warn.mockRestore();
  expect(bytes).toBeGreaterThan(1000); // the state above is what it says it is
  expect(bytes).toBeLessThanOrEqual(STATE_BUFFER_BYTES * 0.75);
});

test('a patch waiting to be written keeps its bytes when the next one is encoded (ownPatches)', () => {
  const patchOf = (serializer: SchemaSerializer<TableState>): Buffer => {
    let sent: Buffer | undefined;
    const client = { state: ClientState.JOINED, raw: (bytes: Buffer) => void (sent = bytes) } as unknown as Client;
    serializer.applyPatches([client]);
    return sent!;
  };
  const patches = (owned: boolean) => {
    const state = new TableState();
    const serializer = new SchemaSerializer<TableState>();
    serializer.reset(state);
    if (owned) ownPatches(serializer);
    state.watchers = 1;
    const first = patchOf(serializer);
    const before = Buffer.from(first);
    state.watchers = 2;
    patchOf(serializer);
    return { first, before };
  };
  const shared = patches(false);
  expect(shared.first.equals(shared.before)).toBe(false); // what Colyseus does by itself: the queued bytes change
  const owned = patches(true);
  expect(owned.first.equals(owned.before)).toBe(true);
});

test('tables share the encode buffers, and what one encoded keeps its bytes while another encodes (ownPatches)', () => {
  const table = () => {
    const state = new TableState();
    const serializer = new SchemaSerializer<TableState>();
    serializer.reset(state);
    ownPatches(serializer);
    return { state, serializer, insides: serializer as unknown as { encoder: Encoder; fullEncodeBuffer: Buffer } };
  };
  const a = table();
  const b = table();
  expect(a.insides.encoder.sharedBuffer).toBe(b.insides.encoder.sharedBuffer);
  expect(a.insides.fullEncodeBuffer).toBe(b.insides.fullEncodeBuffer);
  a.state.code = 'AAAAAA';
  const full = a.serializer.getFullState(); // cached until a's state changes: a later joiner gets the same bytes
  const copy = Buffer.from(full);
  b.state.code = 'BBBBBB';
  b.state.watcherNames.push('观'.repeat(20));
  b.serializer.getFullState();
  b.serializer.applyPatches([{ state: ClientState.JOINED, raw: () => undefined } as unknown as Client]);
  expect(a.serializer.getFullState()).toBe(full);
  expect(Buffer.from(full).equals(copy)).toBe(true);
  expect(full[0]).toBe(Protocol.ROOM_STATE);
  // Kept in a buffer of its own size, not a slice of a larger one that it would keep alive.
  expect(full.buffer.byteLength).toBe(full.length);
});

test('every table gives a joining client the same handshake (the schema described), made once for the process (ownPatches)', () => {
  const fresh = () => {
    const serializer = new SchemaSerializer<TableState>();
    serializer.reset(new TableState());
    return serializer;
  };
  const [a, b] = [fresh(), fresh()];
  const own = Buffer.from(fresh().handshake()!); // what Colyseus makes for a table by itself
  ownPatches(a);
  ownPatches(b);
  expect(a.handshake()).toBe(b.handshake());
  expect(Buffer.from(a.handshake()!).equals(own)).toBe(true);
  expect(a.handshake()!.buffer.byteLength).toBe(own.length);
});
