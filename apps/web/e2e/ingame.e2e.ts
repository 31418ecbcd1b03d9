/**
 * In-game polish, offline (no server): sounds and the mute switch, the turn banner beside the board, the
 * arrived planes' counts at the centre, teams in the seat list, a language switch that redraws every
 * text at once, and a results table that fits a phone. At phone and desktop sizes, in both languages.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  click,
  jumpReplay,
  myTurn,
  playMoves,
  screenshot,
  shownVersion,
  startOffline,
  until,
  withOfflinePage,
} from './support';

type Device = typeof PHONE | typeof DESKTOP;
const sizes: readonly [string, Device][] = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
];

/** Han characters: none may be left on an English screen. */
const HAN = /[\u4e00-\u9fff]/;

/** How often each sound cue played (the game screen's `data-cues`). */
async function cues(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () => JSON.parse(document.querySelector<HTMLElement>('.screen.game')?.dataset.cues ?? '{}') as Record<string, number>,
  );
}

/** Whether two elements' boxes overlap on screen. */
function overlap(page: Page, a: string, b: string): Promise<boolean> {
  return page.evaluate(
    ([sa, sb]) => {
      const ra = document.querySelector(sa!)!.getBoundingClientRect();
      const rb = document.querySelector(sb!)!.getBoundingClientRect();
      return ra.left < rb.right && rb.left < ra.right && ra.top < rb.bottom && rb.top < ra.bottom;
    },
    [a, b],
  );
}

/** Switch the language with the header button and wait for the roll button (or `check`) to show it. */
async function switchLanguage(page: Page, check: () => Promise<boolean>): Promise<void> {
  await click(page, '#lang');
  await until('the language switch', async () => (await check()) || null, 5000);
}

async function roll(page: Page): Promise<void> {
  const before = await shownVersion(page);
  // A real click: the first user gesture also lets the page start its audio.
  await page.click('[data-testid=roll]');
  await until('the roll to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
}

/** A game saved as the home screen saves one, opened from the offline route. */
async function openSaved(page: Page, url: string, saved: object): Promise<void> {
  await page.goto(`${url}?fast=1#/`);
  await page.evaluate((game) => localStorage.setItem('flightchess.offline.current', JSON.stringify(game)), saved);
  await page.goto(`${url}?fast=1#/offline`);
  await page.waitForSelector('[data-testid=board] canvas');
}

const FINISH = 56;

/** A saved offline game of the online preset from these plane positions: Ann (red) against three bots. */
const savedGame = (
  planes: object,
  more: { teams?: boolean; autoPlay?: string[]; players?: object; names?: object; actions?: object[] } = {},
) => ({
  version: 1,
  setup: { preset: 'online', seats: ['red', 'green', 'yellow', 'blue'], teams: more.teams ?? false, firstSeat: 'red', planes },
  players: { red: 'human', green: 'heuristic', yellow: 'heuristic', blue: 'heuristic', ...more.players },
  names: { red: 'Ann', ...more.names },
  actions: more.actions ?? [],
  autoPlay: more.autoPlay ?? [],
});

const soundCases: TestCase[] = sizes.map(([size, device]) => ({
  name: `ingame ${size}: sounds follow the game, the turn banner stays beside the board, mute is remembered, English switches every text`,
  run: (browser) =>
    withOfflinePage(browser, device, size, async ({ page, url, errors }) => {
      await page.addInitScript(() => {
        const counts = { started: 0 };
        (window as unknown as { pulses: typeof counts }).pulses = counts;
        document.addEventListener('animationstart', (e) => e.animationName === 'pulse' && counts.started++);
      });
      await page.goto(`${url}?fast=1#/new/computer`);
      await page.evaluate(() => localStorage.setItem('flightchess.nickname', 'Ann'));
      await page.reload();
      await page.waitForSelector('[data-testid=offline-start]');
      await page.click('[data-testid=offline-start]');
      await page.waitForSelector('[data-testid=board] canvas');

      // Red (the person) is to roll: a banner in the panel says so, clear of the board.
      const state = await myTurn(page);
      if (state.canRoll) {
        await page.waitForSelector('.prompt.banner');
        assert.match((await page.textContent('.prompt.banner')) ?? '', /^轮到你了！ · 请掷骰子$/);
        assert.equal(await overlap(page, '.prompt.banner', '[data-testid=board]'), false, 'the banner never covers the board');
        assert.ok(await page.isVisible('.prompt.banner'));
        await screenshot(page, `ingame-banner-${size}`);

        // The turn's ring pulses when the turn comes, then holds still: the seat panel, redrawn twice a second for
        // its clocks, keeps its elements, so the pulse is neither endless nor started over.
        const started = () => page.evaluate(() => (window as unknown as { pulses: { started: number } }).pulses.started);
        const pulsing = () =>
          page.evaluate(() => document.getAnimations().filter((a) => (a as CSSAnimation).animationName === 'pulse').length);
        await until('the pulse', async () => (await started()) > 0 || null);
        await until('the pulse to end', async () => (await pulsing()) === 0 || null);
        const pulses = await started();
        await page.waitForTimeout(1_500);
        assert.equal(await started(), pulses, 'no pulse started again while the turn stays');
        assert.equal(await pulsing(), 0);
        assert.equal(await page.$$eval('.seat.current', (seats) => seats.length), 1);
      }
      assert.equal(await page.textContent('[data-testid=sound]'), '声音：开');

      // Sounds: the die, the steps, and the call back to the person's turn after the bot's.
      await playMoves(page, 3, null);
      await until('the die and your-turn cues', async () => {
        const played = await cues(page);
        return (played.roll ?? 0) >= 2 && (played.yourTurn ?? 0) >= 1 && (played.step ?? 0) >= 1 ? played : null;
      });

      // Mid-game, English: the prompt, the banner, the hint, the seats, the buttons and the title at once.
      await switchLanguage(page, async () => (await page.textContent('[data-testid=sound]')) === 'Sound: on');
      const text = (await page.textContent('.screen.game')) ?? '';
      assert.doesNotMatch(text, HAN, `no Chinese left after the switch: ${text.match(new RegExp(`.{0,20}${HAN.source}.{0,20}`))?.[0]}`);
      assert.equal(await page.title(), 'Flight Chess');
      assert.match((await page.textContent('.controls .hint')) ?? '', /^Keys: /);
      await myTurn(page);
      await screenshot(page, `ingame-english-${size}`);
      await switchLanguage(page, async () => (await page.textContent('[data-testid=sound]')) === '声音：开');
      assert.equal(await page.title(), '飞行棋');

      // Muted: nothing sounds, and it stays muted after a reload.
      await page.click('[data-testid=sound]');
      assert.equal(await page.textContent('[data-testid=sound]'), '声音：关');
      assert.equal(await page.getAttribute('[data-testid=sound]', 'aria-pressed'), 'false');
      const before = await cues(page);
      const ui = await myTurn(page);
      if (ui.canRoll) await roll(page);
      await playMoves(page, 2, null);
      const kept = () =>
        page.evaluate(() => ['current', 'last'].map((k) => `${k}: ${localStorage.getItem(`flightchess.offline.${k}`)?.length ?? 'none'}`));
      const beforeReload = await kept();
      await page.reload();
      await page.waitForSelector('[data-testid=board] canvas').catch(async (error: Error) => {
        // Seen once in CI (the page went home): say what the saves held before and after the reload.
        throw new Error(`${error.message}\nsaved before the reload ${beforeReload}; after ${await kept()}; at ${page.url()}`);
      });
      assert.equal(await page.textContent('[data-testid=sound]'), '声音：关', 'muting is remembered');
      const after = await myTurn(page);
      if (after.canRoll) await roll(page);
      await playMoves(page, 1, null);
      assert.deepEqual(await cues(page), {}, 'nothing sounds after the reload while muted');
      assert.ok(Object.keys(before).length > 0);
      assert.deepEqual(errors, []);
    }),
}));

const teamCases: TestCase[] = sizes.map(([size, device]) => ({
  name: `ingame ${size}: a 2v2 game lists the seats by team, in both languages; free-for-all lists no teams`,
  run: (browser) =>
    withOfflinePage(browser, device, size, async ({ page, url, errors }) => {
      await page.goto(`${url}?fast=1#/`);
      await startOffline(page, { seats: { green: 'heuristic', blue: 'heuristic' }, teams: true });
      await page.waitForSelector('.seat-panel .team');
      const teams = () =>
        page.$$eval('.seat-panel .team', (els) =>
          els.map((e) => [
            e.querySelector('.team-name')?.textContent,
            [...e.querySelectorAll<HTMLElement>('.seat')].map((s) => s.dataset.colour),
          ]),
        );
      assert.deepEqual(await teams(), [
        ['红黄队', ['red', 'yellow']],
        ['绿蓝队', ['green', 'blue']],
      ]);
      await playMoves(page, 1, null);
      await screenshot(page, `ingame-teams-${size}`);
      await switchLanguage(page, async () => (await page.textContent('.team-name')) === 'Red+Yellow team');
      assert.deepEqual(await teams(), [
        ['Red+Yellow team', ['red', 'yellow']],
        ['Green+Blue team', ['green', 'blue']],
      ]);
      await screenshot(page, `ingame-teams-en-${size}`);
      // The longest names (a strong bot's, in English) are shown whole, even in a phone's narrow chips.
      const cut = await page.$$eval('.seat-panel .seat .name', (els) =>
        els.filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
      );
      assert.deepEqual(cut, []);
      assert.ok((await page.$$eval('.seat-panel .seat .name', (els) => els.map((e) => e.textContent))).includes('Yellow bot (strong)'));
      await switchLanguage(page, async () => (await page.textContent('.team-name')) === '红黄队');

      // The same four seats without teams: one plain list.
      await page.goto(`${url}?fast=1#/`);
      await startOffline(page, { seats: { green: 'heuristic', blue: 'heuristic' } });
      await page.waitForSelector('.seat-panel .seat');
      assert.equal(await page.$$eval('.seat-panel .team', (els) => els.length), 0);
      assert.equal(await page.$$eval('.seat-panel .seat', (els) => els.length), 4);
      assert.deepEqual(errors, []);
    }),
}));

const arrivedCases: TestCase[] = sizes.map(([size, device]) => ({
  name: `ingame ${size}: arrived planes are counted in their colour's centre triangle`,
  // The board as most devices draw it: WebGL.
  webgl: true,
  run: (browser) =>
    withOfflinePage(browser, device, size, async ({ page, url, errors }) => {
      await openSaved(
        page,
        url,
        savedGame({
          red: [FINISH, FINISH, FINISH, 30],
          green: [FINISH, 3, 'hangar', 'hangar'],
          yellow: [FINISH, FINISH, 'hangar', 'hangar'],
        }),
      );
      await myTurn(page);
      const arrived = await page.$$eval('.seat .arrived', (els) => els.map((e) => e.textContent));
      assert.deepEqual(arrived, ['到达 3/4', '到达 1/4', '到达 2/4', '到达 0/4']);
      await page.waitForTimeout(200);
      await screenshot(page, `ingame-arrived-${size}`);
      assert.deepEqual(errors, []);
    }),
}));

const resultsCases: TestCase[] = sizes.map(([size, device]) => ({
  name: `ingame ${size}: the results fit the screen with one way home, and switch language with their level names`,
  run: (browser) =>
    withOfflinePage(browser, device, size, async ({ page, url, errors }) => {
      // Two people in Ply Yard agree a draw: the quickest way to a results table.
      await page.goto(`${url}?fast=1#/`);
      await startOffline(page, { preset: 'plyyard', seats: { yellow: 'human' } });
      await playMoves(page, 2, null);
      await click(page, '[data-testid=draw]');
      await page.waitForSelector('.answer button.primary');
      await click(page, '.answer button.primary');
      await page.waitForSelector('[data-testid=results]');

      const homeButtons = () =>
        page.$$eval(
          '.screen.game button, .screen.game a',
          (els) => els.filter((e) => /返回首页|Home$/.test(e.textContent ?? '') && (e as HTMLElement).offsetParent !== null).length,
        );
      await until('the panel to drop its own home button', async () => (await homeButtons()) === 1 || null, 5000);
      const fits = () =>
        page.evaluate(() => {
          const table = document.querySelector<HTMLElement>('.results-table')!;
          const heads = [...table.querySelectorAll<HTMLElement>('th')].filter((th) => th.offsetParent !== null);
          return {
            page: document.documentElement.scrollWidth <= window.innerWidth,
            table: table.getBoundingClientRect().right <= window.innerWidth,
            // A header on one line: no taller than its own line height allows.
            oneLine: heads.every(
              (th) => th.getClientRects().length === 1 && th.clientHeight < 2 * parseFloat(getComputedStyle(th).lineHeight),
            ),
          };
        });
      assert.deepEqual(await fits(), { page: true, table: true, oneLine: true });
      assert.match((await page.textContent('.results-table tbody')) ?? '', /初级学员/);
      await page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
      await screenshot(page, `ingame-results-${size}`);

      await switchLanguage(page, async () => (await page.getAttribute('[data-testid=results]', 'aria-label')) === 'Results');
      const text = (await page.textContent('.screen.game')) ?? '';
      assert.doesNotMatch(text, HAN, `no Chinese left on the results: ${text.match(new RegExp(`.{0,20}${HAN.source}.{0,20}`))?.[0]}`);
      assert.match((await page.textContent('.results-table tbody')) ?? '', /Junior Cadet/);
      assert.equal(await homeButtons(), 1);
      assert.deepEqual(await fits(), { page: true, table: true, oneLine: true });
      await page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
      await screenshot(page, `ingame-results-en-${size}`);
      assert.deepEqual(errors, []);
    }),
}));

const teamWinCases: TestCase[] = sizes.map(([size, device]) => ({
  name: `ingame ${size}: a team's win is headlined with its colours and both its players, in both languages`,
  run: (browser) =>
    withOfflinePage(browser, device, size, async ({ page, url, errors }) => {
      // Red and yellow each one plane from home; the person's seat on auto-play, so the game ends by itself.
      await openSaved(
        page,
        url,
        savedGame({ red: [FINISH, FINISH, FINISH, 52], yellow: [FINISH, FINISH, FINISH, 52] }, { teams: true, autoPlay: ['red'] }),
      );
      await page.waitForSelector('[data-testid=results]', { timeout: 120_000 });
      const headline = () => page.textContent('.results .headline');
      assert.match((await headline()) ?? '', /^胜者：红黄队 Ann \+ 黄方电脑/);
      await page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
      await screenshot(page, `ingame-team-win-${size}`);
      await switchLanguage(page, async () => /^Winners: Red\+Yellow team, Ann \+ Yellow bot/.test((await headline()) ?? ''));
      await screenshot(page, `ingame-team-win-en-${size}`);
      assert.deepEqual(errors, []);
    }),
}));

const outCase: TestCase = {
  name: 'ingame phone: seats that left the game show how they left, never 托管, in the game, the results and the replay',
  run: (browser) =>
    withOfflinePage(browser, PHONE, 'phone', async ({ page, url, errors }) => {
      // 2v2: green (on auto-play) stayed away too long and blue (on auto-play) escaped, so red and yellow have won.
      const players = { green: 'human', blue: 'human' };
      const actions = [
        { type: 'forfeit', seat: 'green' },
        { type: 'escape', seat: 'blue' },
      ];
      const saved = savedGame({}, { teams: true, players, names: { green: 'Gus', blue: 'Bea' }, autoPlay: ['green', 'blue'], actions });
      await openSaved(page, url, saved);
      await page.waitForSelector('[data-testid=results]');
      const chips = (where: string) =>
        page.$$eval(`${where} .seat`, (els) =>
          els.map((e) => [(e as HTMLElement).dataset.colour, [...e.querySelectorAll('.badge')].map((b) => b.textContent)]),
        );
      const shown = async (where: string) => Object.fromEntries(await chips(where));
      assert.deepEqual((await shown('.seat-panel')).green, ['已退出 · 掉线超时（按认输）']);
      assert.deepEqual((await shown('.seat-panel')).blue, ['已退出 · 逃跑']);
      assert.equal(await page.$$eval('.seat-panel .badge.auto', (els) => els.length), 0, 'nobody out is shown on auto-play');
      const resultBadges = () =>
        page.$$eval('.results-table tbody tr', (rows) => rows.map((r) => r.querySelector('.badge.out')?.textContent ?? ''));
      assert.deepEqual((await resultBadges()).filter(Boolean).sort(), ['已退出 · 掉线超时（按认输）', '已退出 · 逃跑']);
      await page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
      await screenshot(page, 'ingame-out-seats');

      await switchLanguage(page, async () => (await page.getAttribute('[data-testid=results]', 'aria-label')) === 'Results');
      assert.deepEqual((await shown('.seat-panel')).green, ['Out · away too long (resigned)']);
      assert.deepEqual((await resultBadges()).filter(Boolean).sort(), ['Out · away too long (resigned)', 'Out · left the game']);
      await switchLanguage(page, async () => (await page.getAttribute('[data-testid=results]', 'aria-label')) === '对局结果');

      // The replay's last step shows the same (the game was opened finished, so it is kept as the last game here).
      await page.evaluate((game) => localStorage.setItem('flightchess.offline.last', JSON.stringify(game)), saved);
      await click(page, '[data-testid=replay]');
      await page.waitForSelector('[data-testid=replay-slider]');
      await jumpReplay(page, 'end');
      await until('the replay to show who left', async () => (await shown('.seat-panel')).blue?.[0] === '已退出 · 逃跑' || null, 5000);
      assert.deepEqual((await shown('.seat-panel')).green, ['已退出 · 掉线超时（按认输）']);
      assert.deepEqual(errors, []);
    }),
};

export const ingameCases: TestCase[] = [...soundCases, ...teamCases, ...arrivedCases, ...resultsCases, ...teamWinCases, outCase];
