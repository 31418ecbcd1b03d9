import type { MatchRecord } from '@flightchess/protocol';
import { commitmentOf, rollAt, streamRollAt } from '@flightchess/rules';
import { ReplaySource } from '../src/play/sources/replaySource';
import { offlineResults, onlineResults, type ResultData, resultHeadline, verifyMatchDice } from '../src/results/results';
import { setLanguage } from '../src/i18n';
import { act, gameOf } from './support';

const SEED = 'ab'.repeat(32);

/** Red one step from winning: plane 0 on p=55 (a 1 arrives), the rest home; yellow with two home. */
function almostOver() {
  return gameOf({
    preset: 'online',
    seats: ['red', 'yellow'],
    firstSeat: 'red',
    planes: { red: [55, 56, 56, 56], yellow: [56, 56, 'hangar', 20] },
  });
}

describe('results', () => {
  it('scores a finished offline game with the engine: ranking, points, coins, levels', () => {
    const rolled = act(almostOver(), { type: 'roll', seat: 'red', value: 1 });
    const over = act(rolled.state, { type: 'move', seat: 'red', plane: 0 }).state;
    const data = offlineResults(over, { red: '我' }, 10)!;
    expect(data.winner).toBe('red');
    expect(data.reason).toBe('finish');
    expect(data.rows.map((r) => [r.colour, r.rank, r.arrived, r.score, r.winner])).toEqual([
      ['red', 1, 4, 20, true],
      ['yellow', 2, 2, -20, false],
    ]);
    expect(data.rows[0]!.name).toBe('我');
    expect(data.rows[0]!.level).toBe(1);
    expect(offlineResults(almostOver(), {}, 10)).toBeNull();
  });

  it('shows an online result exactly as recorded, with the level change and the collisions of the final state', () => {
    const final = act(act(almostOver(), { type: 'roll', seat: 'red', value: 1 }).state, { type: 'move', seat: 'red', plane: 0 }).state;
    const match: MatchRecord = {
      id: 'm1',
      tableId: 't1',
      status: 'finished',
      setup: { preset: 'online', seats: ['red', 'yellow'] },
      base: 10,
      turnSeconds: 15,
      commitment: '',
      seed: SEED,
      diceStreams: null,
      tournamentId: null,
      result: { winner: 'red', winners: ['red'], reason: 'finish' },
      abortReason: null,
      rated: false,
      actions: [],
      startedAt: 1,
      endedAt: 2,
      seats: [
        {
          colour: 'yellow',
          kind: 'bot',
          bot: 'strong',
          playerId: null,
          name: 'B',
          score: -30,
          coins: -30,
          arrived: 1,
          rank: 2,
          lifetimeAfter: 0,
          levelAfter: 1,
          out: null,
          winner: false,
        },
        {
          colour: 'red',
          kind: 'human',
          bot: null,
          playerId: 'p1',
          name: 'A',
          score: 520,
          coins: 510,
          arrived: 4,
          rank: 1,
          lifetimeAfter: 600,
          levelAfter: 2,
          out: null,
          winner: true,
        },
      ],
    };
    const data = onlineResults(match, { ...final, collisions: { red: { sent: 2, lost: 1 } } });
    expect(data).toMatchObject({ reason: 'finish', winner: 'red', matchId: 'm1', base: 10, offline: false });
    expect(
      data.rows.map((r) => [r.colour, r.name, r.rank, r.arrived, r.score, r.coins, r.level, r.levelChange, r.sent, r.lost, r.winner]),
    ).toEqual([
      ['red', 'A', 1, 4, 520, 510, 2, 1, 2, 1, true],
      ['yellow', 'B', 2, 1, -30, -30, 1, 0, 0, 0, false],
    ]);
  });

  it('verifies dice from the revealed seed and reports the first roll that does not match', () => {
    const rolls = [0, 1, 2, 3].map((i) => rollAt(SEED, i));
    const actions = rolls.map((value) => ({ type: 'roll' as const, seat: 'red' as const, value }));
    const commitment = commitmentOf(SEED);
    expect(verifyMatchDice({ seed: SEED, commitment, actions, diceStreams: null })).toEqual({ ok: true, value: { rolls: 4 } });
    const tampered = actions.map((a, i) => (i === 2 ? { ...a, value: (a.value % 6) + 1 } : a));
    const bad = verifyMatchDice({ seed: SEED, commitment, actions: tampered, diceStreams: null });
    expect(bad.ok === false && bad.error).toMatchObject({ code: 'ERR_ROLL_MISMATCH', index: 2 });
    expect(verifyMatchDice({ seed: SEED, commitment: '00'.repeat(32), actions, diceStreams: null }).ok).toBe(false);
    expect(verifyMatchDice({ seed: null, commitment, actions, diceStreams: null }).ok).toBe(false);
    // A duplicate round's table: each seat's dice from its stream of the round's board.
    const duplicate = [0, 1, 2].map((n) => ({ type: 'roll' as const, seat: 'red' as const, value: streamRollAt(SEED, 2, n) }));
    expect(verifyMatchDice({ seed: SEED, commitment, actions: duplicate, diceStreams: { red: 2 } })).toEqual({
      ok: true,
      value: { rolls: 3 },
    });
    expect(verifyMatchDice({ seed: SEED, commitment, actions: duplicate, diceStreams: { red: 1 } }).ok).toBe(false);
  });
});

describe('ReplaySource', () => {
  it('steps forward with each action’s events and jumps without them', () => {
    const start = almostOver();
    const roll = { type: 'roll' as const, seat: 'red' as const, value: 1 };
    const move = { type: 'move' as const, seat: 'red' as const, plane: 0 };
    const replay = ReplaySource.of(
      { preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red', planes: { red: [55, 56, 56, 56], yellow: [56, 56, 'hangar', 20] } },
      [roll, move],
    )!;
    expect(replay.steps).toBe(2);
    expect(replay.current().view.state).toEqual(start);
    const seen: { version: number; events: string[] }[] = [];
    replay.subscribe((u) => seen.push({ version: u.view.state.version, events: u.events.map((e) => e.type) }));
    replay.goTo(1);
    replay.goTo(2);
    replay.goTo(0);
    replay.goTo(9);
    expect(seen).toEqual([
      { version: 1, events: ['rolled'] },
      { version: 2, events: ['moved', 'arrived', 'game-over'] },
      { version: 0, events: [] },
      { version: 2, events: [] },
    ]);
    expect(ReplaySource.of({ preset: 'online', seats: ['red', 'yellow'] }, [{ type: 'move', seat: 'red', plane: 0 }])).toBeNull();
  });
});

describe('the results headline', () => {
  const row = (colour: 'red' | 'green' | 'yellow' | 'blue', name: string, winner: boolean) =>
    ({
      colour,
      name,
      bot: null,
      rank: winner ? 1 : 2,
      arrived: 0,
      score: 0,
      escapePenalty: 0,
      coins: 0,
      coinsEarned: 0,
      coinsAfter: null,
      lifetimeAfter: null,
      level: 1,
      levelChange: 0,
      sent: 0,
      lost: 0,
      winner,
      out: null,
      ratingBefore: null,
      ratingAfter: null,
      ratedGames: null,
    }) as const;
  afterEach(() => setLanguage('zh-CN'));

  it('names a winning team by its colours and both its players, in either language', () => {
    const data: ResultData = {
      reason: 'finish',
      winner: 'blue',
      matchId: null,
      offline: false,
      base: 10,
      teams: true,
      me: null,
      rows: [row('blue', 'Dee', true), row('red', 'Ann', false), row('green', 'Bob', true), row('yellow', 'Cid', false)],
    };
    expect(resultHeadline(data)).toBe('胜者：绿蓝队 Bob + Dee');
    setLanguage('en');
    expect(resultHeadline(data)).toBe('Winners: Green+Blue team, Bob + Dee');
  });

  it('names a single winner, or says draw', () => {
    const one: ResultData = {
      reason: 'finish',
      winner: 'red',
      matchId: null,
      offline: false,
      base: 10,
      teams: false,
      me: null,
      rows: [row('red', 'Ann', true), row('yellow', 'Cid', false)],
    };
    expect(resultHeadline(one)).toBe('胜者：Ann');
    expect(resultHeadline({ ...one, reason: 'draw', winner: null, rows: [row('red', 'Ann', false), row('yellow', 'Cid', false)] })).toBe(
      '和棋',
    );
  });
});
