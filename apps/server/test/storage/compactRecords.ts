import { type Action, ENGINE_VERSION, commitmentOf, replayGame, rollsIn, verifyRolls } from '@flightchess/rules';
import { finalScores } from '../../src/matches/finalScores';
import { createGuest } from '../../src/accounts/guests';
import { matchRecord } from '../../src/matches/matchRows';
import { type SeededGame, everyEnding, matchIdOf, matchSeats, playSeeded, storeSeeded } from '../support/seededGames';
import { type StorageHarness, freshDatabase } from './contract';

type Row = Record<string, unknown>;

/** The seed of these games is always a real one: the compact log leaves the dice to it. */
const GAMES = everyEnding().map(playSeeded);

/** The record as the per-action rows give it: what GET /api/matches/:id answered before logs were compacted. */
async function perRowRecord(h: StorageHarness, id: string, actionRows: readonly Row[]) {
  const [match] = await h.query('SELECT * FROM matches WHERE id = ?', [id]);
  const seats = await h.query('SELECT * FROM match_seats WHERE match_id = ? ORDER BY colour', [id]);
  return matchRecord({ ...match!, log: null }, seats, actionRows);
}

const actionRows = (h: StorageHarness, id: string) => h.query('SELECT action FROM match_actions WHERE match_id = ? ORDER BY idx', [id]);

/** Write a game as a server from before compaction did (migrations 1–2 only): its rows, and for an ended game its result. */
async function writeAsOlderServer(
  h: StorageHarness,
  game: SeededGame,
  players: readonly string[],
  status: 'playing' | 'finished' | 'aborted',
): Promise<string> {
  const id = matchIdOf(game);
  const ended = status === 'playing' ? null : 9_000;
  await h.query(
    `INSERT INTO matches (id, table_id, preset, setup, base, turn_seconds, commitment, seed, status, result, started_at, ended_at,
       engine, code, host_id, owner, lease_until, abort_reason)
     VALUES (?, ?, ?, ?, 10, 15, ?, ?, ?, ?, 1000, ?, ?, 'ACDEFG', ?, NULL, 0, ?)`,
    [
      id,
      `t${id}`,
      game.setup.preset,
      JSON.stringify(game.setup),
      commitmentOf(game.seed),
      game.seed,
      status,
      status === 'finished' ? JSON.stringify(game.state.result) : null,
      ended,
      ENGINE_VERSION,
      players[0],
      status === 'aborted' ? 'could not be restored' : null,
    ],
  );
  const scores = finalScores(game.state, 10, {});
  for (const seat of matchSeats(game, players)) {
    const s = status === 'finished' && scores.ok ? scores.value.find((x) => x.colour === seat.colour) : undefined;
    await h.query(
      `INSERT INTO match_seats (match_id, colour, kind, bot, player_id, name, score, coins, arrived, rank, escape_penalty, lifetime_after, level_after, out_reason, winner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (? = 1))`,
      [
        id,
        seat.colour,
        seat.kind,
        seat.bot,
        seat.playerId,
        seat.name,
        s?.score ?? null,
        s?.coins ?? null,
        s?.arrived ?? null,
        s?.rank ?? null,
        s?.escapePenalty ?? null,
        s?.lifetimeAfter ?? null,
        s?.levelAfter ?? null,
        s?.out ?? null,
        s?.winner ? 1 : 0,
      ],
    );
  }
  if (game.actions.length > 0) {
    await h.query(
      `INSERT INTO match_actions (match_id, idx, action, at) VALUES ${game.actions.map(() => '(?, ?, ?, ?)').join(', ')}`,
      game.actions.flatMap((action, idx) => [id, idx, JSON.stringify(action), 1000 + idx]),
    );
  }
  return id;
}

/**
 * Compact match logs, for every Storage: an ended match's record is exactly what its rows
 * gave, its rows are gone and its log is a few hundred bytes; a match in play keeps its rows; the
 * migration compacts what an older server stored.
 */
export function compactRecordsContract(openHarness: () => Promise<StorageHarness>): void {
  let h: StorageHarness;
  const open = freshDatabase(openHarness, (harness) => (h = harness));

  test('every preset and every ending (finish, resign, a team-mate declining then agreeing, escape, forfeit, a draw declined then agreed, aborted): the record is exactly what its per-action rows gave, and the rows are gone', async () => {
    const storage = await open();
    const players = [(await createGuest(storage, 'Ann')).playerId, (await createGuest(storage, 'Bob')).playerId];
    // The games are stored side by side, as a server's tables are.
    const stored = GAMES.map(async (game) => {
      let rows: Row[] = [];
      const id = await storeSeeded(storage, game, players, { beforeEnd: async (matchId) => void (rows = await actionRows(h, matchId)) });
      const label = game.spec.key;
      expect([label, rows.length]).toEqual([label, game.actions.length]);
      const record = await storage.getMatch(id);
      // Byte for byte: the JSON a client gets is the JSON it got before.
      expect([label, JSON.stringify(record)]).toEqual([label, JSON.stringify(await perRowRecord(h, id, rows))]);
      expect(record).toMatchObject({
        status: game.spec.ending === 'aborted' ? 'aborted' : 'finished',
        seed: game.seed,
        actions: game.actions,
      });
      expect([label, (await actionRows(h, id)).length]).toEqual([label, 0]);
      const [{ bytes }] = (await h.query('SELECT length(log) AS bytes FROM matches WHERE id = ?', [id])) as [{ bytes: number }];
      expect([label, bytes <= 4 + Math.ceil(game.actions.length / 2) + 8]).toEqual([label, true]);
      // Replays and "verify dice" work from the compact log.
      expect(verifyRolls(record!.seed!, record!.commitment, rollsIn(record!.actions)).ok).toBe(true);
      const replayed = replayGame(record!.setup, record!.actions);
      expect(replayed.ok && replayed.value.state).toEqual(game.state);
    });
    await Promise.all(stored);
    expect(GAMES.map((g) => g.state.result?.reason ?? 'aborted')).toEqual(
      expect.arrayContaining(['finish', 'resign', 'escape', 'forfeit', 'draw', 'aborted']),
    );
  });

  test("moves auto-play (托管) made for a person (`by: 'auto-play'`) are held exactly: the record reads back byte for byte and its rows are gone", async () => {
    const storage = await open();
    const players = [(await createGuest(storage, 'Ann')).playerId, (await createGuest(storage, 'Bob')).playerId];
    const games = [
      playSeeded({
        preset: 'online',
        seats: ['red', 'green', 'yellow', 'blue'],
        ending: 'finish',
        key: 'online-auto-play',
        autoPlay: ['red', 'yellow'],
      }),
      playSeeded({ preset: 'plyyard', seats: ['red', 'yellow'], ending: 'finish', key: 'plyyard-auto-play', autoPlay: ['red'] }),
    ];
    for (const game of games) {
      const label = game.spec.key;
      const autoPlayed = game.actions.filter((a) => a.type === 'move' && a.by === 'auto-play').length;
      expect([label, autoPlayed > 5, game.actions.some((a) => a.type === 'move' && !a.by)]).toEqual([label, true, true]);
      let rows: Row[] = [];
      const id = await storeSeeded(storage, game, players, { beforeEnd: async (matchId) => void (rows = await actionRows(h, matchId)) });
      const record = await storage.getMatch(id);
      expect([label, JSON.stringify(record)]).toEqual([label, JSON.stringify(await perRowRecord(h, id, rows))]);
      expect(record?.actions).toEqual(game.actions);
      expect([label, (await actionRows(h, id)).length]).toEqual([label, 0]);
      // An auto-played move costs three nibbles instead of one.
      const [{ bytes }] = (await h.query('SELECT length(log) AS bytes FROM matches WHERE id = ?', [id])) as [{ bytes: number }];
      expect([label, bytes <= 4 + Math.ceil((game.actions.length + 2 * autoPlayed) / 2) + 8]).toEqual([label, true]);
    }
  });

  test('a log the compact form cannot hold exactly stays as its rows, and reads back the same', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const game = GAMES[0]!;
    const odd = { type: 'escape', seat: 'red', note: 'not an engine field' } as unknown as Action;
    const id = await storeSeeded(storage, { ...game, actions: [...game.actions.slice(0, 5), odd] }, [ann.playerId]);
    expect((await actionRows(h, id)).length).toBe(6);
    expect((await storage.getMatch(id))?.actions).toEqual([...game.actions.slice(0, 5), odd]);
  });

  test('migration: the ended matches an older server stored are compacted (same records); a match in play keeps its rows and is restored whole', async () => {
    await h.migrate(h.migrations.filter((m) => m.version <= 2));
    const players = ['p-ann', 'p-bob'];
    for (const id of players)
      await h.query('INSERT INTO players (id, nickname, secret_hash, created_at) VALUES (?, ?, ?, 1)', [id, id, 'x'.repeat(64)]);
    const [finished, aborted, playing] = [GAMES[0]!, GAMES[4]!, GAMES[6]!];
    const ids = {
      finished: await writeAsOlderServer(h, finished, players, 'finished'),
      aborted: await writeAsOlderServer(h, aborted, players, 'aborted'),
      playing: await writeAsOlderServer(h, { ...playing, actions: playing.actions.slice(0, 30) }, players, 'playing'),
    };
    const before = Object.fromEntries(
      await Promise.all(Object.entries(ids).map(async ([k, id]) => [k, await perRowRecord(h, id, await actionRows(h, id))])),
    );

    const storage = await open();
    expect((await h.recordedMigrations()).map((m) => m.version)).toEqual(h.migrations.map((m) => m.version));
    for (const [k, id] of Object.entries(ids))
      expect([k, JSON.stringify(await storage.getMatch(id))]).toEqual([k, JSON.stringify(before[k])]);
    expect((await actionRows(h, ids.finished)).length).toBe(0);
    expect((await actionRows(h, ids.aborted)).length).toBe(0);
    expect((await actionRows(h, ids.playing)).length).toBe(30);
    const claimed = await storage.claimMatch(ids.playing, { owner: 'next', now: 1, until: 2, scope: 'all' });
    expect(claimed?.actions).toEqual(playing.actions.slice(0, 30));
  });
}
