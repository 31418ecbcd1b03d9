import { StartCountdown } from '../../src/table/startCountdown';
import { Timers } from '../../src/table/timers';
import { Player, codeOf, create, joinById, newGuest, quickMatch, waitFor, watch } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

/** Quick play starts by itself: 2 s here, so that a second player can come meanwhile. */
const t = testServerPerFile({ quickStartSeconds: 2, quickAloneSeconds: 2 });

describe('the countdown of a public table', () => {
  const makeCountdown = (seconds: number) => {
    const state = { startsAt: 0 };
    const due = jest.fn();
    const timers = new Timers((error) => {
      throw error;
    });
    return { state, due, timers, countdown: new StartCountdown({ state, timers, seconds: () => seconds, due }) };
  };

  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  test('starts with the first player, runs on while others come and go, and is over once', () => {
    const { state, due, countdown } = makeCountdown(10);
    countdown.follow(1, false);
    expect(state.startsAt).toBe(1_010_000);
    jest.advanceTimersByTime(4000);
    countdown.follow(2, false); // a newcomer does not put it off
    countdown.follow(1, false); // nor does one leaving
    expect(state.startsAt).toBe(1_010_000);
    jest.advanceTimersByTime(5999);
    expect(due).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(due).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(due).toHaveBeenCalledTimes(1);
  });

  test('runs at most 3 s more once people take every seat, and not longer than it had left', () => {
    const { state, due, countdown } = makeCountdown(10);
    countdown.follow(1, false);
    jest.advanceTimersByTime(2000);
    countdown.follow(4, true);
    expect(state.startsAt).toBe(1_005_000);
    jest.advanceTimersByTime(2000);
    countdown.follow(4, true); // still full a moment later: not put off again
    expect(state.startsAt).toBe(1_005_000);
    jest.advanceTimersByTime(1000);
    expect(due).toHaveBeenCalledTimes(1);

    const short = makeCountdown(2);
    short.countdown.follow(1, false);
    jest.advanceTimersByTime(1500);
    short.countdown.follow(2, true);
    expect(short.state.startsAt).toBe(Date.now() + 500);
  });

  test('stops when the last player leaves, and starts afresh with the next one', () => {
    const { state, due, countdown } = makeCountdown(10);
    countdown.follow(1, false);
    jest.advanceTimersByTime(9000);
    countdown.follow(0, false);
    expect(state.startsAt).toBe(0);
    jest.advanceTimersByTime(60_000);
    expect(due).not.toHaveBeenCalled();
    countdown.follow(1, false);
    expect(state.startsAt).toBe(Date.now() + 10_000);
  });
});

describe('quick play', () => {
  test('seats people together at a public table that starts by itself, bots in the free seats; nobody joins it after', async () => {
    const [ann, bob, cat] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob'), await newGuest(t, 'Cat')];
    const first = new Player(await quickMatch(t, ann, { size: 4 }), ann);
    await waitFor(() => first.seated && first.state.startsAt > 0, 'the countdown');
    expect(first.state.status).toBe('waiting');
    expect(first.state.startsAt - Date.now()).toBeGreaterThan(1000);
    expect(first.state.startable).toBe(true); // no ready step: the host may start now

    const second = new Player(await quickMatch(t, bob, { size: 4 }), bob);
    expect(second.room.roomId).toBe(first.room.roomId);
    await waitFor(() => second.seated, 'the second seat');
    const startsAt = first.state.startsAt;
    expect(second.state.startsAt).toBe(startsAt); // the newcomer joins the countdown as it is

    await waitFor(() => first.state.status === 'playing' && first.stream.state !== null, 'the game to start by itself', 5000);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt - 50);
    const seats = [...first.state.seats.values()] as { kind: string; ready: boolean }[];
    expect(seats.map((s) => s.kind).sort()).toEqual(['bot', 'bot', 'human', 'human']);
    expect(first.state.startsAt).toBe(0);
    expect(t.logs.events('countdown-over')).toHaveLength(1);

    const third = await quickMatch(t, cat, { size: 4 });
    expect(third.roomId).not.toBe(first.room.roomId);
    await Promise.all([first.room.leave(true), second.room.leave(true), third.leave(true)]);
  });

  test('a public table full of people starts by itself too; a private table never counts down', async () => {
    const host = await create(t, await newGuest(t, 'Full'), { size: 2 });
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Mate'));
    await waitFor(() => host.state.status === 'playing', 'the full table to start', 4000);
    await Promise.all([host.room.leave(true), guest.room.leave(true)]);

    const alone = await create(t, await newGuest(t, 'Alone'), { size: 2, private: true });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect([alone.state.status, alone.state.startsAt]).toEqual(['waiting', 0]);
    await alone.room.leave(true);
  });
});

describe("the host's start at a private table", () => {
  test('is available exactly when it would succeed: every other player ready', async () => {
    const host = await create(t, await newGuest(t, 'Host'), { size: 4, private: true });
    await waitFor(() => host.state.startable === true, 'alone: the host may start');
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Guest'), await codeOf(host));
    await waitFor(() => host.state.startable === false, 'the start to wait for the guest');
    expect(host.seat.ready).toBe(false); // the host needs no ready of their own
    expect(await host.refused('start')).toMatchObject({ code: 'ERR_NOT_READY', message: expect.stringContaining('Guest') });
    expect([host.state.seats.size, host.state.status]).toEqual([2, 'waiting']); // no bots were added by the refused start

    guest.send('ready', { ready: true });
    await waitFor(() => host.state.startable === true, 'the start to be available');
    guest.send('ready', { ready: false });
    await waitFor(() => host.state.startable === false, 'the start to wait again');
    guest.send('ready', { ready: true });
    await waitFor(() => host.state.startable === true, 'the start to be available');
    host.send('start');
    await waitFor(() => host.state.status === 'playing', 'the start');
    expect(host.state.seats.size).toBe(4);
    await Promise.all([host.room.leave(true), guest.room.leave(true)]);
  });
});

describe('names at a table', () => {
  test('no two seats or watchers show the same name; whoever had it keeps it, also coming back or taking a seat', async () => {
    const [ann1, ann2, ann3, ann4] = [
      await newGuest(t, 'Ann'),
      await newGuest(t, 'Ann'),
      await newGuest(t, 'Ann'),
      await newGuest(t, 'Ann'),
    ];
    const host = await create(t, ann1, { size: 4, private: true });
    const code = (await codeOf(host)).code!;
    const second = await joinById(t, host.room.roomId, ann2, { code });
    const watcher = await watch(t.colyseus.sdk, host.room.roomId, ann3, code);
    const other = await watch(t.colyseus.sdk, host.room.roomId, ann4, code);
    await waitFor(() => host.state.watcherNames.length === 2, 'the watchers');
    expect([host.seat.name, second.seat.name, ...host.state.watcherNames]).toEqual(['Ann', 'Ann (2)', 'Ann (3)', 'Ann (4)']);

    // Back in one's own seat: the same name, nobody renamed.
    await second.room.leave(true);
    await waitFor(() => host.state.seats.size === 1, 'the seat freed');
    const back = await joinById(t, host.room.roomId, ann2, { code });
    expect(back.seat.name).toBe('Ann (2)');

    // A watcher takes a seat: their name comes along, and stays apart from the others.
    watcher.send('sit', {});
    await waitFor(() => watcher.seated, 'the watcher seated');
    expect(watcher.seat.name).toBe('Ann (3)');
    await waitFor(() => host.state.watcherNames.length === 1, 'one watcher left');
    expect([...host.state.watcherNames]).toEqual(['Ann (4)']);
    const names = [...host.state.seats.values()].map((s: { name: string }) => s.name);
    expect(new Set([...names, ...host.state.watcherNames]).size).toBe(4);
    await Promise.all([host, back, watcher, other].map((p) => p.room.leave(true)));
  });
});
