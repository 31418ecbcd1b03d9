import { commitmentOf, rollAt } from '@flightchess/rules';
import { ReplaySource } from '../src/adapter/replaySource';
import { offlineResults, onlineResults, verifyMatchDice } from '../src/adapter/results';
import { tableSnapshot } from '../src/adapter/tableView';
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
    expect(data.rows[0]!.levelName).toBe('初级学员');
    expect(offlineResults(almostOver(), {}, 10)).toBeNull();
  });

  it('reads an online result from the table and the level change from the stored match', () => {
    const table = tableSnapshot({
      status: 'over',
      matchId: 'm1',
      base: 10,
      seats: {
        red: { colour: 'red', kind: 'human', name: 'A', arrived: 4, score: 520, coins: 520, level: 2, levelName: '中级学员', sent: 2, lost: 1 },
        yellow: { colour: 'yellow', kind: 'bot', name: 'B', arrived: 1, score: -30, coins: -30, level: 1, levelName: '初级学员' },
      },
      result: { reason: 'finish', winner: 'red', winners: ['red'], recorded: true },
    });
    const match = {
      id: 'm1',
      status: 'finished',
      setup: { preset: 'online' as const, seats: ['red', 'yellow'] as const },
      base: 10,
      commitment: '',
      seed: null,
      actions: [],
      seats: [
        { colour: 'red' as const, name: 'A', kind: 'human', score: 520, rank: 1, lifetimeAfter: 600, levelAfter: 2 },
        { colour: 'yellow' as const, name: 'B', kind: 'bot', score: -30, rank: 2, lifetimeAfter: 0, levelAfter: 1 },
      ],
    };
    const data = onlineResults(table, match);
    expect(data.rows.map((r) => [r.colour, r.rank, r.score, r.level, r.levelChange, r.sent, r.lost])).toEqual([
      ['red', 1, 520, 2, 1, 2, 1],
      ['yellow', 2, -30, 1, 0, 0, 0],
    ]);
    expect(onlineResults(table, null).rows[0]!.levelChange).toBe(0);
  });

  it('verifies dice from the revealed seed and reports the first roll that does not match', () => {
    const rolls = [0, 1, 2, 3].map((i) => rollAt(SEED, i));
    const actions = rolls.map((value) => ({ type: 'roll' as const, seat: 'red' as const, value }));
    const commitment = commitmentOf(SEED);
    expect(verifyMatchDice({ seed: SEED, commitment, actions })).toEqual({ ok: true, value: { rolls: 4 } });
    const tampered = actions.map((a, i) => (i === 2 ? { ...a, value: (a.value % 6) + 1 } : a));
    const bad = verifyMatchDice({ seed: SEED, commitment, actions: tampered });
    expect(bad.ok === false && bad.error).toMatchObject({ code: 'ERR_ROLL_MISMATCH', index: 2 });
    expect(verifyMatchDice({ seed: SEED, commitment: '00'.repeat(32), actions }).ok).toBe(false);
    expect(verifyMatchDice({ seed: null, commitment, actions }).ok).toBe(false);
  });
});

describe('ReplaySource', () => {
  it('steps forward with each action’s events and jumps without them', () => {
    const start = almostOver();
    const roll = { type: 'roll' as const, seat: 'red' as const, value: 1 };
    const move = { type: 'move' as const, seat: 'red' as const, plane: 0 };
    const replay = ReplaySource.of({ preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red', planes: { red: [55, 56, 56, 56], yellow: [56, 56, 'hangar', 20] } }, [roll, move])!;
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
