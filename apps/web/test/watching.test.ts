import { Client, type Room } from 'colyseus.js';
import { NetSession } from '../src/online/netSession';
import { MemoryStore } from './support';

const ANN = { playerId: 'p1', secret: 's1', nickname: 'Ann' };

/** The join options each joinById was given (no server: the SDK's calls are stubbed). */
function stubJoins(): Record<string, unknown>[] {
  const given: Record<string, unknown>[] = [];
  jest.spyOn(Client.prototype, 'joinById').mockImplementation(async (roomId: string, options?: unknown) => {
    given.push(options as Record<string, unknown>);
    return { roomId, reconnectionToken: `${roomId}:token` } as unknown as Room;
  });
  jest.spyOn(Client.prototype, 'reconnect').mockRejectedValue(new Error('the room does not hold this token'));
  return given;
}

/** A browser that has played before (its guest is stored), with the SDK's joins stubbed. */
function browserSession() {
  const store = new MemoryStore();
  store.setItem('flightchess.player', JSON.stringify(ANN));
  return { store, given: stubJoins(), session: new NetSession(store, 'http://game.test/') };
}

describe('NetSession: watching', () => {
  afterEach(() => jest.restoreAllMocks());

  test('watching a table asks with watch: true and is remembered: a reload and a rejoin after a restart come back watching', async () => {
    const { store, given, session } = browserSession();
    await session.watchRoom('r1', 'Ann');
    expect(given[0]).toEqual({ playerId: 'p1', secret: 's1', watch: true });
    expect(session.isWatching('r1')).toBe(true);

    // A new page (a reload): the token is refused, the join by id watches again.
    const reloaded = new NetSession(store, 'http://game.test/');
    await reloaded.joinRoom('r1', 'Ann');
    expect(given[1]).toEqual({ playerId: 'p1', secret: 's1', watch: true });
    // The table was restored by another process: the connection's rejoin watches too.
    await reloaded.rejoin('r1');
    expect(given[2]).toEqual({ playerId: 'p1', secret: 's1', watch: true });
  });

  test('a table the browser sits at (or no longer watches) is joined and rejoined as a player', async () => {
    const { given, session } = browserSession();
    await session.joinRoom('r2', 'Ann');
    await session.watchRoom('r3', 'Ann');
    session.setWatching('r3', false); // the watcher took a seat
    await session.rejoin('r3');
    expect(given).toEqual([
      { playerId: 'p1', secret: 's1' },
      { playerId: 'p1', secret: 's1', watch: true },
      { playerId: 'p1', secret: 's1' },
    ]);
    expect(session.isWatching('r2')).toBe(false);
  });

  test("a private table's code, known from its link or its facts, goes with every join and watch there (its room id alone lets no newcomer in)", async () => {
    const { given, session } = browserSession();
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify({ code: 'ACDEFG', roomId: 'r4', link: '/?join=ACDEFG' }), { status: 200 }));
    expect(await session.tableOfCode('acdefg')).toEqual({ roomId: 'r4' });
    await session.joinRoom('r4', 'Ann');
    await session.watchRoom('r4', 'Ann');
    await session.rejoin('r4');
    session.rememberCode('r5', 'HJKMNP');
    await session.watchRoom('r5', 'Ann');
    await session.watchRoom('r6', 'Ann');
    expect(given).toEqual([
      { playerId: 'p1', secret: 's1', code: 'ACDEFG' },
      { playerId: 'p1', secret: 's1', watch: true, code: 'ACDEFG' },
      { playerId: 'p1', secret: 's1', watch: true, code: 'ACDEFG' },
      { playerId: 'p1', secret: 's1', watch: true, code: 'HJKMNP' },
      { playerId: 'p1', secret: 's1', watch: true },
    ]);
  });
});
