import { botLabel } from '@flightchess/protocol';
import { createGuest } from '../../src/accounts/guests';
import { StorageConflict } from '../../src/matches/MatchStorage';
import type { Storage } from '../../src/repositories';
import { type StorageHarness, freshDatabase } from './contract';
import { ACTIONS, OTHER, OWNER, RESULT, finish, seat, start } from './matchFixtures';

const YELLOW_BOT = botLabel('yellow', 'heuristic');

/** The matches part of the Storage contract: play, ownership and leases, finish and abort, the lists and the leaderboard. */
export function matchesContract(openHarness: () => Promise<StorageHarness>): void {
  const open = freshDatabase(openHarness, () => {});

  /** Append the first `n` test actions to a match, as its owner. */
  const appendAll = async (storage: Storage, id: string, n = ACTIONS.length) => {
    for (let i = 0; i < n; i++) await storage.appendAction(id, OWNER, i, ACTIONS[i]!, 2 + i);
  };

  test('a match in play is stored with its seats and actions, its seed hidden; a taken place in the log is refused', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    expect(await storage.getMatch('m1')).toBeNull();
    await storage.startMatch(start('m1', guest.playerId));
    await appendAll(storage, 'm1', 2);
    await expect(storage.appendAction('m1', OWNER, 1, ACTIONS[2]!, 4)).rejects.toBeInstanceOf(StorageConflict);
    const match = await storage.getMatch('m1');
    expect(match).toEqual({
      id: 'm1',
      tableId: 'table-m1',
      status: 'playing',
      setup: start('m1', guest.playerId).setup,
      base: 10,
      turnSeconds: 12.5,
      commitment: 'c'.repeat(64),
      seed: null,
      diceStreams: null,
      tournamentId: null,
      result: null,
      abortReason: null,
      rated: false,
      seats: [
        expect.objectContaining({
          colour: 'red',
          kind: 'human',
          bot: null,
          playerId: guest.playerId,
          name: 'Ann',
          out: null,
          winner: false,
        }),
        expect.objectContaining({
          colour: 'yellow',
          kind: 'bot',
          bot: 'heuristic',
          playerId: null,
          // Bots are named on reading, by the protocol's one label (whatever was stored).
          name: YELLOW_BOT,
          out: null,
          winner: false,
        }),
      ],
      actions: ACTIONS.slice(0, 2),
      startedAt: 1,
      endedAt: null,
    });
    expect(match?.seats[0]?.score).toBeUndefined();
  });

  test('only the owner of a match writes it: appends, presence and the finish of another process are refused', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await expect(storage.appendAction('m1', OTHER, 0, ACTIONS[0]!, 2)).rejects.toBeInstanceOf(StorageConflict);
    await expect(storage.setPresence('m1', OTHER, { red: { autoPlay: 'player' } })).rejects.toBeInstanceOf(StorageConflict);
    await expect(storage.finishMatch(finish('m1', 40, 9, OTHER))).rejects.toBeInstanceOf(StorageConflict);
    expect(await storage.getMatch('m1')).toMatchObject({ status: 'playing', actions: [] });
    expect(await storage.getPlayer(guest.playerId)).toMatchObject({ games: 0 });
  });

  test("a stopped process's match is claimed once its lease runs out, with everything needed to rebuild the table", async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch({ ...start('m1', guest.playerId, 1, 1_000), rated: true });
    await appendAll(storage, 'm1');
    await storage.setPresence('m1', OWNER, { red: { autoPlay: 'away', away: { since: 10, until: 190, fromAction: 2 } } });

    // While the lease runs, nobody else gets it (unless forced: one process restarting on its own data).
    expect(await storage.unfinishedMatches(999, 'lapsed')).toEqual([]);
    expect(await storage.unfinishedMatches(999, 'all')).toEqual(['m1']);
    expect(await storage.claimMatch('m1', { owner: OTHER, now: 999, until: 5_000, scope: 'lapsed' })).toBeNull();

    expect(await storage.unfinishedMatches(1_001, 'lapsed')).toEqual(['m1']);
    const claimed = await storage.claimMatch('m1', { owner: OTHER, now: 1_001, until: 5_000, scope: 'lapsed' });
    expect(claimed).toEqual({
      id: 'm1',
      tableId: 'table-m1',
      code: 'ACDEFG',
      private: true,
      watchable: false,
      rated: true,
      hostId: guest.playerId,
      setup: start('m1', guest.playerId).setup,
      base: 10,
      turnSeconds: 12.5,
      seats: [start('m1', guest.playerId).seats[0], { colour: 'yellow', kind: 'bot', bot: 'heuristic', playerId: null, name: YELLOW_BOT }],
      commitment: 'c'.repeat(64),
      seed: 's'.repeat(64),
      engine: 1,
      startedAt: 1,
      presence: { red: { autoPlay: 'away', away: { since: 10, until: 190, fromAction: 2 } } },
      actions: ACTIONS,
    });
    // One owner at a time: a second claim finds it taken; the old owner can write nothing more.
    expect(await storage.claimMatch('m1', { owner: OWNER, now: 1_002, until: 6_000, scope: 'lapsed' })).toBeNull();
    await expect(storage.appendAction('m1', OWNER, 3, ACTIONS[0]!, 9)).rejects.toBeInstanceOf(StorageConflict);
    await storage.appendAction('m1', OTHER, 3, ACTIONS[0]!, 9);

    // The new owner keeps it by renewing; it can give it up for anyone to take at once.
    await storage.renewLeases(OTHER, 9_000);
    expect(await storage.unfinishedMatches(8_999, 'lapsed')).toEqual([]);
    await storage.releaseLease('m1', OWNER); // not the owner: nothing happens
    expect(await storage.unfinishedMatches(8_999, 'lapsed')).toEqual([]);
    await storage.releaseLease('m1', OTHER);
    expect(await storage.unfinishedMatches(2, 'lapsed')).toEqual(['m1']);
  });

  test("a process that stopped beating loses its matches at once to a process that judges it ('stopped'), its leases aside", async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId, 1, 1_000_000));
    await storage.startMatch({ ...start('m2', guest.playerId, 2, 1_000_000), owner: OTHER });
    await storage.beat(OWNER, 500);
    await storage.beat(OTHER, 900);

    // Both beating: nothing to take, whatever the scope short of all.
    expect(await storage.unfinishedMatches(400, 'stopped')).toEqual([]);
    // OWNER went silent at 500: its match (only) may be taken by a process that judges; not by the leases alone.
    expect(await storage.unfinishedMatches(600, 'lapsed')).toEqual([]);
    expect(await storage.unfinishedMatches(600, 'stopped')).toEqual(['m1']);
    expect(await storage.claimMatch('m2', { owner: 'third', now: 600, until: 5_000, scope: 'stopped' })).toBeNull();
    // A beat again (a process slow, not dead) keeps it.
    await storage.beat(OWNER, 1_500);
    expect(await storage.unfinishedMatches(600, 'stopped')).toEqual([]);
    expect(await storage.claimMatch('m1', { owner: 'third', now: 1_501, until: 1_000_000, scope: 'stopped' })).toMatchObject({ id: 'm1' });
    await expect(storage.appendAction('m1', OWNER, 0, ACTIONS[0]!, 9)).rejects.toBeInstanceOf(StorageConflict);

    // A silent process holding nothing is forgotten (its name again is judged by its lease alone); one still
    // holding a match is not.
    await storage.beat('third', 3_000);
    await storage.forgetStoppedProcesses(2_000);
    await storage.startMatch({ ...start('m3', guest.playerId, 3, 1_000_000), owner: OWNER });
    expect(await storage.unfinishedMatches(2_500, 'stopped')).toEqual(['m2']);
    // A process that stops on purpose says so: its matches wait for their leases (its rooms release them).
    await storage.forgetProcess(OTHER);
    expect(await storage.unfinishedMatches(2_500, 'stopped')).toEqual([]);
  });

  test('two processes claiming the same match at once: exactly one gets it', async () => {
    const a = await open();
    const b = await open();
    const guest = await createGuest(a, 'Ann');
    await a.startMatch(start('m1', guest.playerId, 1, 0));
    const claims = await Promise.all([
      a.claimMatch('m1', { owner: 'x', now: 10, until: 100, scope: 'lapsed' }),
      b.claimMatch('m1', { owner: 'y', now: 10, until: 100, scope: 'lapsed' }),
      a.claimMatch('m1', { owner: 'z', now: 10, until: 100, scope: 'lapsed' }),
    ]);
    expect(claims.filter((c) => c !== null)).toHaveLength(1);
  });

  test('a match is finished once: the result is kept, totals added once, the seed shown, the lease gone', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await appendAll(storage, 'm1');
    await storage.finishMatch(finish('m1'));
    await storage.finishMatch(finish('m1', 999, 10));
    await storage.close();

    const reopened = await open();
    expect(await reopened.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 40, coins: 40, games: 1, wins: 1 });
    const match = await reopened.getMatch('m1');
    expect(match).toMatchObject({ status: 'finished', seed: 's'.repeat(64), actions: ACTIONS, endedAt: 9 });
    expect(JSON.stringify(match?.result)).toBe(JSON.stringify(RESULT));
    expect(match?.seats).toEqual([
      { kind: 'human', bot: null, playerId: guest.playerId, name: 'Ann', ...seat('red', 40, true), ratedGames: null },
      { kind: 'bot', bot: 'heuristic', playerId: null, name: YELLOW_BOT, ...seat('yellow', -40, false, 'resign'), ratedGames: null },
    ]);
    expect(await reopened.unfinishedMatches(Number.MAX_SAFE_INTEGER, 'all')).toEqual([]);
  });

  test('two processes finishing the same match at once add the totals once', async () => {
    const a = await open();
    const b = await open();
    const guest = await createGuest(a, 'Ann');
    await a.startMatch(start('m1', guest.playerId));
    await Promise.all([a.finishMatch(finish('m1')), b.finishMatch(finish('m1')), a.finishMatch(finish('m1'))]);
    expect(await b.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 40, games: 1, wins: 1 });
  });

  test('a match that cannot go on is aborted with its reason: actions kept, seed shown, nothing scored, no more writes', async () => {
    const storage = await open();
    const guest = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', guest.playerId));
    await appendAll(storage, 'm1');
    await storage.abortMatch('m1', 'stored by engine version 0', 5);
    await expect(storage.finishMatch(finish('m1'))).rejects.toBeInstanceOf(StorageConflict);
    await expect(storage.appendAction('m1', OWNER, 3, ACTIONS[0]!, 6)).rejects.toBeInstanceOf(StorageConflict);
    expect(await storage.getMatch('m1')).toMatchObject({
      status: 'aborted',
      abortReason: 'stored by engine version 0',
      actions: ACTIONS,
      result: null,
      endedAt: 5,
      seed: 's'.repeat(64),
    });
    expect(await storage.getPlayer(guest.playerId)).toMatchObject({ lifetimeScore: 0, games: 0 });
    expect(await storage.unfinishedMatches(Number.MAX_SAFE_INTEGER, 'all')).toEqual([]);

    // A finished match stays finished.
    await storage.startMatch(start('m2', guest.playerId));
    await storage.finishMatch(finish('m2'));
    await storage.abortMatch('m2', 'late', 99);
    expect(await storage.getMatch('m2')).toMatchObject({ status: 'finished', abortReason: null, endedAt: 9 });
  });

  test("recent matches: the player's newest first, with their seat, up to the limit; aborted ones left out", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const bob = await createGuest(storage, 'Bob');
    await storage.startMatch(start('old', ann.playerId, 100));
    await storage.finishMatch(finish('old'));
    await storage.startMatch(start('new', ann.playerId, 200));
    await storage.startMatch(start('gone', ann.playerId, 250));
    await storage.abortMatch('gone', 'cannot be restored', 260);
    await storage.startMatch(start('bobs', bob.playerId, 300));

    expect(await storage.recentMatches(ann.playerId, 5, 'all')).toEqual([
      {
        id: 'new',
        preset: 'online',
        status: 'playing',
        colour: 'red',
        score: null,
        rank: null,
        winner: false,
        players: 2,
        rated: false,
        startedAt: 200,
        endedAt: null,
      },
      {
        id: 'old',
        preset: 'online',
        status: 'finished',
        colour: 'red',
        score: 40,
        rank: 1,
        winner: true,
        players: 2,
        rated: false,
        startedAt: 100,
        endedAt: 9,
      },
    ]);
    expect((await storage.recentMatches(ann.playerId, 1, 'all')).map((m) => m.id)).toEqual(['new']);
    expect(await storage.recentMatches('nobody', 5, 'all')).toEqual([]);
  });

  test('recent matches as anyone sees them: finished games of public tables only', async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    const table = (id: string, startedAt: number, isPrivate: boolean) => ({ ...start(id, ann.playerId, startedAt), private: isPrivate });
    await storage.startMatch(table('public-over', 100, false));
    await storage.finishMatch(finish('public-over'));
    await storage.startMatch(table('private-over', 200, true));
    await storage.finishMatch(finish('private-over'));
    await storage.startMatch(table('public-playing', 300, false));
    expect((await storage.recentMatches(ann.playerId, 5, 'public')).map((m) => m.id)).toEqual(['public-over']);
    expect((await storage.recentMatches(ann.playerId, 5, 'all')).map((m) => m.id)).toEqual([
      'public-playing',
      'private-over',
      'public-over',
    ]);
  });

  test("a match's privacy: its table's private and watchable settings and code; null for no match", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    await storage.startMatch(start('m1', ann.playerId));
    await storage.startMatch({ ...start('m2', ann.playerId), private: false, watchable: true, code: 'HJKMNP' });
    expect(await storage.matchPrivacy('m1')).toEqual({ private: true, watchable: false, code: 'ACDEFG' });
    expect(await storage.matchPrivacy('m2')).toEqual({ private: false, watchable: true, code: 'HJKMNP' });
    expect(await storage.matchPrivacy('none')).toBeNull();
  });

  test("a table's last match, by its code or its id; null for a code or id no match had", async () => {
    const storage = await open();
    const ann = await createGuest(storage, 'Ann');
    await storage.startMatch({ ...start('first', ann.playerId, 100), tableId: 'T1', code: 'HJKMNP' });
    await storage.startMatch({ ...start('rematch', ann.playerId, 200), tableId: 'T1', code: 'HJKMNP' });
    await storage.startMatch({ ...start('other', ann.playerId, 300), tableId: 'T2', code: 'ACDEFG' });
    expect(await storage.lastMatchAt({ code: 'HJKMNP' })).toBe('rematch');
    expect(await storage.lastMatchAt({ tableId: 'T1' })).toBe('rematch');
    expect(await storage.lastMatchAt({ tableId: 'T2' })).toBe('other');
    expect(await storage.lastMatchAt({ code: 'hjkmnp' })).toBeNull(); // codes are stored upper case: the caller normalises
    expect(await storage.lastMatchAt({ code: 'XXXXXX' })).toBeNull();
    expect(await storage.lastMatchAt({ tableId: 'T3' })).toBeNull();
    expect(await storage.lastMatchAt({ code: '' })).toBeNull();
  });

  test('the leaderboard ranks by lifetime score the players who have played, up to the limit', async () => {
    const storage = await open();
    const guests = [];
    for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) guests.push(await createGuest(storage, name));
    const [ann, bob, cy] = guests;
    const play = async (id: string, playerId: string, score: number) => {
      await storage.startMatch(start(id, playerId));
      await storage.finishMatch(finish(id, score));
    };
    await play('m1', ann!.playerId, 10);
    await play('m2', bob!.playerId, 50);
    await play('m3', cy!.playerId, -10);

    const board = await storage.leaderboard(10);
    expect(board.map((p) => [p.nickname, p.lifetimeScore])).toEqual([
      ['Bob', 50],
      ['Ann', 10],
      ['Cy', -10],
    ]);
    expect(board[0]).toEqual({ id: bob!.playerId, nickname: 'Bob', lifetimeScore: 50, coins: 50, games: 1, wins: 1 });
    expect((await storage.leaderboard(2)).map((p) => p.nickname)).toEqual(['Bob', 'Ann']);
  });

  test('idle guests: those who never sat at a game are deleted once old enough; anyone with a game is kept', async () => {
    const storage = await open();
    const make = async (id: string, createdAt: number) => {
      await storage.createPlayer({ id, nickname: id, secretHash: 'x'.repeat(64), createdAt });
      return id;
    };
    const [idle, recent, playing, aborted] = [
      await make('idle', 10),
      await make('recent', 500),
      await make('playing', 10),
      await make('aborted', 10),
    ];
    await storage.startMatch(start('m1', playing));
    await storage.startMatch(start('m2', aborted));
    await storage.abortMatch('m2', 'cannot be restored', 20);
    expect(await storage.deleteIdleGuests(100)).toBe(1);
    expect(await storage.getPlayer(idle)).toBeNull();
    for (const kept of [recent, playing, aborted]) expect(await storage.getPlayer(kept)).not.toBeNull();
    expect(await storage.deleteIdleGuests(100)).toBe(0);
  });
}
