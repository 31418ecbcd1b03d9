import { CLOSE_CODES, JOIN_ERROR_NUMBERS } from '@flightchess/protocol';
import { ACCOUNTS_CONFIG, accountsApi, expectNoSecretsLogged } from '../../support/accountsApi';
import { type Guest, Player, create, credentials, waitFor } from '../../support/players';
import { testServerPerFile } from '../../support/server';

jest.setTimeout(30_000);

/** A player's devices at a table over real websockets: one seat for all of them, and a signed-out device is out. */
const t = testServerPerFile(ACCOUNTS_CONFIG);
const { guest, linked, devicesOf, post } = accountsApi(t);

/** A game of the player's (on `device`) against a bot, its snapshot here: the seat is held when the connection drops. */
async function gameOf(device: Guest): Promise<Player> {
  const player = await create(t, device, { size: 2, private: true });
  player.send('add-bot', {});
  await waitFor(() => player.state.seats.size === 2, 'the bot');
  player.send('start', {});
  await waitFor(() => player.state.status === 'playing' && player.stream.state !== null, 'the game');
  return player;
}

describe('at a table', () => {
  test('the same player on two devices holds one seat: the second device taking it closes the first (4409)', async () => {
    const ann = await guest('Ann');
    const phone = { ...(await linked(ann)) } as Guest;
    const desk = await gameOf(ann);
    let closed = 0;
    desk.room.onLeave((code) => (closed = code));
    const onPhone = new Player(await t.colyseus.sdk.joinById(desk.room.roomId, credentials(phone)), phone);
    await waitFor(() => onPhone.seated && closed !== 0, 'the seat to move to the phone');
    expect(closed).toBe(CLOSE_CODES.replaced);
    expect(onPhone.colour).toBe(desk.colour);
    await onPhone.room.leave(true);
  });

  test("a signed-out device's table connection is closed at once with its own code; it cannot come back; the seat stays the player's", async () => {
    const ann = await guest('Ann');
    const phone = { ...(await linked(ann)) } as Guest;
    const onPhone = await gameOf(phone);
    let closed = 0;
    onPhone.room.onLeave((code) => (closed = code));
    const phoneId = (await devicesOf(ann)).body.find((d) => !d.current)!.id;
    await post(`/players/${ann.playerId}/devices/${phoneId}/sign-out`, { secret: ann.secret });
    await waitFor(() => closed !== 0, 'the phone to be disconnected', 5_000);
    expect(closed).toBe(CLOSE_CODES.signedOut);
    expect(t.logs.events('device-signed-out')).toContainEqual(expect.objectContaining({ deviceId: phoneId, connections: 1 }));

    // Its reconnection token is void at once: the seat is not held for this connection.
    await expect(t.colyseus.sdk.reconnect(onPhone.room.reconnectionToken)).rejects.toMatchObject({ code: 4214 });
    // A join with its old secret is refused.
    await expect(t.colyseus.sdk.joinById(onPhone.room.roomId, credentials(phone))).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_BAD_CREDENTIALS,
    });

    // The seat was held as for any drop (no escape): the player takes it back from the other device.
    const onDesk = new Player(await t.colyseus.sdk.joinById(onPhone.room.roomId, credentials(ann)), ann);
    await waitFor(() => onDesk.seated && onDesk.seat.connected, 'the seat on the desk');
    expect(onDesk.colour).toBe(onPhone.colour);
    expect(onDesk.game.out[onDesk.colour]).toBeFalsy();
    await onDesk.room.leave(true);
  });
});

describe('signed out means out', () => {
  const signOut = async (owner: Guest) => {
    const other = (await devicesOf(owner)).body.find((d) => !d.current)!.id;
    expect(await post(`/players/${owner.playerId}/devices/${other}/sign-out`, { secret: owner.secret })).toMatchObject({ status: 200 });
  };

  test("a device signed out while away, back with its token: checked before anything it sends runs — its roll and phrase neither applied nor heard; closed; the seat stays the player's", async () => {
    const ann = await guest('Ann');
    const phone = { ...(await linked(ann)) } as Guest;
    const onPhone = await gameOf(phone);
    const watcher = new Player(
      await t.colyseus.sdk.joinById(onPhone.room.roomId, { ...credentials(await guest('Wendy')), watch: true, code: onPhone.state.code }),
      await guest('Wendy2'),
    );
    // Its own turn to roll: a roll it sent would be legal.
    await waitFor(() => onPhone.game.current === onPhone.colour && onPhone.game.phase === 'roll', 'its turn', 10_000);
    const { version } = onPhone.game;
    const token = onPhone.room.reconnectionToken;
    await onPhone.room.leave(false); // away: the seat is held for its token
    await waitFor(() => watcher.state.seats.get(onPhone.colour).connected === false, 'the drop');
    await signOut(ann);

    const back = await t.colyseus.sdk.reconnect(token);
    let closed = 0;
    back.onLeave((code) => (closed = code));
    back.send('phrase', { phrase: 'hello' });
    back.send('roll', { version });
    await waitFor(() => closed !== 0, 'the connection to be closed', 5_000);
    expect(closed).toBe(CLOSE_CODES.signedOut);
    await new Promise((r) => setTimeout(r, 200));
    expect(watcher.phrases).toEqual([]);
    expect(watcher.game.version).toBe(version);
    expect(watcher.state.seats.get(onPhone.colour).connected).toBe(false);
    // Not held for it again; the player's other device takes the seat.
    await expect(t.colyseus.sdk.reconnect(back.reconnectionToken)).rejects.toMatchObject({ code: 4214 });
    const onDesk = new Player(await t.colyseus.sdk.joinById(onPhone.room.roomId, credentials(ann)), ann);
    await waitFor(() => onDesk.seated && onDesk.seat.connected, 'the seat on the desk');
    expect(onDesk.colour).toBe(onPhone.colour);
    await Promise.all([onDesk.room.leave(true), watcher.room.leave(true)]);
  });

  test('a watching device signed out while away, back with its token, is closed and watches no more', async () => {
    const host = await gameOf(await guest('Host'));
    const ann = await guest('Ann');
    const phone = { ...(await linked(ann)) } as Guest;
    const watching = await t.colyseus.sdk.joinById(host.room.roomId, { ...credentials(phone), watch: true, code: host.state.code });
    await waitFor(() => host.state.watchers === 1, 'the watcher counted');
    const token = watching.reconnectionToken;
    await watching.leave(false);
    await waitFor(() => host.state.watchers === 0, 'the watcher away');
    await signOut(ann);

    const back = await t.colyseus.sdk.reconnect(token);
    let closed = 0;
    back.onLeave((code) => (closed = code));
    await waitFor(() => closed !== 0, 'the connection to be closed', 5_000);
    expect(closed).toBe(CLOSE_CODES.signedOut);
    expect(host.state.watchers).toBe(0);
    await expect(t.colyseus.sdk.reconnect(back.reconnectionToken)).rejects.toMatchObject({ code: 4214 });
    await host.room.leave(true);
  });

  test('a watching device back with its token and signed out afterwards is closed at once, as when it joined', async () => {
    const host = await gameOf(await guest('Host'));
    const ann = await guest('Ann');
    const phone = { ...(await linked(ann)) } as Guest;
    const watching = await t.colyseus.sdk.joinById(host.room.roomId, { ...credentials(phone), watch: true, code: host.state.code });
    await waitFor(() => host.state.watchers === 1, 'the watcher counted');
    const token = watching.reconnectionToken;
    await watching.leave(false);
    await waitFor(() => host.state.watchers === 0, 'the watcher away');
    const back = await t.colyseus.sdk.reconnect(token);
    await waitFor(() => host.state.watchers === 1, 'the watcher back');
    let closed = 0;
    back.onLeave((code) => (closed = code));
    await signOut(ann);
    await waitFor(() => closed !== 0, 'the connection to be closed', 5_000);
    expect(closed).toBe(CLOSE_CODES.signedOut);
    await waitFor(() => host.state.watchers === 0, 'the watcher gone');
    await expect(t.colyseus.sdk.reconnect(back.reconnectionToken)).rejects.toMatchObject({ code: 4214 });
    await host.room.leave(true);
  });
});

describe('logs', () => {
  test('no secret, password or link code of the devices at a table is logged', () => {
    expectNoSecretsLogged(t.logs.raw);
  });
});
