import type { Colour } from '@flightchess/rules';
import type { ActionMessage, ClockMessage, ServerMessages } from '@flightchess/protocol';
import { DEFAULT_CONFIG, type ServerConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import { Match } from '../../src/matches/Match';
import { createGuest } from '../../src/accounts/guests';
import { TableState } from '../../src/table/schema';
import { Seating } from '../../src/table/seating';
import { Serial } from '../../src/table/serial';
import { TablePlay } from '../../src/table/tablePlay';
import { type TableSettings, parseTableOptions, storedSettings } from '../../src/table/tableOptions';
import { Timers } from '../../src/table/timers';
import type { Storage } from '../../src/repositories';

const OWNER = 'this-process';

/**
 * A table's game without a room or a transport (as boardgame.io tests its Master): TablePlay over a real
 * store, with a host that records what the clients would be told and says whether anyone is connected.
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

function host(state: TableState, seating: Seating, config: ServerConfig, storage: Storage, settings: TableSettings) {
  const timers = new Timers((error) => {
    throw error;
  });
  const serial = new Serial((error) => {
    throw error;
  });
  const told: FakeTable['told'] = [];
  const clocks: ClockMessage[] = [];
  const table = { watched: false };
  const play = new TablePlay({
    tableId: 'fake-table',
    state,
    seating,
    settings,
    config,
    matches: { storage, owner: OWNER, leaseMs: 60_000 },
    timers,
    log: createLogger('silent'),
    watched: () => table.watched,
    task: (work) => void serial.run(work),
    tell: <T extends keyof ServerMessages>(type: T, message: ServerMessages[T]) => {
      if (type === 'action') told.push({ at: Date.now(), ...(message as ActionMessage) });
      if (type === 'clock') clocks.push(message as ClockMessage);
    },
    flush: () => undefined,
    changed: () => undefined,
    lost: () => undefined,
  });
  return { play, told, clocks, table, serial, timers };
}

function fakeTableOf(parts: ReturnType<typeof host>, state: TableState): FakeTable {
  const { play, told, clocks, table, serial, timers } = parts;
  return {
    play,
    state,
    get match() {
      return play.match!;
    },
    told,
    clocks,
    get watched() {
      return table.watched;
    },
    set watched(on: boolean) {
      table.watched = on;
    },
    idle: () => serial.idle(),
    stop: () => {
      play.stop();
      timers.clearAll();
    },
  };
}

/** A started four-seat online game: `people` guests on the first seats (clockwise from red), strong bots on the rest. */
export async function startedFakeTable(storage: Storage, people: number, config: ServerConfig = PACED): Promise<FakeTable> {
  const parsed = parseTableOptions({ size: 4 }, config);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const state = new TableState();
  Object.assign(state, { preset: parsed.value.preset, size: 4, base: parsed.value.base, turnSeconds: parsed.value.turnSeconds });
  const seating = new Seating(state, parsed.value.rules.colours);
  for (let i = 0; i < people; i++) {
    const guest = await createGuest(storage, `P${i}`);
    seating.addHuman(`session-${i}`, { playerId: guest.playerId, nickname: guest.nickname });
    if (i === 0) state.hostId = guest.playerId;
  }
  while (!seating.isFull()) seating.addBot('strong');
  const parts = host(state, seating, config, storage, parsed.value);
  const refused = await parts.play.start();
  if (refused) throw new Error(refused.message);
  return fakeTableOf(parts, state);
}

/** The table of a stored match as a new process restores it (every player away): what tableKeeper.ts and TableRoom.restore do. */
export async function restoredFakeTable(storage: Storage, matchId: string, config: ServerConfig = PACED): Promise<FakeTable> {
  const stored = await storage.claimMatch(matchId, { owner: OWNER, now: Date.now(), until: Date.now() + 60_000, force: true });
  if (!stored) throw new Error(`no match ${matchId} to restore`);
  const restored = Match.restore(stored, { storage, owner: OWNER, leaseMs: 60_000 });
  if (!restored.ok) throw new Error(restored.reason);
  const settings = storedSettings(restored.match.table);
  if (!settings.ok) throw new Error(settings.error.message);
  const state = new TableState();
  Object.assign(state, {
    preset: settings.value.preset,
    size: settings.value.size,
    base: settings.value.base,
    turnSeconds: settings.value.turnSeconds,
  });
  const seating = new Seating(state, settings.value.rules.colours);
  seating.restore(restored.match.table.seats);
  const parts = host(state, seating, config, storage, settings.value);
  await parts.play.restore(restored.match);
  return fakeTableOf(parts, state);
}

/** The seats of the table's people, clockwise from red. */
export const peopleOf = (table: FakeTable): Colour[] => table.match.table.seats.filter((s) => s.kind === 'human').map((s) => s.colour);
