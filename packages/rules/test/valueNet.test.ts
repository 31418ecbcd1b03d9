import { createRng } from '../src';
import { CODE_COUNT, DENSE_COUNT, DENSE_NAMES, INPUT_LENGTH, netInput } from '../src/review/netInput';
import { type ValueNet, decodeBytes, encodeBytes, netChances, netLogit, valueNetFor } from '../src/review/valueNet';
import { chancesWith, staticChances } from '../src/review/winModel';
import { recordOf } from '../scripts/valueNet/records';
import { addGradient, chanceOf, targetOf, trainValueNet, zeros } from '../scripts/valueNet/train';
import { samplePositions } from '../scripts/winModel/positions';
import winModel from '../src/review/winModel.json';
import { H, create, game } from './helpers';

/** A net of seeded weights (no fit needed to test the arithmetic). */
function seededNet(hidden: number, seed: string): ValueNet {
  const rng = createRng(seed);
  const net = zeros(hidden);
  for (const part of [net.lin, net.W1, net.Wd, net.b1, net.w2]) for (let i = 0; i < part.length; i++) part[i] = rng.next() - 0.5;
  return net;
}

const duel = () => create(game('online', { red: [7, 51, H, 56], yellow: [20, 20, 0, H] }, { firstSeat: 'yellow' }));

describe('the value net (src/review/valueNet.ts)', () => {
  test('signed bytes survive base64: each weight within half a step of its scale', () => {
    const rng = createRng('bytes');
    const values = Array.from({ length: 301 }, () => (rng.next() - 0.5) * 3);
    const packed = encodeBytes(values);
    const back = decodeBytes(packed);
    expect(back.length).toBe(values.length);
    values.forEach((v, i) => expect(Math.abs(back[i]! - v)).toBeLessThanOrEqual(packed.scale / 2 + 1e-9));
    expect(Math.max(...Array.from(back, Math.abs))).toBeCloseTo(Math.max(...values.map(Math.abs)), 5);
  });

  test("the input: differences from the seat's point of view, then its plane codes, then the other's", () => {
    const state = duel();
    const red = new Float64Array(INPUT_LENGTH);
    const yellow = new Float64Array(INPUT_LENGTH);
    netInput(state, 'red', red);
    netInput(state, 'yellow', yellow);
    for (let j = 0; j < DENSE_COUNT; j++) expect(red[j]).toBeCloseTo(-yellow[j]!, 12);
    const at = (name: string) => DENSE_NAMES.indexOf(name as (typeof DENSE_NAMES)[number]);
    expect(red[at('planes on lane 51')]).toBe(1);
    expect(red[at('planes on ring 6-10')]).toBe(1);
    expect(red[at('planes on ring 16-20')]).toBe(-2);
    expect(red[at('stacks (squares with two or more own planes)')]).toBe(-1);
    expect(red[at('one plane left to arrive')]).toBe(0);
    expect(Array.from(red.subarray(DENSE_COUNT))).toEqual([8, 52, 0, 57, 21, 21, 1, 0]);
    expect(Array.from(yellow.subarray(DENSE_COUNT))).toEqual([21, 21, 1, 0, 8, 52, 0, 57]);
    expect(Math.max(...red.subarray(DENSE_COUNT))).toBeLessThan(CODE_COUNT);
  });

  test("the two seats' logits are opposite, so their chances sum to 1", () => {
    const net = seededNet(8, 'sym');
    const state = duel();
    const red = new Float64Array(INPUT_LENGTH);
    const yellow = new Float64Array(INPUT_LENGTH);
    netInput(state, 'red', red);
    netInput(state, 'yellow', yellow);
    expect(netLogit(net, red)).toBeCloseTo(-netLogit(net, yellow), 12);
    const chances = netChances(net, state);
    expect(chances[0]! + chances[2]!).toBeCloseTo(1, 12);
    expect(chances[1]).toBe(0);
    expect(chances[3]).toBe(0);
  });

  test("the gradient the fit follows is the logit's own (finite differences)", () => {
    const net = seededNet(6, 'grad');
    const input = new Float32Array(INPUT_LENGTH);
    const scratch = new Float64Array(INPUT_LENGTH);
    netInput(duel(), 'red', scratch);
    input.set(scratch);
    const g = zeros(6);
    netLogit(net, input);
    addGradient(net, g, input, 1);
    for (const part of ['lin', 'W1', 'Wd', 'b1', 'w2'] as const) {
      const w = net[part];
      for (let i = 0; i < w.length; i += Math.max(1, Math.floor(w.length / 40))) {
        const keep = w[i]!;
        w[i] = keep + 1e-6;
        const up = netLogit(net, input);
        w[i] = keep - 1e-6;
        const down = netLogit(net, input);
        w[i] = keep;
        expect(g[part][i]).toBeCloseTo((up - down) / 2e-6, 4);
      }
    }
  });

  test("the committed net reads the online preset's two-seat games; other tables keep the win model", () => {
    const state = duel();
    const net = valueNetFor(state);
    expect(net).not.toBeNull();
    expect(staticChances(state)).toEqual(netChances(net!, state));
    const four = create(game('online', {}, { seats: ['red', 'green', 'yellow', 'blue'] }));
    expect(valueNetFor(four)).toBeNull();
    expect(valueNetFor(create(game('online', {}, { seats: ['red', 'green', 'yellow', 'blue'], teams: true })))).toBeNull();
    expect(valueNetFor(create(game('traditional')))).toBeNull();
    expect(staticChances(four)).toEqual(chancesWith(Float64Array.from(winModel.groups['online/4']), four));
  });

  test("value iteration: each position's value moves towards what it is one roll later, the same way for the same seed", () => {
    const records = samplePositions({ preset: 'online', kind: '2' }, 12, 7, 0.33).map((p) => recordOf(p));
    expect(records.length).toBeGreaterThan(200);
    for (const r of records) expect(r.faces).toHaveLength(6);
    const gap = (net: ValueNet) => records.reduce((sum, r) => sum + Math.abs(chanceOf(net, r) - targetOf(net, r)), 0) / records.length;
    const options = { hidden: 4, iterations: 1, epochs: 2, rate: 0.002, seed: 'test', lin: Array.from(winModel.groups['online/2']) };
    const gaps: number[] = [];
    const longer = trainValueNet(records, { ...options, iterations: 4, onIteration: (net) => gaps.push(gap(net)) });
    expect(gaps[3]!).toBeLessThan(gaps[0]!);
    const again = trainValueNet(records, { ...options, iterations: 4 });
    expect(Array.from(again.W1)).toEqual(Array.from(longer.W1));
    expect(Array.from(again.lin)).toEqual(Array.from(longer.lin));
  });
});
