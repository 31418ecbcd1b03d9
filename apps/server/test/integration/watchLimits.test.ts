import { JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { Client } from 'colyseus.js';
import { type Guest, Player, credentials, waitFor } from '../support/players';
import { TEST_CONFIG, testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

/**
 * Watchers are connections like any other: WATCHERS_PER_TABLE caps them per table, and they count towards
 * MAX_CONNECTIONS, SOCKETS_PER_ADDRESS and JOINS_PER_MINUTE. Each test speaks for client addresses of its
 * own (127.0.0.1 is trusted as a proxy, so X-Forwarded-For names the client).
 */
const t = testServerPerFile({
  trustProxy: ['127.0.0.1'],
  watchersPerTable: 3,
  maxConnections: 6,
  limits: { ...TEST_CONFIG.limits!, joinsPerMinute: 3, socketsPerAddress: 2 },
});

const sdkFrom = (address: string) => new Client(t.baseUrl, { headers: { 'x-forwarded-for': address } });

async function guest(nickname: string): Promise<Guest> {
  const res = await fetch(`${t.baseUrl}/api/guests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname }),
  });
  return (await res.json()) as Guest;
}

const watchFrom = async (address: string, roomId: string, nickname: string) => {
  const g = await guest(nickname);
  return new Player(await sdkFrom(address).joinById(roomId, { ...credentials(g), watch: true }), g);
};

async function table(address: string): Promise<Player> {
  const g = await guest('Host');
  const host = new Player(await sdkFrom(address).create('table', { size: 2, ...credentials(g) }), g);
  await waitFor(() => host.seated, 'the seat');
  return host;
}

describe('limits on watchers', () => {
  test('a table takes at most WATCHERS_PER_TABLE watchers: the next one is refused with ERR_WATCHERS_FULL until one leaves', async () => {
    const host = await table('10.1.0.1');
    const roomId = host.room.roomId;
    const watchers = [];
    for (let i = 0; i < 3; i++) watchers.push(await watchFrom(`10.1.0.${10 + i}`, roomId, `W${i}`));
    await waitFor(() => host.state.watchers === 3, 'three watchers');
    await expect(watchFrom('10.1.0.20', roomId, 'Fourth')).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_WATCHERS_FULL,
      message: expect.stringMatching(/^ERR_WATCHERS_FULL: this table has its 3 watchers already/),
    });
    expect(host.state.watchers).toBe(3);
    await watchers.pop()!.room.leave();
    watchers.push(await watchFrom('10.1.0.21', roomId, 'Fourth'));
    await waitFor(() => host.state.watchers === 3, 'the newcomer in the freed place');
    await Promise.all([host, ...watchers].map((p) => p.room.leave()));
  });

  test('watchers count towards MAX_CONNECTIONS: beyond it a new watcher is refused with ERR_SERVER_FULL', async () => {
    const first = await table('10.2.0.1');
    const second = await table('10.2.0.2');
    const watchers = [];
    for (let i = 0; i < 3; i++) watchers.push(await watchFrom(`10.2.0.${10 + i}`, first.room.roomId, `W${i}`));
    watchers.push(await watchFrom('10.2.0.20', second.room.roomId, 'Sixth'));
    // Six connections: the seventh is refused, at either table.
    await expect(watchFrom('10.2.0.21', second.room.roomId, 'Seventh')).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_SERVER_FULL,
      message: expect.stringMatching(/^ERR_SERVER_FULL: this server has its 6 watchers already/),
    });
    expect(second.state.watchers).toBe(1);
    await Promise.all([first, second, ...watchers].map((p) => p.room.leave()));
  });

  test('watch joins count towards JOINS_PER_MINUTE, and watchers towards SOCKETS_PER_ADDRESS', async () => {
    const host = await table('10.3.0.1');
    const roomId = host.room.roomId;
    // Joins: three a minute from one address, watching or not.
    for (let i = 0; i < 3; i++) await (await watchFrom('10.3.0.2', roomId, `J${i}`)).room.leave();
    await expect(watchFrom('10.3.0.2', roomId, 'J3')).rejects.toMatchObject({
      code: 429,
      message: expect.stringMatching(/^ERR_TOO_MANY: too many joins/),
    });

    // Sockets: two open at once from one address; a third watcher from it does not get in.
    const open = [await watchFrom('10.3.0.3', roomId, 'S0'), await watchFrom('10.3.0.3', roomId, 'S1')];
    await waitFor(() => host.state.watchers === 2, 'two watchers');
    await expect(watchFrom('10.3.0.3', roomId, 'S2')).rejects.toBeDefined();
    await new Promise((r) => setTimeout(r, 200));
    expect(host.state.watchers).toBe(2);
    await Promise.all([host, ...open].map((p) => p.room.leave()));
  });
});
