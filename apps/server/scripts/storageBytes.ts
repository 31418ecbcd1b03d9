/**
 * `npm run bench:storage -- --games 1000`: what a finished game costs on disk. Plays seeded
 * games (every preset in turn, now and then a resignation, an escape, a forfeit or a draw) into a fresh
 * SQLite database through the server's own Storage — the table at the start, every action as it is
 * played, then the result — and prints the bytes each finished game takes, indexes included.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRESET_NAMES } from '@flightchess/rules';
import Database from 'better-sqlite3';
import { createGuest } from '../src/accounts/guests';
import { openSqliteStorage } from '../src/repositories';
import { type Ending, type SeededGameSpec, playSeeded, seatsFor, storeSeeded } from '../test/support/seededGames';

export interface StorageFigures {
  readonly games: number;
  readonly actionsPerGame: number;
  /** Pages in use (tables and indexes) per finished game, over those of the empty database with its players. */
  readonly bytesPerGame: number;
  readonly gamesPerGB: number;
  /** What a game's write-ahead rows took while it was played (freed when it ended). */
  readonly writeAheadBytesPerGame: number;
  readonly fileBytes: number;
  /** Bytes in use per table and index, per finished game. */
  readonly byTable: Readonly<Record<string, number>>;
}

const PLAYERS = 200;
/** One game in ten ends otherwise than by its planes, as online play does. */
const ENDINGS: readonly Ending[] = ['finish', 'finish', 'finish', 'resign', 'finish', 'finish', 'escape', 'finish', 'forfeit', 'finish'];

function specOf(i: number): SeededGameSpec {
  const preset = PRESET_NAMES[i % PRESET_NAMES.length]!;
  const ending = preset === 'plyyard' && i % 4 === 0 ? 'draw' : ENDINGS[i % ENDINGS.length]!;
  return { preset, seats: seatsFor(preset, ending === 'finish' ? 4 : 2), ending, key: `bench-${i}` };
}

/** Bytes of the pages in use, and per table or index (dbstat). */
function pagesInUse(file: string): { total: number; byTable: Record<string, number> } {
  const db = new Database(file);
  try {
    db.pragma('wal_checkpoint(TRUNCATE)');
    const rows = db.prepare('SELECT name, SUM(pgsize - unused) AS used, SUM(pgsize) AS size FROM dbstat GROUP BY name').all() as {
      name: string;
      size: number;
    }[];
    const byTable = Object.fromEntries(rows.map((r) => [r.name, r.size]));
    return { total: rows.reduce((sum, r) => sum + r.size, 0), byTable };
  } finally {
    db.close();
  }
}

export async function measureStorage(games: number): Promise<StorageFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'flightchess-bench-storage-'));
  const file = join(dir, 'flightchess.db');
  const storage = await openSqliteStorage(file);
  try {
    const players: string[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push((await createGuest(storage, `Player${i}`)).playerId);
    const empty = pagesInUse(file);
    let actions = 0;
    let writeAhead = 0;
    // One whole four-seat game of the online preset is measured while it is played, page for page (so once).
    let sample = games - 1;
    while (sample > 0 && !(specOf(sample).preset === 'online' && specOf(sample).ending === 'finish')) sample--;
    for (let i = 0; i < games; i++) {
      const game = playSeeded(specOf(i));
      actions += game.actions.length;
      const seated = [players[(2 * i) % PLAYERS]!, players[(2 * i + 1) % PLAYERS]!];
      let live = 0;
      const measure = i === sample ? async () => void (live = pagesInUse(file).total) : undefined;
      await storeSeeded(storage, game, seated, { beforeEnd: measure });
      if (measure) writeAhead = live - pagesInUse(file).total;
    }
    await storage.close();
    const full = pagesInUse(file);
    const bytesPerGame = Math.round((full.total - empty.total) / games);
    const byTable = Object.fromEntries(
      Object.entries(full.byTable).map(([name, bytes]) => [name, Math.round((bytes - (empty.byTable[name] ?? 0)) / games)]),
    );
    return {
      games,
      actionsPerGame: Math.round(actions / games),
      bytesPerGame,
      gamesPerGB: Math.floor(1e9 / bytesPerGame),
      writeAheadBytesPerGame: writeAhead,
      fileBytes: statSync(file).size,
      byTable,
    };
  } finally {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The figures as the benchmark prints them; the first line is the one the README quotes. */
export function report(f: StorageFigures): string[] {
  return [
    `bytes per finished game: ${f.bytesPerGame}`,
    `games per GB: ${f.gamesPerGB.toLocaleString('en')}`,
    `games: ${f.games} (${f.actionsPerGame} actions each on average)`,
    `write-ahead rows of a four-seat game while it is played: ${f.writeAheadBytesPerGame} bytes (freed once it ends, and reused)`,
    `database file: ${f.fileBytes} bytes`,
    'per finished game, by table and index:',
    ...Object.entries(f.byTable)
      .filter(([, bytes]) => bytes !== 0)
      .sort((a, b) => b[1] - a[1])
      .map(([name, bytes]) => `  ${name}: ${bytes}`),
  ];
}

async function main(): Promise<void> {
  const at = process.argv.indexOf('--games');
  const games = at >= 0 ? Number(process.argv[at + 1]) : 1000;
  if (!Number.isInteger(games) || games < 1) throw new Error('--games: a whole number of games, at least 1');
  for (const line of report(await measureStorage(games))) console.log(line);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
