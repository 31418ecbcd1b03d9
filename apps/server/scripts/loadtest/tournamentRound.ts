import type { TournamentRound, TournamentView } from '@flightchess/protocol';
import type { ServerProcess } from './serverProcess';
import type { LoadStats } from './stats';
import type { Pace } from './tablePlayers';
import type { Credentials } from './tournamentApi';
import { TournamentTablePlay } from './tournamentTable';

/** How often the tournament's page is read while waiting for a round (each read costs the server a full view). */
const POLL_MS = 250;
/** A table with no action this long is reported (with what it waits for) while its round goes on. */
const QUIET_MS = 30_000;

/** One round as the server stored it and as its players saw it: times are Date.now (server and players share the clock). */
export interface RoundFigures {
  readonly number: number;
  readonly tables: number;
  /** When the server paired it, and ended it (its last game over). */
  readonly startedAt: number;
  readonly endedAt: number;
  /** When the players first read the pairing (the page is read every POLL_MS). */
  readonly seenAt: number;
  /** The last table with every seat taken, with its first action, with its game over (as the players saw them). */
  readonly allSeatedAt: number;
  readonly allPlayingAt: number;
  readonly lastOverAt: number;
  /** Actions the server handled, and its CPU time (user + system, ms), from the pairing seen to the round's end seen. */
  readonly actions: number;
  readonly serverCpuMs: number;
  readonly joinRetries: number;
  readonly failures: readonly string[];
}

export interface RoundPlay {
  readonly baseUrl: string;
  readonly server: ServerProcess;
  readonly view: () => Promise<TournamentView>;
  readonly credentials: ReadonlyMap<string, Credentials>;
  readonly stats: LoadStats;
  readonly pace: Pace;
  readonly timeoutMs: number;
}

/** Read the tournament until `found` finds something in it; an error once `timeoutMs` has passed. */
export async function until<T>(
  view: () => Promise<TournamentView>,
  found: (v: TournamentView) => T | undefined,
  what: string,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await view();
    const it = found(v);
    if (it !== undefined) return it;
    if (v.status === 'finished' || v.status === 'cancelled') throw new Error(`the tournament is ${v.status}, still waiting for ${what}`);
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs / 1000} s for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const actionsOf = async (server: ServerProcess) => (await server.metrics()).get('flightchess_actions_total') ?? 0;
const cpuOf = (server: ServerProcess) => {
  const { user, system } = server.cpuMs();
  return user + system;
};
const latest = (xs: readonly number[]) => xs.reduce((a, b) => Math.max(a, b), -Infinity);

/**
 * Round `number`, from its pairing to its end: once the tournament's page lists its tables, every player joins
 * theirs and plays its game out; then wait until the server has ended the round (its director looks every second).
 */
export async function playRound(number: number, o: RoundPlay): Promise<RoundFigures> {
  const paired = (v: TournamentView): TournamentRound | undefined =>
    v.roundList.find((r) => r.number === number && r.startedAt !== null && r.tables.length > 0);
  const round = await until(o.view, paired, `round ${number} to be paired`, o.timeoutMs);
  const seenAt = Date.now();
  const [cpuBefore, actionsBefore] = [cpuOf(o.server), await actionsOf(o.server)];
  const tables = round.tables.map((t) => new TournamentTablePlay(o.baseUrl, t, o.stats, o.pace));
  const quietWatch = setInterval(() => {
    const now = Date.now();
    for (const t of tables.filter((t) => t.quiet(now, QUIET_MS)).slice(0, 3)) console.error(`round ${number}, held up: ${t.describe()}`);
  }, QUIET_MS / 3);
  const played = await Promise.allSettled(tables.map((t) => t.play(o.credentials)));
  clearInterval(quietWatch);
  const ended = (v: TournamentView) => v.roundList.find((r) => r.number === number && r.endedAt !== null)?.endedAt ?? undefined;
  const endedAt = await until(o.view, ended, `round ${number} to end`, o.timeoutMs);
  const times = tables.map((t) => t.times);
  return {
    number,
    tables: round.tables.length,
    startedAt: round.startedAt!,
    endedAt,
    seenAt,
    allSeatedAt: latest(times.map((t) => t.seated)),
    allPlayingAt: latest(times.map((t) => t.firstAction)),
    lastOverAt: latest(times.map((t) => t.over)),
    actions: (await actionsOf(o.server)) - actionsBefore,
    serverCpuMs: cpuOf(o.server) - cpuBefore,
    joinRetries: tables.reduce((n, t) => n + t.joinRetries, 0),
    failures: played.flatMap((p) => (p.status === 'rejected' ? [String(p.reason)] : [])),
  };
}
