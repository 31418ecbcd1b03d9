import type { PresenceTable } from '@flightchess/protocol';
import { type PresencePart, type TableActivity, partOf, presenceOf } from '../../src/friends/presenceParts';

const table = (roomId: string, progress = 0): PresenceTable => ({
  roomId,
  preset: 'classic',
  size: 4,
  teams: false,
  rated: true,
  watchable: true,
  progress,
});
const at = (state: TableActivity['state'], roomId: string, progress = 0): TableActivity => ({ state, table: table(roomId, progress) });
const part = (state: PresencePart['state'], since: number, atMs: number, roomId?: string): PresencePart => ({
  state,
  since,
  at: atMs,
  ...(roomId ? { table: table(roomId) } : {}),
});

describe("one process's part for a player", () => {
  test.each([
    ['nothing here', [], false, null],
    ['a page open', [], true, 'online'],
    ['watching beats online', [at('watching', 'w')], true, 'watching'],
    ['waiting beats watching', [at('watching', 'w'), at('waiting', 'x')], false, 'waiting'],
    ['playing beats everything', [at('waiting', 'x'), at('playing', 'p'), at('watching', 'w')], true, 'playing'],
  ] as const)('%s', (_, tables, pages, state) => {
    expect(partOf(tables, pages, null, 100)?.state ?? null).toBe(state);
  });

  test('its time carries over while the state and the table stay; a new table or state starts it again', () => {
    const first = partOf([at('playing', 'p', 0)], true, null, 100)!;
    expect(first.since).toBe(100);
    const later = partOf([at('playing', 'p', 0.5)], true, { ...first, at: 100 }, 200)!;
    expect(later).toMatchObject({ since: 100, table: { progress: 0.5 } });
    expect(partOf([at('playing', 'q')], true, { ...later, at: 200 }, 300)!.since).toBe(300);
    expect(partOf([], true, { ...later, at: 200 }, 400)).toEqual({ state: 'online', since: 400 });
  });
});

describe("a player's presence over every process's parts", () => {
  test('the most telling fresh part; on a tie the one held longest; none: offline since last seen', () => {
    const parts = [part('online', 50, 1000), part('waiting', 70, 1000, 'x'), part('waiting', 60, 1000, 'y')];
    expect(presenceOf(parts, 5, 1000, 45_000)).toEqual({ state: 'waiting', since: 60, table: table('y') });
    expect(presenceOf([], 5, 1000, 45_000)).toEqual({ state: 'offline', since: 5 });
  });

  test("a dead process's part (not said again within freshMs) is ignored", () => {
    const parts = [part('playing', 0, 1_000, 'p'), part('online', 10, 50_000)];
    expect(presenceOf(parts, 0, 50_000, 45_000)).toEqual({ state: 'online', since: 10 });
    expect(presenceOf(parts.slice(0, 1), 7, 50_000, 45_000)).toEqual({ state: 'offline', since: 7 });
  });
});
