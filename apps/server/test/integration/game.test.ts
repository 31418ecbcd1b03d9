import { arrivedCount, levelFor, replayGame, rollsIn, scoreGame, verifyRolls } from '@flightchess/rules';
import { openSqliteStorage } from '../../src/repositories';
import { getJson, play, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();

describe('a full game through the SDK', () => {
  test('two players play to the end; the result, scores and dice are stored, served and verifiable', async () => {
    const players = await startedTable(t, 2, { base: 20 });
    const [a, b] = players;
    const commitment = a!.state.commitment as string;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(a!.state.seed).toBe('');
    expect(new Set(players.map((p) => p.colour))).toEqual(new Set(['red', 'yellow']));

    // While the game runs the match is stored, but its seed stays secret.
    const matchId = a!.state.matchId as string;
    const during = await getJson(t, `/api/matches/${matchId}`);
    expect(during.status).toBe(200);
    expect(during.body).toMatchObject({ status: 'playing', seed: null, commitment });

    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    const s = a!.state;
    const final = a!.game;
    expect(s.status).toBe('over');
    expect(s.result.reason).toBe('finish');
    const winner = s.result.winner as 'red' | 'yellow';
    expect(arrivedCount(final, winner)).toBe(4);
    expect(b!.state.seed).toBe(s.seed);
    // Both clients kept the same engine state from the stream, without a gap.
    expect(b!.game).toEqual(final);
    expect(players.map((p) => p.gaps)).toEqual([0, 0]);

    // The revealed seed matches the commitment and recomputes every roll of the stored log.
    const match = (await getJson(t, `/api/matches/${matchId}`)).body;
    expect(match.status).toBe('finished');
    expect(match.seed).toBe(s.seed);
    expect(verifyRolls(match.seed, commitment, rollsIn(match.actions))).toEqual({ ok: true, value: { rolls: final.rolls } });
    const verified = (await getJson(t, `/api/matches/${matchId}/verify`)).body;
    expect(verified.dice.ok).toBe(true);
    expect(verified.replay).toMatchObject({ ok: true, matchesRecord: true, gameOver: true });

    // The stored setup + actions rebuild the exact final game the players saw.
    const replayed = replayGame(match.setup, match.actions);
    expect(replayed.ok).toBe(true);
    expect(replayed.ok && replayed.value.state).toEqual(final);

    // Scores follow RULES.md §7.1 and are on the seats, in the match and in each profile.
    // New guests hold no coins: the loser's loss is floored at what it holds, so its coins stay at 0.
    const expected = scoreGame(final, { base: 20, coinsHeld: { red: 0, yellow: 0 } });
    if (!expected.ok) throw new Error(expected.error.message);
    const loser = winner === 'red' ? 'yellow' : 'red';
    const lost = expected.value.seats[loser]!;
    expect(lost).toMatchObject({ coins: Math.max(lost.coinsEarned, 0), coinsAfter: Math.max(lost.coinsEarned, 0) });
    for (const seat of match.seats) {
      const mine = expected.value.seats[seat.colour as 'red' | 'yellow']!;
      expect(seat).toMatchObject({ coins: mine.coins, coinsEarned: mine.coinsEarned, coinsAfter: mine.coinsAfter });
    }
    for (const p of players) {
      const mine = expected.value.seats[p.colour as 'red' | 'yellow']!;
      expect(p.seat.score).toBe(mine.score);
      const profile = (await getJson(t, `/api/players/${p.guest.playerId}`)).body;
      expect(profile).toMatchObject({
        nickname: p.guest.nickname,
        lifetimeScore: mine.score,
        coins: mine.coins,
        games: 1,
        wins: p.colour === winner ? 1 : 0,
        level: levelFor(mine.score).level,
      });
      expect(profile.secretHash).toBeUndefined();
      expect(profile.recentMatches[0]).toMatchObject({ id: matchId, colour: p.colour, score: mine.score, status: 'finished' });
    }
    expect(expected.value.seats[winner as 'red']!.score).toBeGreaterThan(0);

    // The leaderboard ranks by lifetime score.
    const board = (await getJson(t, '/api/leaderboard')).body as { playerId?: string; id: string; lifetimeScore: number }[];
    const winnerId = players.find((p) => p.colour === winner)!.guest.playerId;
    expect(board[0]!.id).toBe(winnerId);

    // Nothing of it lives only in memory: a fresh connection to the SQLite file sees the same match.
    const reopened = await openSqliteStorage(t.dbFile);
    try {
      expect((await reopened.getMatch(matchId))?.actions).toEqual(match.actions);
    } finally {
      await reopened.close();
    }
  });

  test('four players in team mode play to the end; both members of the winning team win', async () => {
    const players = await startedTable(t, 4, { teams: true, base: 10 });
    expect(players.map((p) => p.seat.team).sort()).toEqual([0, 0, 1, 1]);
    await play(players);
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result to be recorded');
    const s = players[0]!.state;
    expect(s.result.reason).toBe('finish');
    const winners = [...s.result.winners] as string[];
    expect(winners).toHaveLength(2);
    const team = s.seats.get(winners[0]).team;
    expect(s.seats.get(winners[1]).team).toBe(team);

    const expected = scoreGame(players[0]!.game, { base: 10 });
    if (!expected.ok) throw new Error(expected.error.message);
    const match = (await getJson(t, `/api/matches/${s.matchId}`)).body;
    expect(match.setup).toMatchObject({ preset: 'online', teams: true });
    for (const seat of match.seats) {
      expect(seat.score).toBe(expected.value.seats[seat.colour as 'red']!.score);
      expect(seat.winner).toBe(winners.includes(seat.colour));
    }
    expect(verifyRolls(match.seed, match.commitment, rollsIn(match.actions)).ok).toBe(true);
  });
});
