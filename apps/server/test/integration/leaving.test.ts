import { scoreGame } from '@flightchess/rules';
import { type Player, create, getJson, joinById, newGuest, play, startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile();

const byColour = (players: Player[], colour: string) => players.find((p) => p.colour === colour)!;
/** Play until the game has had `rolls` rolls and waits for a player's roll (the server acts on nothing then). */
const playRolls = (players: Player[], rolls: number) => play(players, (g) => g.rolls >= rolls && g.phase === 'roll');

/** The stored scores must be the engine's scores of the final state the players saw. */
async function expectStoredScores(viewer: Player, base: number): Promise<Record<string, any>> {
  await waitFor(() => viewer.state.result.recorded, 'the result to be recorded');
  const match = (await getJson(t, `/api/matches/${viewer.state.matchId}`)).body;
  // Each player here is a new guest with no coins, and a bot holds none: a loss leaves either at 0 (coins never go below it).
  const coinsHeld = Object.fromEntries(match.seats.map((s: any) => [s.colour, 0]));
  const expected = scoreGame(viewer.game, { base, coinsHeld });
  if (!expected.ok) throw new Error(expected.error.message);
  for (const seat of match.seats) {
    const mine = expected.value.seats[seat.colour as 'red']!;
    expect(seat).toMatchObject({
      score: mine.score,
      coins: mine.coins,
      coinsEarned: mine.coinsEarned,
      escapePenalty: mine.escapePenalty,
      // A bot keeps no balance.
      coinsAfter: seat.playerId ? mine.coinsAfter : null,
    });
  }
  return match;
}

describe('resigning (认输)', () => {
  test('before 15 rolls is refused and changes nothing', async () => {
    const players = await startedTable(t, 2);
    const [a] = players as [Player];
    const before = a.game;
    expect(await a.refused('resign', { version: a.game.version })).toMatchObject({ code: 'ERR_RESIGN_TOO_EARLY' });
    expect(a.game).toEqual(before);
    expect(a.game.out[a.colour]).toBeUndefined();
    await Promise.all(players.map((p) => p.room.leave(true)));
  });

  test('after 15 rolls ends a two-player game; the resigner loses their planes not home × base', async () => {
    const players = await startedTable(t, 2, { base: 30 });
    await playRolls(players, 15);
    const quitter = players[0]!;
    quitter.send('resign', { version: quitter.game.version });
    await waitFor(() => quitter.state.status === 'over', 'the game to end');
    expect(quitter.state.result).toMatchObject({ reason: 'resign', winner: players[1]!.colour });
    const match = await expectStoredScores(quitter, 30);
    const mine = match.seats.find((s: any) => s.colour === quitter.colour);
    expect(mine.out).toBe('resign');
    // RULES.md §7.1: −(own planes not arrived) × base, plus 5 per opponent plane sent home.
    expect(mine.score).toBe(-(4 - mine.arrived) * 30 + 5 * (quitter.game.collisions[quitter.colour]?.sent ?? 0));
  });

  test("in team mode needs the team-mate's consent; declined, the player plays on; accepted, the seat is out and the game goes on", async () => {
    const players = await startedTable(t, 4, { teams: true });
    await playRolls(players, 15);
    const red = byColour(players, 'red');
    const yellow = byColour(players, 'yellow'); // red's team-mate (opposite seat)
    const green = byColour(players, 'green');

    red.send('resign', { version: red.game.version });
    await waitFor(() => red.game.pendingResign === 'red', 'the request to show');
    expect(red.game.out.red).toBeUndefined();
    expect(red.clock.answerDeadline).toBeGreaterThan(Date.now());
    expect(await green.refused('answer-resign', { version: green.game.version, accept: true })).toMatchObject({
      code: 'ERR_NOTHING_PENDING',
    });

    yellow.send('answer-resign', { version: yellow.game.version, accept: false });
    await waitFor(() => red.game.pendingResign === null, 'the refusal');
    expect(red.game.out.red).toBeUndefined();

    red.send('resign', { version: red.game.version });
    await waitFor(() => yellow.game.pendingResign === 'red', 'the second request');
    yellow.send('answer-resign', { version: yellow.game.version, accept: true });
    await waitFor(() => red.game.out.red?.reason === 'resign', 'the resignation');
    expect(red.state.status).toBe('playing');
    expect(red.game.planes.red!.every((p) => p === 'hangar' || p === 56)).toBe(true);

    // The team-mate plays on alone against two, to the end.
    await play([yellow, green, byColour(players, 'blue')]);
    await expectStoredScores(yellow, 10);
  });

  test('a bot team-mate consents at once', async () => {
    const host = await create(t, await newGuest(t, 'Red'), { teams: true });
    // On the other team by choice: a newcomer would sit beside the host (yellow) by default.
    const guest = await joinById(t, host.room.roomId, await newGuest(t, 'Green'), { colour: 'green' });
    host.send('add-bot', { colour: 'yellow' });
    host.send('add-bot', { colour: 'blue' });
    guest.send('ready', { ready: true });
    host.send('ready', { ready: true });
    await waitFor(() => host.state.status === 'playing', 'the start');
    // Stop on a human's roll: a bot would move the version on under the resignation.
    const humans = [host.colour, guest.colour];
    await play([host, guest], (g) => g.rolls >= 15 && g.phase === 'roll' && humans.includes(g.current));
    host.send('resign', { version: host.game.version });
    await waitFor(() => host.game.out[host.colour]?.reason === 'resign', 'the bot to consent');
    await Promise.all([host.room.leave(true), guest.room.leave(true)]);
  });
});

describe('escaping (逃跑)', () => {
  test('leaving a two-player game on purpose ends it and costs the escape penalty of 200', async () => {
    const players = await startedTable(t, 2, { base: 10 });
    const [runner, stayer] = players as [Player, Player];
    await playRolls(players, 4);
    const colour = runner.colour;
    await runner.room.leave(true);
    await waitFor(() => stayer.state.status === 'over', 'the game to end');
    expect(stayer.state.result).toMatchObject({ reason: 'escape', winner: stayer.colour });
    expect(stayer.game.out[colour]?.reason).toBe('escape');

    const match = await expectStoredScores(stayer, 10);
    const escaper = match.seats.find((s: any) => s.colour === colour);
    const winnerArrived = match.seats.find((s: any) => s.colour === stayer.colour).arrived;
    expect(escaper.escapePenalty).toBe(-200);
    // RULES.md §7.1, two players: −(winner's arrived planes) × base − 200, plus collision points.
    expect(escaper.score).toBe(-winnerArrived * 10 - 200 + 5 * (stayer.game.collisions[colour]?.sent ?? 0));
    const profile = (await getJson(t, `/api/players/${runner.guest.playerId}`)).body;
    expect(profile.lifetimeScore).toBe(escaper.score);
  });

  test('in a three-player game the escaper is out and the others play on', async () => {
    const players = await startedTable(t, 3);
    const [runner, ...others] = players as [Player, ...Player[]];
    const colour = runner.colour;
    await runner.room.leave(true);
    await waitFor(() => others[0]!.game.out[colour]?.reason === 'escape', 'the escape');
    expect(others[0]!.state.status).toBe('playing');
    expect(others[0]!.game.current).not.toBe(colour);
    expect(t.logs.events('player-escaped').some((l) => l.seat === colour)).toBe(true);
    await Promise.all(others.map((p) => p.room.leave(true)));
  });
});

describe('draw offers', () => {
  test('where the preset allows them (plyyard), an accepted offer ends the game as a draw; a declined one changes nothing else', async () => {
    const players = await startedTable(t, 2, { preset: 'plyyard' });
    const [a, b] = players as [Player, Player];
    a.send('offer-draw', { version: a.game.version });
    await waitFor(() => b.game.drawOffer === a.colour, 'the offer');
    expect(await a.refused('answer-draw', { version: a.game.version, accept: true })).toMatchObject({ code: 'ERR_NOTHING_PENDING' });
    b.send('answer-draw', { version: b.game.version, accept: false });
    await waitFor(() => a.game.drawOffer === null, 'the refusal');
    expect(a.state.status).toBe('playing');

    b.send('offer-draw', { version: b.game.version });
    await waitFor(() => a.game.drawOffer === b.colour, 'the second offer');
    a.send('answer-draw', { version: a.game.version, accept: true });
    await waitFor(() => a.state.status === 'over', 'the draw');
    expect(a.state.result).toMatchObject({ reason: 'draw', winner: '' });
    await expectStoredScores(a, 10);
  });

  test('are refused where the preset has none', async () => {
    const players = await startedTable(t, 2);
    expect(await players[0]!.refused('offer-draw', { version: players[0]!.game.version })).toMatchObject({ code: 'ERR_NOT_ALLOWED' });
    await Promise.all(players.map((p) => p.room.leave(true)));
  });
});
