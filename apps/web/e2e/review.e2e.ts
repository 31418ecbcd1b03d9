/**
 * The game review in the browser: the match page of a finished online game (the real game
 * server) shows the winning-chances chart and each seat's accuracy, label counts and luck, worked out
 * in a Web Worker behind a progress bar; its replay labels the move at each step and jumps to the next
 * mistake, where the best move is named and drawn as a route preview. The offline (hot-seat) replay
 * has the same review. Phone and desktop, Chinese and English. Screenshots: artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { GuestCredentials, MatchRecord } from '@flightchess/protocol';
import {
  type Action,
  type Colour,
  type GameSetup,
  createRng,
  isError,
  legalMoves,
  replayGame,
  reviewGame,
  seatIndex,
  teamOf,
} from '@flightchess/rules';
import { startGameServer } from './gameServer';
import { gameAgainstBot } from './online.e2e';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  actingNow,
  assertNoSideScroll,
  click,
  matchAs,
  newPage,
  ownProfile,
  runCases,
  screenshot,
  serveStatic,
  startTable,
  shownVersion,
  storedPlayer,
  ui,
  until,
  watchErrors,
} from './support';
import { expertChoices, expertPick } from '../../../packages/rules/src/bots/expert';
import { playGame } from '../../../packages/rules/src/sim/playGame';

/** The game being played at the server, as its record says (the player's own profile names it: a private table's game is theirs only). */
async function currentRecord(url: string, player: GuestCredentials): Promise<MatchRecord> {
  const profile = await ownProfile(url, player);
  const playing = profile.recentMatches.find((m) => m.endedAt === null);
  assert.ok(playing, 'the game being played is among the recent matches');
  return matchAs(url, playing.id, player);
}

/**
 * Games against the bot until the player made an error the review counts: a game whose dice never offer a
 * choice that loses 5 points (seen on CI) is followed by the host's rematch, up to three games.
 */
async function playUntilAnError(page: Page, url: string, player: GuestCredentials, seat: Colour): Promise<void> {
  for (let games = 1; !(await playAnError(page, url, player, seat)); games++) {
    assert.ok(games < 3, 'three games without a choice that loses 5 points');
    // A rematch once the result is stored (before, the server refuses it).
    await page.waitForSelector('[data-testid=record]', { timeout: 20_000 });
    await click(page, '[data-testid=rematch]');
    await startTable(page);
  }
}

/**
 * Play the human seat's own moves, the expert's pick each time, until a choice would give away 5
 * points or more (an error: inaccuracy, mistake or blunder): play that one, and once the review of the
 * record counts it, let auto-play finish (true). False when the game ended without one.
 */
async function playAnError(page: Page, url: string, player: GuestCredentials, seat: Colour): Promise<boolean> {
  for (let decisions = 0; decisions < 80;) {
    // On a loaded machine a turn can run out while the test thinks: the seat is then on auto-play (托管), which is switched off again.
    const state = await until('the local player to act, or auto-play on', async () =>
      (await autoPlayOn(page)) ? 'auto' : actingNow(page),
    );
    if (state === 'auto') {
      await click(page, '[data-testid=auto]');
      await until('auto-play off', async () => !(await autoPlayOn(page)) || null, 10_000);
      continue;
    }
    if (state.over) return false;
    if (state.canRoll) {
      const before = await shownVersion(page);
      await click(page, '[data-testid=roll]');
      await until('the roll to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
      continue;
    }
    const record = await currentRecord(url, player);
    const replayed = replayGame(record.setup, record.actions);
    assert.ok(replayed.ok);
    const game = replayed.value.state;
    assert.equal(game.current, seat);
    const side = game.teams ? teamOf(seat) : seatIndex(seat);
    const choices = expertChoices(game, legalMoves(game));
    const best = expertPick(game, choices);
    const worst = choices.reduce((a, b) => (b.chances[side]! < a.chances[side]! ? b : a));
    const loss = 100 * (best.chances[side]! - worst.chances[side]!);
    // The best move until the worst would lose 5 points or more: worst moves throughout sink the seat's
    // chances so low that no later choice can lose 5 points (seen: a game of 7 decisions, none an error).
    const chosen = loss >= 5 ? worst : best;
    await click(page, `.plane-button[data-plane="${chosen.move.plane}"]`);
    await until('the route preview', async () => (await page.$('[data-testid=confirm]:not([disabled])')) !== null || null, 10_000);
    await click(page, '[data-testid=confirm]');
    await until('the move to be taken', async () => (await shownVersion(page)) > game.version || null, 10_000);
    decisions++;
    // Done when the review of the record so far counts an error of this seat: the test's own estimate is
    // not enough, as a turn that ran out meanwhile is auto-played (托管) and counted apart.
    if (loss >= 5 && errorsOf(await currentRecord(url, player), seat) >= 1) break;
  }
  if ((await ui(page)).over || (await autoPlayOn(page))) return true;
  await until('the auto-play button', async () => (await page.$('[data-testid=auto]')) !== null || null);
  await click(page, '[data-testid=auto]');
  return true;
}

/** The inaccuracies, mistakes and blunders the review of `record` counts for `seat`. */
function errorsOf(record: { setup: GameSetup; actions: readonly Action[] }, seat: Colour): number {
  const reviewed = reviewGame(record.setup, record.actions);
  assert.ok(reviewed.ok);
  const labels = reviewed.value.seats.find((s) => s.colour === seat)!.moves.labels;
  return labels.inaccuracy + labels.mistake + labels.blunder;
}

function autoPlayOn(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('[data-testid=auto]')?.classList.contains('on') ?? false);
}

/** The review on the page: wait for the chart, then read each seat's accuracy and label counts. */
async function reviewShown(page: Page): Promise<{ accuracies: string[]; labels: number[][] }> {
  await page.waitForSelector('[data-testid=review] [data-testid=chance-chart] svg', { timeout: 60_000 });
  const lines = await page.$$eval('[data-testid=chance-chart] polyline', (ls) =>
    ls.map((l) => (l.getAttribute('points') ?? '').split(' ').length),
  );
  assert.ok(lines.length >= 2 && lines.every((n) => n > 20), `a line per side over the whole game: ${lines.join(', ')}`);
  const accuracies = await page.$$eval('[data-testid=review-seats] [data-testid=accuracy]', (els) => els.map((e) => e.textContent ?? ''));
  const labels = await page.$$eval('[data-testid=review-seats] .labels', (uls) =>
    uls.map((ul) => [...ul.querySelectorAll('.count')].map((c) => Number(c.textContent))),
  );
  assert.ok(accuracies.length >= 2);
  for (const a of accuracies) assert.match(a, /^(\d{1,3}\.\d|–)$/);
  return { accuracies, labels };
}

/** In the replay: the review bar labels steps; "next mistake" goes to an error, names the best move, and "previous" goes back. */
async function replayMistake(page: Page, lang: 'zh' | 'en', shot: string): Promise<void> {
  await page.waitForSelector('[data-testid=review-next-mistake]:not([disabled])', { timeout: 60_000 });
  const step = async () => Number(((await page.textContent('[data-testid=replay-step]')) ?? '').match(/\d+/)![0]);
  assert.equal(await step(), 0);
  await click(page, '[data-testid=review-next-mistake]');
  await until('a step on a mistake', async () => ((await step()) > 0 ? true : null), 5_000);
  const label = await page.getAttribute('[data-testid=review-move]', 'data-label');
  assert.ok(label === 'inaccuracy' || label === 'mistake' || label === 'blunder', `the move at the step is an error: ${label}`);
  const moveLine = (await page.textContent('[data-testid=review-move]')) ?? '';
  assert.match(
    moveLine,
    lang === 'en'
      ? /to move plane \d · (inaccuracy|mistake|blunder) \(\d+\.\d points lost\)/
      : /将走第 \d 架 · (欠佳|失误|大错) \(少 \d+\.\d 个百分点\)/,
  );
  const best = (await page.textContent('[data-testid=review-best]')) ?? '';
  assert.match(best, lang === 'en' ? /^Best: plane \d, .+ \(chance \d+%, played \d+%\)$/ : /^最佳：第 \d 架，.+（胜率 \d+%，实际 \d+%）$/);
  const at = await step();
  // The move line and the best move in view, with as much of the board as fits (a phone scrolls to them).
  await page.evaluate(() => document.querySelector('[data-testid=review-bar]')?.scrollIntoView({ block: 'end' }));
  await page.waitForTimeout(300);
  await screenshot(page, shot);
  await assertNoSideScroll(page, shot);
  // Forward past it, then back to it with "previous mistake".
  await click(page, '[data-testid=replay-next]');
  await until('the next step', async () => ((await step()) === at + 1 ? true : null), 5_000);
  await click(page, '[data-testid=review-prev-mistake]');
  await until('back on the mistake', async () => ((await step()) === at ? true : null), 5_000);
}

const cases: TestCase[] = [
  {
    name: 'review: a finished online game — the match page shows the chances chart, accuracies, labels and luck; the replay jumps to the next mistake with the best move (phone Chinese, desktop English)',
    run: async (browser) => {
      // The test thinks for the player (the record read, replayed and reviewed in node): a turn long enough for that on a loaded machine.
      const server = await startGameServer('fast', { TURN_SECONDS: '30' });
      const player = await newPage(browser, DESKTOP);
      const errors = watchErrors(player.page, 'game');
      try {
        const seat = (await gameAgainstBot(player.page, server.url, '小红')) as Colour;
        const me = await storedPlayer(player.page);
        await playUntilAnError(player.page, server.url, me, seat);
        await player.page.waitForSelector('[data-testid=results]', { timeout: 300_000 });
        await until('the recorded results', async () => (await player.page.$('[data-testid=record]')) !== null || null, 20_000);
        const matchId = decodeURIComponent(
          /#\/match\/(.+)$/.exec((await player.page.getAttribute('[data-testid=record]', 'href')) ?? '')![1]!,
        );
        const record = await matchAs(server.url, matchId, me);
        const expected = reviewGame(record.setup, record.actions);
        assert.ok(expected.ok);
        assert.ok(errorsOf(record, seat) >= 1, 'the player made an error');
        for (const [device, lang] of [
          [PHONE, 'zh'],
          [DESKTOP, 'en'],
        ] as const) {
          const name = device === PHONE ? 'phone' : 'desktop';
          const { context, page } = await newPage(browser, device);
          watchErrors(page, `${name}-${lang}`, errors);
          // As the player (a private table's game is shown to its players only).
          await page.addInitScript((stored) => localStorage.setItem('flightchess.player', stored), JSON.stringify(me));
          try {
            await page.goto(`${server.url}?fast=1${lang === 'en' ? '&lang=en' : ''}#/match/${matchId}`);
            await page.waitForSelector('[data-testid=match-results]');
            const shown = await reviewShown(page);
            // The page's review is the engine's: the same accuracy and counts as reviewGame in node.
            const seats = record.seats.map((s) => s.colour);
            expected.value.seats.forEach((s, i) => {
              assert.equal(shown.accuracies[i], s.moves.accuracy === null ? '–' : s.moves.accuracy.toFixed(1), `accuracy of ${seats[i]}`);
              assert.deepEqual(shown.labels[i], Object.values(s.moves.labels));
            });
            const heading = (await page.textContent('[data-testid=review] h2')) ?? '';
            assert.equal(heading, lang === 'en' ? 'Game review' : '复盘');
            assert.match(
              (await page.textContent(`[data-testid=review-seat-${seat}] [data-testid=luck]`)) ?? '',
              lang === 'en' ? /^Dice luck [+−]?\d+\.\d/ : /^骰运 [+−]?\d+\.\d/,
            );
            await page.evaluate(() => document.querySelector('[data-testid=review]')?.scrollIntoView());
            await page.waitForTimeout(200);
            await screenshot(page, `review-match-${lang}-${name}`);
            await assertNoSideScroll(page, `review-match-${lang}-${name}`);
            await click(page, '[data-testid=match-replay]');
            await page.waitForSelector('.replay canvas');
            await replayMistake(page, lang, `review-replay-mistake-${lang}-${name}`);
          } finally {
            await context.close();
          }
        }
        assert.deepEqual(errors, []);
      } finally {
        await player.context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'review: the offline (hot-seat) replay reviews the last game in its worker — progress, chart, accuracies, next and previous mistake — phone and desktop, Chinese and English',
    run: async (browser) => {
      const saved = offlineGameWithMistakes();
      const site = await serveStatic();
      try {
        for (const device of [PHONE, DESKTOP]) {
          for (const lang of ['zh', 'en'] as const) {
            const name = `${device === PHONE ? 'phone' : 'desktop'}`;
            const { context, page } = await newPage(browser, device);
            const errors = watchErrors(page, `offline-${name}-${lang}`);
            try {
              await page.addInitScript((record) => localStorage.setItem('flightchess.offline.last', record), JSON.stringify(saved));
              await page.goto(`${site.url}?fast=1${lang === 'en' ? '&lang=en' : ''}#/replay/offline`);
              await page.waitForSelector('.replay canvas');
              await reviewShown(page);
              await replayMistake(page, lang, `review-offline-replay-${lang}-${name}`);
              await page.evaluate(() => document.querySelector('[data-testid=review]')?.scrollIntoView());
              await page.waitForTimeout(200);
              await screenshot(page, `review-offline-chart-${lang}-${name}`);
              assert.deepEqual(errors, []);
            } finally {
              await context.close();
            }
          }
        }
      } finally {
        await site.close();
      }
    },
  },
];

/** A hot-seat game saved as the last offline game: red (a person here) played random moves against the strong bot (it makes errors). */
function offlineGameWithMistakes(): {
  version: 1;
  setup: GameSetup;
  players: Record<string, string>;
  names: Record<string, string>;
  actions: Action[];
  autoPlay: [];
} {
  const setup: GameSetup = { preset: 'online', seats: ['red', 'yellow'], firstSeat: 'red' };
  const played = playGame(setup, { red: 'random', yellow: 'strong' }, createRng('review-e2e'));
  const reviewed = reviewGame(setup, played.actions);
  assert.ok(reviewed.ok && reviewed.value.moves.filter((m) => isError(m.label)).length >= 2, 'the saved game has errors to step between');
  return { version: 1, setup, players: { red: 'human', yellow: 'strong' }, names: { red: '小红' }, actions: played.actions, autoPlay: [] };
}

if (require.main === module) {
  void runCases(cases).then((ok) => process.exit(ok ? 0 : 1));
}

export { cases as reviewCases };
