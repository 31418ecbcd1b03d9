import { legalMoves } from '@flightchess/rules';
import { type Player, newGuest, sleep, startedTable, waitFor } from '../support/players';
import { type TestServer, startTestServer } from '../support/server';

jest.setTimeout(30_000);

const MAX_PER_SECOND = 20;

let t: TestServer;
let players: Player[];
/** The seat whose turn it is, and the other one: looked up afresh, as a roll may pass the turn. */
let mover: Player;
let other: Player;

beforeAll(async () => {
  t = await startTestServer({ maxMessagesPerSecond: MAX_PER_SECOND, maxPayloadBytes: 4096 });
  players = await startedTable(t, 2);
});
afterAll(async () => {
  await t.close();
});

/** What "nothing changed" means: the whole engine state and its clock (as a client has them), and the stored action log. */
async function snapshot(): Promise<{ game: string; clock: unknown; stored: number }> {
  await sleep(20); // let any (wrongly) applied change arrive
  const match = await t.storage.getMatch(other.state.matchId as string);
  return { game: JSON.stringify(other.game), clock: other.clock, stored: match!.actions.length };
}

/** Pace the messages of one test so the flood limit only bites where a test floods on purpose. */
beforeEach(async () => {
  await sleep((1000 / MAX_PER_SECOND) * 4);
  const viewer = players[0]!;
  mover = players.find((p) => p.colour === viewer.game.current)!;
  other = players.find((p) => p !== mover)!;
});

/** Send a legal action of the seat to move (its roll, or its first legal move); returns the message. */
function actFor(p: Player): [string, Record<string, number>] {
  const { version } = p.game;
  const message: [string, Record<string, number>] =
    p.game.phase === 'roll' ? ['roll', { version }] : ['move', { version, plane: legalMoves(p.game)[0]!.plane }];
  p.send(...message);
  return message;
}

describe('bad input is refused with a reason, and changes nothing', () => {
  test('out of turn: the seat that is not to move rolls', async () => {
    const before = await snapshot();
    expect(await other.refused('roll', { version: other.game.version })).toMatchObject({ code: 'ERR_NOT_YOUR_TURN', request: 'roll' });
    expect(await other.refused('move', { version: other.game.version, plane: 0 })).toMatchObject({ code: 'ERR_NOT_YOUR_TURN' });
    expect(await snapshot()).toEqual(before);
  });

  test('wrong seat: a message naming a seat or colour, even the right one, is refused', async () => {
    const before = await snapshot();
    const { version } = mover.game;
    const forSomeoneElse = await other.refused('roll', { version, seat: mover.colour });
    expect(forSomeoneElse).toMatchObject({ code: 'ERR_BAD_MESSAGE', message: expect.stringContaining('seat') });
    expect(await mover.refused('roll', { version, seat: mover.colour })).toMatchObject({ code: 'ERR_BAD_MESSAGE' });
    expect(await mover.refused('move', { version, plane: 0, colour: other.colour })).toMatchObject({ code: 'ERR_BAD_MESSAGE' });
    expect(await snapshot()).toEqual(before);
  });

  test('forged dice: a roll carrying a value is refused', async () => {
    const before = await snapshot();
    const refusal = await mover.refused('roll', { version: mover.game.version, value: 6 });
    expect(refusal).toMatchObject({ code: 'ERR_BAD_MESSAGE', message: expect.stringContaining('value') });
    expect(await snapshot()).toEqual(before);
  });

  test('stale version: an action made against an old or future version is refused; a replayed action too', async () => {
    const before = await snapshot();
    const { version } = mover.game;
    expect(await mover.refused('roll', { version: version + 1 })).toMatchObject({ code: 'ERR_STALE_VERSION' });
    expect(await snapshot()).toEqual(before);

    // A genuine action, then the very same message again: the second one is stale.
    const sent = actFor(mover);
    await waitFor(() => other.game.version === version + 1, 'the action');
    const after = await snapshot();
    expect(await mover.refused(...sent)).toMatchObject({
      code: 'ERR_STALE_VERSION',
      message: expect.stringContaining(`version ${version}`),
    });
    expect(await snapshot()).toEqual(after);
  });

  test.each([
    ['a string payload', 'roll', 'garbage', 'ERR_BAD_MESSAGE'],
    ['a number payload', 'move', 42, 'ERR_BAD_MESSAGE'],
    ['a version of the wrong type', 'roll', { version: 'latest' }, 'ERR_BAD_MESSAGE'],
    ['a negative version', 'roll', { version: -1 }, 'ERR_BAD_MESSAGE'],
    ['a plane out of range', 'move', { version: 0, plane: 9 }, 'ERR_BAD_MESSAGE'],
    ['a missing field', 'answer-resign', { version: 0 }, 'ERR_BAD_MESSAGE'],
    ['an unknown colour', 'pick-colour', { colour: 'purple' }, 'ERR_BAD_MESSAGE'],
    ['a nested object', 'auto-play', { on: { $gt: 0 } }, 'ERR_BAD_MESSAGE'],
    ['an unknown message type', 'teleport', { plane: 0 }, 'ERR_UNKNOWN_MESSAGE'],
  ])('malformed: %s', async (_what, type, payload, code) => {
    const before = await snapshot();
    expect(await mover.refused(type, payload)).toMatchObject({ code, request: type });
    expect(await snapshot()).toEqual(before);
  });

  test('every Object.prototype member name as a message type is an unknown message, refused, changing nothing', async () => {
    await sleep(1000); // a full bucket
    const before = await snapshot();
    const names = Object.getOwnPropertyNames(Object.prototype);
    expect(names).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']));
    for (const [i, name] of names.entries()) {
      if (i > 0 && i % (MAX_PER_SECOND - 2) === 0) await sleep(1000); // stay inside the flood limit
      expect(await mover.refused(name, {})).toMatchObject({ code: 'ERR_UNKNOWN_MESSAGE', request: name });
    }
    expect(await snapshot()).toEqual(before);
    // The table (and the process) carry on: the player to move still can.
    const { version } = mover.game;
    actFor(mover);
    await waitFor(() => other.game.version > version, 'the game to go on');
  });

  test.each([
    ['an empty frame', []],
    ['an unknown frame kind', [99, 1, 2, 3]],
    ['a message frame without a type', [13]],
    ['a type whose length runs past the frame', [13, 0xd9, 200, 0x61]],
    ['a payload that is not msgpack', [13, 0xa4, 0x72, 0x6f, 0x6c, 0x6c, 0x82, 0xa1, 0x61]],
  ])('an undecodable frame (%s) closes only that connection with code 4400 and a reason; the seat is held', async (_what, bytes) => {
    await sleep(200);
    const before = await snapshot();
    const colour = other.colour;
    const left = new Promise<{ code: number; reason: string }>((resolve) =>
      other.room.onLeave((code, reason) => resolve({ code, reason: String(reason ?? '') })),
    );
    (other.room.connection as unknown as { send(data: Uint8Array): void }).send(new Uint8Array(bytes));
    const closed = await left;
    expect(closed.code).toBe(4400);
    expect(closed.reason).toMatch(/^ERR_BAD_FRAME: /);
    await waitFor(() => mover.state.seats.get(colour).connected === false, 'the drop to show');
    expect(t.logs.events('bad-frame').length).toBeGreaterThan(0);
    other.adopt(await t.colyseus.sdk.reconnect(other.room.reconnectionToken));
    await waitFor(() => mover.state.seats.get(colour).connected === true && other.colour === colour, 'the reconnection');
    expect(await snapshot()).toEqual(before);
  });

  test('a binary payload and a numeric message type are refused like any malformed message', async () => {
    await sleep(200);
    const before = await snapshot();
    const errors = mover.errors.length;
    mover.room.sendBytes('roll', new Uint8Array([1, 2, 3]));
    await waitFor(() => mover.errors.length > errors, 'the refusal');
    expect(mover.errors[errors]).toMatchObject({ code: 'ERR_BAD_MESSAGE', request: 'roll' });
    expect(await mover.refused(7 as unknown as string, { version: 0 })).toMatchObject({ code: 'ERR_UNKNOWN_MESSAGE', request: '7' });
    expect(await snapshot()).toEqual(before);
  });

  test('a flood is cut off for the flooder only; the other player is not affected', async () => {
    await sleep(1000); // a full bucket
    const before = await snapshot();
    const errors = other.errors.length;
    for (let i = 0; i < 200; i++) other.send('roll', { version: other.game.version });
    await waitFor(() => other.errors.some((e, i) => i >= errors && e.code === 'ERR_RATE_LIMITED'), 'the rate limit');
    await sleep(50);
    const answered = other.errors.slice(errors);
    // The messages within the budget were answered (out of turn); the rest were dropped, with one
    // notice a second (two if the burst straddled a second on a busy machine).
    const notices = answered.filter((e) => e.code === 'ERR_RATE_LIMITED').length;
    expect(notices).toBeGreaterThanOrEqual(1);
    expect(notices).toBeLessThanOrEqual(2);
    expect(answered.filter((e) => e.code === 'ERR_NOT_YOUR_TURN').length).toBeLessThanOrEqual(notices * MAX_PER_SECOND + 2);
    expect(await snapshot()).toEqual(before);
    expect(t.logs.events('action-rejected').filter((l) => l.code === 'ERR_RATE_LIMITED')).toHaveLength(notices);

    // The player whose turn it is plays on as usual.
    const { version } = mover.game;
    actFor(mover);
    await waitFor(() => mover.game.version > version, "the other player's action");
    expect(mover.errors.filter((e) => e.code === 'ERR_RATE_LIMITED')).toHaveLength(0);
  });

  test('an oversized payload closes only that connection; the seat is held and the game untouched', async () => {
    await sleep(1000);
    const before = await snapshot();
    const colour = other.colour;
    const left = new Promise<number>((resolve) => other.room.onLeave((code) => resolve(code)));
    other.send('move', { version: other.game.version, plane: 0, padding: 'x'.repeat(8 * 1024) });
    expect(await left).toBe(1009); // "message too big"
    await waitFor(() => mover.state.seats.get(colour).connected === false, 'the drop to show');
    expect(mover.game.out[colour]).toBeUndefined();
    expect(JSON.stringify(mover.game)).toBe(before.game);

    other.adopt(await t.colyseus.sdk.reconnect(other.room.reconnectionToken));
    await waitFor(() => mover.state.seats.get(colour).connected === true && other.colour === colour, 'the reconnection');
    expect(await snapshot()).toEqual(before);
  });
});

describe('logs', () => {
  test('every refusal is logged with the table and the seat; no secret is ever logged', async () => {
    const refusals = t.logs.events('action-rejected');
    expect(refusals.length).toBeGreaterThan(10);
    for (const line of refusals) {
      expect(line).toMatchObject({ tableId: mover.room.roomId, level: 40 });
      expect(['red', 'yellow']).toContain(line.seat);
      expect(typeof line.code).toBe('string');
    }
    const secrets = players.map((p) => p.guest.secret);
    const probe = await newGuest(t, 'Probe');
    secrets.push(probe.secret);
    const all = t.logs.raw.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    for (const p of players) expect(all).not.toContain(p.room.reconnectionToken.split(':')[1]);
    expect(t.logs.events('table-created')).toHaveLength(1);
    expect(t.logs.events('game-started')).toHaveLength(1);
  });
});
