import { LocalPresence } from '@colyseus/core';
import pino from 'pino';
import { LiveEvents, type Page } from '../../src/friends/liveEvents';

/** A page as LiveEvents sees it, remembering whether it was dropped. */
function page(playerId: string, id?: string): Page & { dropped: boolean } {
  const p = {
    playerId,
    ...(id === undefined ? {} : { id }),
    dropped: false,
    write: () => undefined,
    end: () => undefined,
    drop: () => void (p.dropped = true),
  };
  return p;
}

describe('pages that name themselves must say they are there', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  test('one silent for 2 minutes is dropped and its player counted gone; one that says so, or one without a name, stays', async () => {
    const closed: string[] = [];
    const board = {
      watch: async () => new Map(),
      unwatch: () => undefined,
      pageOpened: () => undefined,
      pageClosed: (playerId: string) => void closed.push(playerId),
    };
    const friendsOf = async () => ({
      friends: [],
      incoming: [],
      outgoing: [],
      code: 'X',
      settings: { appearOffline: false, invitations: 'everyone' as const },
    });
    const live = new LiveEvents(new LocalPresence(), board, friendsOf, pino({ level: 'silent' }));
    await live.start();
    const [silent, talking, unnamed] = [page('ann', 'page-ann-0001'), page('bob', 'page-bob-0001'), page('cy')];
    for (const p of [silent, talking, unnamed]) await live.open(p);
    for (let s = 0; s < 150; s += 30) {
      await live.here('bob', 'page-bob-0001');
      // Another player saying Ann's page name keeps nothing alive.
      await live.here('bob', 'page-ann-0001');
      await jest.advanceTimersByTimeAsync(30_000);
    }
    expect([silent.dropped, talking.dropped, unnamed.dropped]).toEqual([true, false, false]);
    expect(closed).toEqual(['ann']);
    live.stop();
  });
});
