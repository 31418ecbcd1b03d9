import type { TableListing } from './records';
import { tableFacts } from './tableFacts';
import { liveGames } from './watching';

const table = (roomId: string, over: Partial<TableListing>): TableListing => ({
  roomId,
  preset: 'online',
  size: 4,
  teams: false,
  base: 10,
  turnSeconds: 15,
  status: 'playing',
  seated: 4,
  names: [],
  watchable: true,
  watchers: 0,
  humans: 1,
  arrived: [],
  seats: [],
  startedAt: 0,
  rated: false,
  ...over,
});

test('live games: watchable games in progress only, the most people playing first, then the newest game', () => {
  const tables = [
    table('old-two', { humans: 2, startedAt: 100 }),
    table('seating', { status: 'waiting', humans: 4 }),
    table('one', { humans: 1, startedAt: 900 }),
    table('new-two', { humans: 2, startedAt: 500 }),
    table('private-ish', { humans: 4, watchable: false }),
    table('over', { status: 'over', humans: 3 }),
  ];
  expect(liveGames(tables).map((t) => t.roomId)).toEqual(['new-two', 'old-two', 'one']);
  expect(liveGames([])).toEqual([]);
});

test('the table facts read the watchers: the count, the names (strings only), whether watching is allowed', () => {
  expect(tableFacts({ watchers: 3, watcherNames: ['Ann', 7, 'Bob'], watchable: false })).toMatchObject({
    watchers: 3,
    watcherNames: ['Ann', 'Bob'],
    watchable: false,
  });
  // A server without watching (older state): nobody watches, and watching is not ruled out.
  expect(tableFacts({})).toMatchObject({ watchers: 0, watcherNames: [], watchable: true });
});
