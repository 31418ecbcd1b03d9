import { NetSession } from '../src/online/netSession';
import { MemoryStore } from './support';

const answer = (body: unknown, status: number) =>
  jest.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

const ENDED = {
  tableId: 'r1',
  status: 'finished',
  endedAt: 1_000,
  matchId: 'm1',
  players: ['Ann', 'Bob'],
  settings: { preset: 'plyyard', size: 2, teams: false, base: 10, turnSeconds: 15, private: true, rated: false, watchable: true },
};

describe('NetSession.tableOfCode: a link’s code leads to its table, or tells what became of it', () => {
  afterEach(() => jest.restoreAllMocks());
  const session = () => new NetSession(new MemoryStore(), 'http://game.test/');

  test('an open table: its room', async () => {
    answer({ code: 'ACDEFG', roomId: 'r4', link: '/?join=ACDEFG' }, 200);
    expect(await session().tableOfCode('ACDEFG')).toEqual({ roomId: 'r4' });
  });

  test('a table gone after a game: what the server tells of it; gone before one (or never): null', async () => {
    answer({ error: { code: 'ERR_NO_TABLE', message: 'closed' }, ended: ENDED }, 404);
    expect(await session().tableOfCode('ACDEFG')).toEqual({ gone: ENDED });
    answer({ error: { code: 'ERR_NO_TABLE', message: 'no table has the code' } }, 404);
    expect(await session().tableOfCode('ACDEFG')).toEqual({ gone: null });
  });

  test('any other refusal is not taken for a gone table', async () => {
    answer({ error: { code: 'ERR_TOO_MANY', message: 'too many join-code lookups' } }, 429);
    await expect(session().tableOfCode('ACDEFG')).rejects.toMatchObject({ code: 'ERR_TOO_MANY' });
  });
});

describe('NetSession.match: a game known from a table’s link is asked for with that table’s code', () => {
  afterEach(() => jest.restoreAllMocks());

  test('the code of the table the game was played at goes with the request; an unknown game asks with none', async () => {
    const session = new NetSession(new MemoryStore(), 'http://game.test/');
    session.rememberCode('r1', 'ACDEFG');
    session.rememberGame('r1', 'm1');
    const fetch = answer({ id: 'm1' }, 200);
    await session.match('m1');
    await session.match('m2');
    await session.verify('m1');
    expect(fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ code: 'ACDEFG' }, {}, { code: 'ACDEFG' }]);
  });
});
