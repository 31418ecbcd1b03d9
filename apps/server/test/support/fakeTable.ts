import type { Client } from '@colyseus/core';
import type { Colour } from '@flightchess/rules';
import type { ActionMessage, ClockMessage } from '@flightchess/protocol';
import { DEFAULT_CONFIG, type ServerConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { Match } from '../../src/matches/Match';
import { createGuest } from '../../src/accounts/guests';
import type { Drain } from '../../src/table/drain';
import type { JoinCodes } from '../../src/table/joinCodes';
import type { Admission } from '../../src/limits/admission';
import type { TableState } from '../../src/table/schema';
import { Table, type TableDoor } from '../../src/table/table';
import type { TableDeps } from '../../src/table/tableDeps';
import type { TablePlay } from '../../src/table/tablePlay';
import { type TableSettings, parseTableOptions, storedSettings } from '../../src/table/tableOptions';
import type { Storage } from '../../src/repositories';

const OWNER = 'this-process';

/**
 * A table's game without a room or a transport (as boardgame.io tests its Master): the real Table over a
 * real store, behind a fake door that records what the clients would be told and says whether anyone is connected.
 */
export interface FakeTable {
  readonly play: TablePlay;
  readonly state: TableState;
  readonly match: Match;
  /** Every action message the clients were told (action, version, clock), with the (possibly fake) time it was sent. */
  readonly told: ({ readonly at: number } & ActionMessage)[];
  /** Every clock message (the clock changed with no action). */
  readonly clocks: ClockMessage[];
  /** Someone is connected (a player or a watcher); nobody by default. */
  watched: boolean;
  /** Resolves once every queued task has run. */
  idle(): Promise<void>;
  stop(): void;
}

/** The server's defaults (its real pace), silent logs. */
export const PACED: ServerConfig = { ...DEFAULT_CONFIG, logLevel: 'silent' };

/** What a fake table's deps leave out: the game's play never reaches them, and a test that does fails here. */
const absent = (name: string) =>
  new Proxy(
    {},
    {
      get: (_, key) => {
        throw new Error(`${name}.${String(key)} is not part of a fake table`);
      },
    },
  );

/** The server a fake table runs in: its config, store and logs; nothing of matchmaking, accounts or the lobby. */
function fakeDeps(config: ServerConfig, storage: Storage): TableDeps {
  return {
    config,
    storage,
    logger: createLogger('silent'),
    matches: { storage, owner: OWNER, leaseMs: 60_000, writeWaitMs: config.storageWaitSeconds * 1000 },
    drain: { changed: () => undefined } as unknown as Drain,
    codes: absent('codes') as JoinCodes,
    restores: absent('restores') as TableDeps['restores'],
    admission: absent('admission') as Admission,
    devices: absent('devices') as TableDeps['devices'],
    bans: absent('bans') as TableDeps['bans'],
    addressOf: () => '127.0.0.1',
    pairing: absent('pairing') as TableDeps['pairing'],
    // Who is at the table: told to nobody here (friends' presence is tested with a server).
    people: { atTable: () => undefined, startedPlaying: async () => undefined },
    invitations: { admits: async () => false, offeredSeat: async () => null, roomChanged: async () => undefined },
  };
}

/** A room without a transport: it records what the clients would be told; `watched` puts one connection there. */
function fakeDoor() {
  const told: FakeTable['told'] = [];
  const clocks: ClockMessage[] = [];
  const clients = Object.assign([] as Client[], { getById: (id: string) => clients.find((c) => c.sessionId === id) });
  const door: TableDoor = {
    roomId: 'fake-table',
    clients,
    closing: false,
    autoDispose: true,
    broadcast: (type, message) => {
      if (type === 'action') told.push({ at: Date.now(), ...(message as ActionMessage) });
      if (type === 'clock') clocks.push(message as ClockMessage);
    },
    broadcastPatch: () => true,
    allowReconnection: () => {
      throw new Error('a fake table holds no connection');
    },
    list: () => undefined,
    disconnect: async () => undefined,
    handOver: async () => undefined,
  };
  return { door, told, clocks, clients };
}

function fakeTableOf(config: ServerConfig, storage: Storage, settings: TableSettings): FakeTable & { readonly table: Table } {
  const { door, told, clocks, clients } = fakeDoor();
  const table = new Table(fakeDeps(config, storage), settings, door);
  const watcher = { sessionId: 'watcher' } as Client;
  return {
    table,
    play: table.play,
    state: table.state,
    get match() {
      return table.play.match!;
    },
    told,
    clocks,
    get watched() {
      return clients.length > 0;
    },
    set watched(on: boolean) {
      clients.splice(0, clients.length, ...(on ? [watcher] : []));
    },
    idle: () => table.idle(),
    stop: () => {
      table.play.stop();
      table.timers.clearAll();
    },
  };
}

/**
 * A started four-seat online game: `people` guests on the first seats (clockwise from red), strong bots on the
 * rest; a public (rated) table unless `options` say otherwise.
 */
export async function startedFakeTable(
  storage: Storage,
  people: number,
  config: ServerConfig = PACED,
  options: Record<string, unknown> = {},
): Promise<FakeTable> {
  const parsed = parseTableOptions({ size: 4, ...options }, config);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const fake = fakeTableOf(config, storage, parsed.value);
  const { seating, state } = fake.table;
  for (let i = 0; i < people; i++) {
    const guest = await createGuest(storage, `P${i}`);
    seating.addHuman(`session-${i}`, { playerId: guest.playerId, nickname: guest.nickname });
    if (i === 0) state.hostId = guest.playerId;
  }
  while (!seating.isFull()) seating.addBot('strong');
  const refused = await fake.play.start();
  if (refused) throw new Error(refused.message);
  return fake;
}

/** The table of a stored match as a new process restores it (every player away): what tableKeeper.ts and TableRoom.restore do. */
export async function restoredFakeTable(storage: Storage, matchId: string, config: ServerConfig = PACED): Promise<FakeTable> {
  const stored = await storage.claimMatch(matchId, { owner: OWNER, now: Date.now(), until: Date.now() + 60_000, scope: 'all' });
  if (!stored) throw new Error(`no match ${matchId} to restore`);
  const restored = Match.restore(stored, { storage, owner: OWNER, leaseMs: 60_000 });
  if (!restored.ok) throw new Error(restored.reason);
  const settings = storedSettings(restored.match.table);
  if (!settings.ok) throw new Error(settings.error.message);
  const fake = fakeTableOf(config, storage, settings.value);
  fake.table.seating.restore(restored.match.table.seats);
  await fake.play.restore(restored.match);
  return fake;
}

/** The seats of the table's people, clockwise from red. */
export const peopleOf = (table: FakeTable): Colour[] => table.match.table.seats.filter((s) => s.kind === 'human').map((s) => s.colour);
