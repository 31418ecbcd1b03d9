/**
 * The pages after a game, against the real game server: a game against a bot is played to its end (托管 finishes
 * it), then the profile, the leaderboard, the match record (verified) and the replay controls are checked at
 * phone and desktop sizes, in Chinese and in English (switched with the page's language button). Every page
 * (lobby, game, results, home, profile, leaderboard, match, replay) has no serious or critical accessibility
 * problem by axe-core, in both languages.
 * Screenshots go to artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type RunningServer, startGameServer } from './gameServer';
import { gameAgainstBot } from './online.e2e';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  assertAccessible,
  assertAccessibleInBothLanguages,
  assertNoSideScroll,
  click,
  jumpReplay,
  matchAs,
  newPage,
  runCases,
  screenshot,
  storedPlayer,
  until,
  watchErrors,
} from './support';

const NICKNAME = '小明';
const DEVICES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

interface Finished {
  readonly matchId: string;
  readonly playerId: string;
}

/** Play a game against a bot with 托管 on until the results show the stored record; the record link names the match page. */
async function finishGame(page: Page, url: string): Promise<Finished> {
  await gameAgainstBot(page, url, NICKNAME);
  await until('the auto-play button', async () => (await page.$('[data-testid=auto]')) !== null || null);
  await assertAccessibleInBothLanguages(page, 'the game');
  await click(page, '[data-testid=auto]');
  await page.waitForSelector('[data-testid=results]', { timeout: 300_000 });
  await until('the recorded results', async () => (await page.$('[data-testid=record]')) !== null || null, 20_000);
  await assertAccessibleInBothLanguages(page, 'the results');
  const href = (await page.getAttribute('[data-testid=record]', 'href')) ?? '';
  const matchId = /^#\/match\/(.+)$/.exec(href)?.[1];
  assert.ok(matchId, `the results link to the match page, not raw JSON: ${href}`);
  const playerId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('flightchess.player') ?? '{}') as { playerId: string }).playerId,
  );
  return { matchId: decodeURIComponent(matchId), playerId };
}

/** Switch to English with the language button and wait until `selector` reads `english`. */
async function toEnglish(page: Page, selector: string, english: RegExp): Promise<void> {
  await click(page, '#lang');
  await until(`English in ${selector}`, async () => english.test((await page.textContent(selector)) ?? '') || null, 5_000);
}

/** One game, then `check` on a fresh page for every size and language, side by side; page errors fail the case. */
async function withFinishedGame(
  browser: Browser,
  check: (server: RunningServer, game: Finished, page: Page, shot: (name: string) => Promise<void>, lang: 'zh' | 'en') => Promise<void>,
): Promise<void> {
  const server = await startGameServer();
  const player = await newPage(browser, DESKTOP);
  const errors = watchErrors(player.page, 'game');
  try {
    const game = await finishGame(player.page, server.url);
    // The four sizes and languages side by side, each in a context of its own: the case is CPU-bound, not paced.
    const creds = await player.page.evaluate(() => localStorage.getItem('flightchess.player')!);
    const variants = DEVICES.flatMap(([name, device]) => (['zh', 'en'] as const).map((lang) => [name, device, lang] as const));
    await Promise.all(
      variants.map(async ([name, device, lang]) => {
        const { context, page } = await newPage(browser, device);
        watchErrors(page, `${name}-${lang}`, errors);
        try {
          // The same guest as the player, so that the profile is "mine"; every page opens in Chinese (the default).
          await page.addInitScript((stored) => localStorage.setItem('flightchess.player', stored), creds);
          const shot = async (what: string) => {
            await screenshot(page, `${what}-${lang}-${name}`);
            await assertNoSideScroll(page, `${what}-${lang}-${name}`);
            await assertAccessible(page, `${what}-${lang}-${name}`);
          };
          await check(server, game, page, shot, lang);
        } finally {
          await context.close();
        }
      }),
    );
    assert.deepEqual(errors, []);
  } finally {
    await player.context.close();
    await server.stop();
  }
}

const cases: TestCase[] = [
  {
    name: 'pages: the profile (from home: level, progress, totals, recent match) and the leaderboard (link to the profile), phone and desktop, Chinese and English',
    run: (browser) =>
      withFinishedGame(browser, async (server, game, page, shot, lang) => {
        await page.goto(`${server.url}?fast=1#/`);
        await page.waitForSelector('[data-testid=profile-link]');
        await shot('home-links');
        await click(page, '[data-testid=profile-link]');
        await page.waitForSelector('[data-testid=profile-name]');
        assert.equal(new URL(page.url()).hash, `#/profile/${game.playerId}`);
        assert.match((await page.textContent('[data-testid=profile-name]')) ?? '', new RegExp(`^${NICKNAME}`));
        assert.equal(await page.textContent('[data-testid=profile-games]'), '1');
        assert.match((await page.textContent('[data-testid=profile-level]')) ?? '', /^(初级学员|中级学员) · Lv [12]$/);
        assert.match((await page.textContent('[data-testid=profile-next]')) ?? '', /再得 \d+ 分升为「(中级学员|高级学员)」/);
        const recent = await page.$$eval('[data-testid=recent-matches] a', (links) => links.map((a) => a.getAttribute('href')));
        assert.deepEqual(recent, [`#/match/${game.matchId}`]);
        if (lang === 'en') {
          await toEnglish(page, '[data-testid=profile-level]', /^(Junior Cadet|Intermediate Cadet) · Lv [12]$/);
          assert.match((await page.textContent('[data-testid=profile-next]')) ?? '', /^\d+ points to (Intermediate Cadet|Senior Cadet)$/);
          assert.match((await page.textContent('.profile')) ?? '', /Recent matches/);
        }
        await shot('profile');

        await click(page, '.page-nav a[href="#/leaderboard"]');
        await page.waitForSelector('[data-testid=leaderboard]');
        const rows = await page.$$eval('[data-testid=leaderboard] tbody tr', (trs) =>
          trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
        );
        assert.equal(rows.length, 1, 'the player (bots are not ranked)');
        assert.equal(rows[0]![0], '1');
        assert.equal(rows[0]![1], NICKNAME);
        assert.match(rows[0]![4] ?? '', /^[01] \/ 1$/);
        assert.match(rows[0]![2] ?? '', lang === 'en' ? /^(Junior Cadet|Intermediate Cadet)$/ : /^(初级学员|中级学员)$/);
        assert.match((await page.textContent('h1')) ?? '', lang === 'en' ? /^Leaderboard$/ : /^排行榜$/);
        await shot('leaderboard');
        await click(page, '[data-testid=leaderboard] tbody a');
        await until(
          'the profile from the leaderboard',
          async () => new URL(page.url()).hash === `#/profile/${game.playerId}` || null,
          5_000,
        );
        await page.waitForSelector('[data-testid=profile-name]');

        // Errors say what went wrong instead of leaving the page blank.
        await page.goto(`${server.url}?fast=1#/profile/nobody`);
        await until(
          'the missing player message',
          async () =>
            /找不到这位玩家|No such player/.test((await page.textContent('[data-testid=page-error]').catch(() => '')) ?? '') || null,
          10_000,
        );
      }),
  },
  {
    name: 'pages: the match page (players, scores, commitment, seed, verify: dice and replay match) and its replay with controls (names, slider jump, speed, pause, step), online and offline, phone and desktop, Chinese and English',
    run: (browser) =>
      withFinishedGame(browser, async (server, game, page, shot, lang) => {
        await page.goto(`${server.url}?fast=1#/match/${game.matchId}`);
        await page.waitForSelector('[data-testid=match-results]');
        const table = (await page.textContent('[data-testid=match-results]')) ?? '';
        assert.ok(table.includes(NICKNAME) && table.includes('黄方电脑（强）'), `both players named: ${table}`);
        assert.match((await page.textContent('[data-testid=match-meta]')) ?? '', /网络经典 · 底分 \d+ · .+ · 已结束/);
        assert.match((await page.textContent('[data-testid=commitment]')) ?? '', /^[0-9a-f]{64}$/);
        assert.match((await page.textContent('[data-testid=seed]')) ?? '', /^[0-9a-f]{64}$/);
        if (lang === 'en') {
          await toEnglish(page, '[data-testid=match-results]', /Yellow bot \(strong\)/);
          assert.match((await page.textContent('[data-testid=match-meta]')) ?? '', /^.+ · base \d+ · .+ · Finished$/);
        }
        await click(page, '[data-testid=match-verify]');
        await page.waitForSelector('[data-testid=match-verdict]', { timeout: 20_000 });
        const verdict = await page.$$eval('[data-testid=match-verdict] li', (lis) => lis.map((li) => [li.className, li.textContent]));
        assert.equal(verdict.length, 2);
        assert.ok(
          verdict.every(([cls]) => cls === 'verify-result ok'),
          JSON.stringify(verdict),
        );
        assert.match(verdict[0]![1] ?? '', lang === 'en' ? /Dice verified: all \d+ rolls/ : /骰子验证通过：\d+ 次掷骰/);
        assert.match(verdict[1]![1] ?? '', lang === 'en' ? /Replay matches/ : /回放一致/);
        await shot('match');
        await page.evaluate(() => document.querySelector('[data-testid=fairness]')?.scrollIntoView());
        await shot('match-verified');

        await click(page, '[data-testid=match-replay]');
        await page.waitForSelector('[data-testid=replay-slider]');
        await page.waitForSelector('.replay canvas');
        await checkReplay(page, lang);
        await shot('replay');
        await click(page, '[data-testid=replay-record]');
        await page.waitForSelector('[data-testid=match-results]');

        // The same record as the last offline game: the offline replay has the same controls and names.
        const match = await matchAs(server.url, game.matchId, await storedPlayer(page));
        await page.evaluate((m: { setup: unknown; actions: unknown; seats: readonly { colour: string; kind: string }[] }) => {
          const players = Object.fromEntries(m.seats.map((s) => [s.colour, s.kind === 'bot' ? 'strong' : 'human']));
          const names = Object.fromEntries(m.seats.filter((s) => s.kind === 'human').map((s) => [s.colour, '小明']));
          localStorage.setItem(
            'flightchess.offline.last',
            JSON.stringify({ version: 1, setup: m.setup, players, names, actions: m.actions, autoPlay: [] }),
          );
        }, match);
        await page.goto(`${server.url}?fast=1#/replay/offline`);
        await page.waitForSelector('.replay canvas');
        await checkReplay(page, lang);
        assert.equal(await page.$('[data-testid=replay-record]'), null, 'an offline game has no record page');
      }),
  },
];

const speedButton = (speed: number) => `[data-testid="replay-speed-${speed}"]`;

/** The replay controls: names, a jump to the middle at once, slow play and pause, steps, the fastest speed to the end. */
async function checkReplay(page: Page, lang: 'zh' | 'en'): Promise<void> {
  const names = await page.$$eval('[data-testid=seat-names] .name', (els) => els.map((e) => e.textContent));
  assert.deepEqual(names.sort(), (lang === 'en' ? [NICKNAME, 'Yellow bot (strong)'] : [NICKNAME, '黄方电脑（强）']).sort());
  const step = async () => {
    const [i, n] = ((await page.textContent('[data-testid=replay-step]')) ?? '').match(/\d+/g)!.map(Number);
    return { i: i!, n: n! };
  };
  const { n } = await step();
  assert.ok(n > 20, `a whole game: ${n} steps`);
  const middle = Math.floor(n / 2);
  assert.match(await jumpReplay(page, middle), new RegExp(`\\b${middle} / ${n}\\b`), 'the jump shows at once');

  await click(page, speedButton(0.5));
  assert.equal(await page.getAttribute(speedButton(0.5), 'aria-pressed'), 'true');
  await click(page, '[data-testid=replay-play]');
  await until('the replay to play on', async () => (await step()).i > middle || null, 10_000);
  await click(page, '[data-testid=replay-play]');
  const paused = (await step()).i;
  await page.waitForTimeout(600);
  assert.equal((await step()).i, paused, 'paused');
  await click(page, '[data-testid=replay-next]');
  await click(page, '[data-testid=replay-next]');
  await click(page, '[data-testid=replay-prev]');
  assert.equal((await step()).i, paused + 1);

  await click(page, speedButton(16));
  assert.equal(await page.getAttribute(speedButton(16), 'aria-pressed'), 'true');
  assert.equal(await page.getAttribute(speedButton(0.5), 'aria-pressed'), 'false');
  await click(page, '[data-testid=replay-play]');
  // At 16× the second half of the game plays out in moments.
  await until('the end of the replay', async () => (await step()).i === n || null, 60_000);
  assert.match((await page.textContent('[data-testid=replay-play]')) ?? '', lang === 'en' ? /^Play$/ : /^播放$/, 'stopped at the end');
  await jumpReplay(page, middle);
}

if (require.main === module) {
  void runCases(cases).then((ok) => process.exit(ok ? 0 : 1));
}

export { cases as pagesCases };
