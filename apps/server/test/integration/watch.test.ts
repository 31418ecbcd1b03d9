import { type ClientMessageType, JOIN_ERROR_NUMBERS, WATCHER_NAMES_SHOWN } from '@flightchess/protocol';
import Database from 'better-sqlite3';
import { Player, create, credentials, getJson, joinById, newGuest, play, rejoin, startedTable, waitFor, watch } from '../support/players';
import { liveTable } from '../support/liveTable';
import { testServerPerFile } from '../support/server';

jest.setTimeout(60_000);

const t = testServerPerFile();
const sdk = () => t.colyseus.sdk;
const watchAs = async (roomId: string, nickname: string, code?: string) => watch(sdk(), roomId, await newGuest(t, nickname), code);

/** A valid payload of every message that acts (the compiler checks that none is missing). */
const ACTING = (version: number) =>
  ({
    'pick-colour': { colour: 'green' },
    ready: { ready: true },
    'add-bot': {},
    'remove-bot': { colour: 'yellow' },
    start: {},
    'auto-play': { on: true },
    roll: { version },
    move: { version, plane: 0 },
    resign: { version },
    'answer-resign': { version, accept: true },
    'offer-draw': { version },
    'answer-draw': { version, accept: true },
    rematch: {},
    phrase: { phrase: 'hello' },
  }) satisfies Record<Exclude<ClientMessageType, 'sync' | 'sit' | 'ping'>, unknown>;

/** What a refused message must leave as it was: the facts, the game and the stored log. */
const facts = (p: Player) => JSON.stringify({ ...p.state.toJSON(), deadline: 0 });

describe('watching a table', () => {
  test('a guest watches a private table by its code whatever the status (waiting, playing, over), and keeps exactly in step from the stream', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2, private: true });
    const roomId = host.room.roomId;
    const code = host.state.code as string;
    const early = await watchAs(roomId, 'Early', code);
    expect(early.seated).toBe(false);
    expect(early.state.status).toBe('waiting');
    await waitFor(() => host.state.watchers === 1, 'the watcher counted');

    const guest = await joinById(t, roomId, await newGuest(t, 'Guest'), { code });
    const players = [host, guest];
    for (const p of players) p.send('ready', { ready: true });
    await waitFor(() => early.stream.matchId === host.state.matchId && host.state.matchId !== '', 'the watcher to get the game');

    // A private table is watched by whoever has its code (watching without it: privacy.test.ts).
    const { roomId: found } = (await getJson(t, `/api/tables/code/${code}`)).body as { roomId: string };
    const byCode = await watchAs(found, 'ByCode', code);
    await play(players, (g) => g.rolls >= 8);
    const snapshots = byCode.snapshots;
    byCode.send('sync', {});
    await waitFor(() => byCode.snapshots > snapshots, 'sync answered');
    await waitFor(() => [early, byCode].every((w) => w.stream.state?.version === host.game.version), 'the watchers in step');
    expect(early.game).toEqual(host.game);
    expect(byCode.game).toEqual(host.game);

    await play(players);
    await waitFor(() => host.state.result.recorded && early.state.result.recorded, 'the result');
    expect(early.game).toEqual(host.game);
    expect(early.state.seed).toBe(host.state.seed);
    expect([...early.seen.keys()].length).toBeGreaterThan(0);

    // After the game too: the finished game and its result.
    const late = await watchAs(roomId, 'Late', code);
    expect(late.state.status).toBe('over');
    expect(late.game).toEqual(host.game);
    expect(late.state.result.winner).toBe(host.state.result.winner);
    expect(t.logs.events('watcher-joined').filter((l) => l.tableId === roomId)).toHaveLength(3);
    await Promise.all([...players, early, byCode, late].map((p) => p.room.leave()));
  });

  test('a newcomer without `watch` is still refused at a started or full table; with it, the same guest watches', async () => {
    const full = await create(t, await newGuest(t, 'Full'), { size: 2 });
    const mate = await joinById(t, full.room.roomId, await newGuest(t, 'Mate'));
    const late = await newGuest(t, 'Late');
    await expect(joinById(t, full.room.roomId, late)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_NO_FREE_SEAT });
    const watching = await watch(sdk(), full.room.roomId, late);
    expect(watching.seated).toBe(false);

    const players = await startedTable(t, 2);
    const later = await newGuest(t, 'Later');
    await expect(joinById(t, players[0]!.room.roomId, later)).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_ALREADY_STARTED });
    const inGame = await watch(sdk(), players[0]!.room.roomId, later);
    expect(inGame.game).toEqual(players[0]!.game);
    await Promise.all([full, mate, watching, ...players, inGame].map((p) => p.room.leave()));
  });

  test('every message that acts is refused with ERR_WATCHING and changes nothing, before and during the game', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 3 });
    const roomId = host.room.roomId;
    const watcher = await watchAs(roomId, 'Watcher');
    const check = async (version: number) => {
      const before = facts(host);
      for (const [type, payload] of Object.entries(ACTING(version))) {
        expect(await watcher.refused(type, payload)).toMatchObject({ code: 'ERR_WATCHING', request: type });
      }
      // A malformed acting message is still a watcher's: refused the same way.
      expect(await watcher.refused('roll', { version, seat: host.colour })).toMatchObject({ code: 'ERR_WATCHING' });
      expect(facts(host)).toBe(before);
      expect(host.phrases).toEqual([]);
    };
    await check(0);
    expect(host.state.seats.size).toBe(1);

    host.send('start');
    await waitFor(() => host.stream.state !== null && watcher.stream.matchId === host.state.matchId, 'the game');
    // The host's own turn comes round: a watcher's roll on the current version must not be it.
    await play([host], (g) => g.current === host.colour && g.phase === 'roll');
    const { version } = host.game;
    const stored = (await t.storage.getMatch(host.state.matchId))!.actions.length;
    await check(version);
    expect(host.game.version).toBe(version);
    expect((await t.storage.getMatch(host.state.matchId))!.actions).toHaveLength(stored);
    await Promise.all([host, watcher].map((p) => p.room.leave()));
  });

  test('the facts count the watchers and name the first 20; one who leaves is not counted; the lobby listing says how many watch', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 4 });
    const roomId = host.room.roomId;
    const watchers: Player[] = [];
    for (let i = 0; i < WATCHER_NAMES_SHOWN + 2; i++) watchers.push(await watchAs(roomId, `W${i}`));
    await waitFor(() => host.state.watchers === WATCHER_NAMES_SHOWN + 2, 'every watcher counted');
    expect([...host.state.watcherNames]).toEqual(watchers.slice(0, WATCHER_NAMES_SHOWN).map((w) => w.guest.nickname));
    // …and their player ids, so that a player may ask one to be a friend from the list.
    expect([...host.state.watcherIds]).toEqual(watchers.slice(0, WATCHER_NAMES_SHOWN).map((w) => w.guest.playerId));
    expect(host.state.watchable).toBe(true);
    const listed = async () =>
      ((await getJson(t, '/api/tables')).body as { roomId: string; watchers: number; watchable: boolean }[]).find(
        (x) => x.roomId === roomId,
      );
    await waitFor(async () => (await listed())?.watchers === WATCHER_NAMES_SHOWN + 2, 'the listing');
    expect(await listed()).toMatchObject({
      watchable: true,
      humans: 1,
      startedAt: 0,
      seats: [{ colour: host.colour, name: host.guest.nickname, bot: null }],
      arrived: [0],
    });

    await watchers.shift()!.room.leave();
    await watchers.shift()!.room.leave();
    await waitFor(() => host.state.watchers === WATCHER_NAMES_SHOWN, 'two fewer');
    expect([...host.state.watcherNames]).toEqual(watchers.map((w) => w.guest.nickname));
    expect([...host.state.watcherIds]).toEqual(watchers.map((w) => w.guest.playerId));

    // One connection per watching player: a second one takes over (the first is told so), the count stays.
    const again = await watch(sdk(), roomId, watchers[0]!.guest);
    await waitFor(() => watchers[0]!.room.connection.isOpen === false, 'the older connection closed');
    expect(host.state.watchers).toBe(WATCHER_NAMES_SHOWN);
    await Promise.all([host, again, ...watchers.slice(1)].map((p) => p.room.leave()));
    await waitFor(async () => (await listed()) === undefined, 'the table closed once everyone left');
  });

  test('a table created with watchable: false refuses watching (ERR_NOT_WATCHABLE), seats players by its link, and keeps the setting when stored', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2, watchable: false });
    const roomId = host.room.roomId;
    expect(host.state.watchable).toBe(false);
    await expect(watch(sdk(), roomId, await newGuest(t, 'Nosy'))).rejects.toMatchObject({
      code: JOIN_ERROR_NUMBERS.ERR_NOT_WATCHABLE,
      message: expect.stringMatching(/^ERR_NOT_WATCHABLE: /),
    });
    const guest = await joinById(t, roomId, await newGuest(t, 'Friend'));
    for (const p of [host, guest]) p.send('ready', { ready: true });
    await waitFor(() => host.state.status === 'playing', 'the game');
    await expect(watch(sdk(), roomId, await newGuest(t, 'Nosy2'))).rejects.toMatchObject({ code: JOIN_ERROR_NUMBERS.ERR_NOT_WATCHABLE });
    const listed = ((await getJson(t, '/api/tables')).body as { roomId: string; watchable: boolean }[]).find((x) => x.roomId === roomId);
    expect(listed?.watchable).toBe(false);
    const matchId = host.state.matchId as string;
    await Promise.all([host, guest].map((p) => p.room.leave()));
    // The setting is stored with the table, for a process that restores it (storedSettings reads it back: storage contract).
    const db = new Database(t.dbFile, { readonly: true });
    expect(db.prepare('SELECT watchable FROM matches WHERE id = ?').get(matchId)).toEqual({ watchable: 0 });
    db.close();
  });

  test('a seated player who asks to watch gets their own seat back; a watcher gets no seat from join options or messages during a game', async () => {
    const players = await startedTable(t, 2);
    const [a, b] = players;
    const colour = b!.colour;
    await b!.room.leave(false);
    await waitFor(() => a!.state.seats.get(colour).connected === false, 'the drop');
    b!.adopt(await sdk().joinById(a!.room.roomId, { ...credentials(b!.guest), watch: true }));
    await waitFor(() => b!.seated && a!.state.seats.get(colour).connected === true, 'the seat back');
    expect(b!.colour).toBe(colour);
    expect(a!.state.watchers).toBe(0);

    const w = await newGuest(t, 'Forger');
    const forged = new Player(await sdk().joinById(a!.room.roomId, { ...credentials(w), watch: true, colour: 'red' }), w);
    await waitFor(() => a!.state.watchers === 1, 'the watcher');
    expect(forged.seated).toBe(false);
    expect(await forged.refused('sit', {})).toMatchObject({ code: 'ERR_ALREADY_STARTED' });
    expect(await forged.refused('sit', { colour: 'red' })).toMatchObject({ code: 'ERR_ALREADY_STARTED' });
    expect(await a!.refused('sit', {})).toMatchObject({ code: 'ERR_NOT_ALLOWED' });
    expect(forged.seated).toBe(false);
    expect([...a!.state.seats.values()].map((s: { playerId: string }) => s.playerId)).not.toContain(w.playerId);
    await Promise.all([...players, forged].map((p) => p.room.leave()));
  });

  test('at the rematch a watcher takes a free seat with `sit`, becomes a player at the same table and code, and plays the next game', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2 });
    const roomId = host.room.roomId;
    const code = host.state.code as string;
    host.send('start'); // a strong bot takes the other seat
    await waitFor(() => host.stream.state !== null, 'the game');
    const fifth = await watchAs(roomId, 'Fifth');
    expect(await fifth.refused('sit', {})).toMatchObject({ code: 'ERR_ALREADY_STARTED' });
    await play([host]);
    await waitFor(() => host.state.result.recorded, 'the result');

    host.send('rematch', {});
    await waitFor(() => fifth.state.status === 'waiting', 'seating again');
    expect(await fifth.refused('sit', {})).toMatchObject({ code: 'ERR_NO_FREE_SEAT' });
    const bot = [...host.state.seats.values()].find((s: { kind: string }) => s.kind === 'bot') as { colour: string };
    host.send('remove-bot', { colour: bot.colour });
    await waitFor(() => fifth.state.seats.size === 1, 'a free seat');
    fifth.send('sit', { colour: bot.colour });
    await waitFor(() => fifth.seated, 'the watcher seated');
    expect(fifth.colour).toBe(bot.colour);
    expect(host.state.watchers).toBe(0);
    expect(fifth.state.code).toBe(code);
    expect(fifth.room.roomId).toBe(roomId);
    // A player now: its messages act.
    fifth.send('ready', { ready: true });
    host.send('start');
    await waitFor(() => fifth.state.status === 'playing' && fifth.stream.matchId === fifth.state.matchId, 'the next game');
    await play([host, fifth]);
    await waitFor(() => host.state.result.recorded, 'the second result');
    const profile = (await getJson(t, `/api/players/${fifth.guest.playerId}`)).body as { games: number };
    expect(profile.games).toBe(1);
    await Promise.all([host, fifth].map((p) => p.room.leave()));
  });

  test('nothing a watcher receives holds the dice seed before the game is over', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 2 });
    const watcher = await watchAs(host.room.roomId, 'Peek');
    const received: string[] = [];
    const ws = (
      watcher.room.connection as unknown as {
        transport: { ws: { addEventListener(t: 'message', l: (e: { data: ArrayBuffer }) => void): void } };
      }
    ).transport.ws;
    ws.addEventListener('message', (e) => received.push(Buffer.from(e.data).toString('latin1')));
    watcher.room.onMessage('*', (type, message) => received.push(`${String(type)} ${JSON.stringify(message)}`));
    watcher.room.onStateChange((state: { toJSON(): unknown }) => received.push(JSON.stringify(state.toJSON())));
    host.send('start');
    await waitFor(() => watcher.stream.state !== null, 'the game');
    const seed = liveTable(host.room.roomId)!.play.match!.seed;
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    await play([host], (g) => g.phase === 'over' || g.rolls >= 30);
    watcher.send('sync', {});
    await waitFor(() => watcher.stream.state?.version === host.game.version, 'in step');
    expect(received.length).toBeGreaterThan(30);
    const before = host.game.phase === 'over' ? [] : [...received];
    for (const r of before) expect(r).not.toContain(seed);
    await play([host]);
    await waitFor(() => watcher.state.seed === seed, 'the seed revealed at the end');
    await Promise.all([host, watcher].map((p) => p.room.leave()));
  });

  test('a player who escaped comes back and watches their table: the stream goes on, their seat stays out', async () => {
    const players = await startedTable(t, 3);
    const [a, b, c] = players;
    await play(players, (g) => g.rolls >= 3);
    const colour = b!.colour;
    await b!.room.leave(true);
    await waitFor(() => a!.game.out[colour]?.reason === 'escape', 'the escape');
    const back = await joinById(t, a!.room.roomId, b!.guest);
    expect(back.colour).toBe(colour);
    await waitFor(() => back.stream.state?.version === a!.game.version, 'the game');
    expect(back.game.out[colour]?.reason).toBe('escape');
    await play([a!, c!], (g) => g.version >= back.game.version + 4 || g.phase === 'over');
    await waitFor(() => back.stream.state?.version === a!.game.version, 'following the game');
    expect(back.game.out[colour]).toBeDefined();
    await Promise.all([a, c, back].map((p) => p!.room.leave()));
  });

  test('a dropped watcher comes back with its token (counted again) or with its credentials (the token is then called off)', async () => {
    const players = await startedTable(t, 2);
    const roomId = players[0]!.room.roomId;
    const w = await watchAs(roomId, 'Dropper');
    const token = w.room.reconnectionToken;
    await w.room.leave(false);
    await waitFor(() => players[0]!.state.watchers === 0, 'not shown while away');
    w.adopt(await sdk().reconnect(token));
    await waitFor(() => players[0]!.state.watchers === 1, 'counted again');
    await play(players, (g) => g.rolls >= 4);
    await waitFor(() => w.stream.state?.version === players[0]!.game.version, 'in step after the reconnection');

    const second = w.room.reconnectionToken;
    await w.room.leave(false);
    await waitFor(() => players[0]!.state.watchers === 0, 'away again');
    await rejoin(w, sdk(), roomId, 10_000, true);
    await waitFor(() => players[0]!.state.watchers === 1, 'back by credentials');
    await expect(sdk().reconnect(second)).rejects.toBeDefined();
    expect(players[0]!.state.watchers).toBe(1);
    await Promise.all([...players, w].map((p) => p.room.leave()));
  });
});
