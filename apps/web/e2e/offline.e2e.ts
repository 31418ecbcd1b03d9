/**
 * Offline end-to-end test: the built client from a plain static server (no game server running),
 * a person against bots on one device, keyboard play, save and continue, auto-play to the end,
 * results and replay. Screenshots go to artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Colour } from '@flightchess/rules';
import type { Page } from 'playwright-core';
import { boardScale, createLayout } from '../src/board/layout';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  announcements,
  click,
  jumpReplay,
  myTurn,
  newPage,
  playMoves,
  recordAnnouncements,
  runCases,
  screenshot,
  serveStatic,
  shownVersion,
  ui,
  until,
  watchErrors,
  withOfflinePage,
} from './support';

/** Tap the die where the board draws it on `colour`'s turn (red at the bottom), as a finger would. */
async function tapDie(page: Page, colour: Colour): Promise<void> {
  const layout = createLayout('red');
  const box = (await (await page.$('[data-testid=board] canvas'))!.boundingBox())!;
  const scale = boardScale(layout.extent, box.width, box.height);
  const spot = layout.dieSpot[colour];
  await page.mouse.click(box.x + box.width / 2 + spot.x * scale, box.y + box.height / 2 + spot.y * scale);
}

const cases: TestCase[] = [
  {
    name: 'offline game on a phone: person vs bot, keyboard, save and continue, auto-play to the end, results, replay',
    async run(browser) {
      const server = await serveStatic();
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'phone');
      await recordAnnouncements(page);
      try {
        await page.goto(`${server.url}?fast=1#/`);
        await page.waitForSelector('[data-testid=mode-computer]');
        assert.equal(await page.textContent('h1'), '飞行棋', 'Chinese for a Chinese browser');
        await screenshot(page, 'home-phone');
        await click(page, '[data-testid=mode-computer]');
        await page.waitForSelector('[data-testid=offline-start]');

        await click(page, '[data-testid=offline-start]');
        await page.waitForSelector('[data-testid=board] canvas');

        // Keyboard: Enter rolls; a number key picks a plane; Enter confirms.
        let state = await myTurn(page);
        if (state.canRoll) {
          await page.keyboard.press('Enter');
          await until(
            'an announced roll',
            async () => (await announcements(page)).some((text) => /红方掷出 \d/.test(text)) || null,
            10_000,
          );
        }
        state = await myTurn(page);
        if (state.movable.length > 1) {
          await page.keyboard.press(String(state.movable[0]! + 1));
          await until('the keyboard selection preview', async () => (await ui(page)).summary || null, 10_000);
          await page.keyboard.press('Enter');
        }

        await playMoves(page, 4, 'midgame-preview-phone');

        // With one tap to move (the setting off), one number key moves a plane that has one move: no Enter.
        await page.uncheck('[data-testid=confirm-moves]');
        // The keys go to the game again, not to the box just ticked.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        for (let tries = 0; ; tries++) {
          assert.ok(tries < 40, 'a turn with a choice of planes for one key to move');
          const turn = await myTurn(page);
          if (turn.canRoll) {
            const before = await shownVersion(page);
            await page.keyboard.press('Enter');
            await until('the roll to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
            continue;
          }
          const before = await shownVersion(page);
          if (turn.movable.length < 2) {
            // One plane with a choice of routes: tapped, then its route confirmed.
            await click(page, `.plane-button[data-plane="${turn.movable[0]}"]`);
            await click(page, '[data-testid=confirm]');
            await until('the move to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
            continue;
          }
          await page.keyboard.press(String(turn.movable[0]! + 1));
          await until('one key to move the plane', async () => (await shownVersion(page)) > before || null, 5_000);
          break;
        }
        await page.check('[data-testid=confirm-moves]');

        // The unfinished game is saved: home offers to continue it at the same roll.
        const rollsBefore = await page.evaluate(
          () => JSON.parse(localStorage.getItem('flightchess.offline.current') ?? 'null')?.actions.length as number,
        );
        assert.ok(rollsBefore > 0, 'the game was saved while playing');
        await page.goto(`${server.url}?fast=1#/`);
        await page.reload();
        await page.waitForSelector('[data-testid=offline-continue]');
        const saved = await page.evaluate(
          () => JSON.parse(localStorage.getItem('flightchess.offline.current') ?? 'null')?.actions.length as number,
        );
        assert.ok(saved >= rollsBefore, 'the saved game survived the reload');
        await click(page, '[data-testid=offline-continue]');
        await page.waitForSelector('[data-testid=board] canvas');
        await myTurn(page);

        // 托管: the bot plays for the person to the end.
        await until('the auto-play button', async () => (await page.$('[data-testid=auto]:not([disabled])')) !== null || null, 10_000);
        await click(page, '[data-testid=auto]');
        await page.waitForSelector('[data-testid=results]', { timeout: 240_000 });
        const rows = await page.$$eval('.results-table tbody tr', (trs) => trs.length);
        assert.equal(rows, 2, 'both seats are ranked');
        const headline = await page.textContent('.results .headline');
        assert.match(headline ?? '', /胜者/, 'the winner is named');
        await page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
        await screenshot(page, 'results-phone');
        assert.equal(
          await page.evaluate(() => localStorage.getItem('flightchess.offline.current')),
          null,
          'a finished game leaves nothing to continue',
        );

        await click(page, '[data-testid=replay]');
        await page.waitForSelector('[data-testid=replay-next]');
        for (let i = 0; i < 6; i++) await click(page, '[data-testid=replay-next]');
        await until(
          'the replay to advance',
          async () => /第 6 \//.test((await page.textContent('[data-testid=replay-step]')) ?? '') || null,
          10_000,
        );
        await jumpReplay(page, 'end');
        await page.waitForTimeout(300);
        await screenshot(page, 'replay-phone');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.close();
      }
    },
  },
  {
    name: 'offline four-player game on a desktop: three bots, the die tapped on the board, a route preview, English switch',
    async run(browser) {
      const server = await serveStatic();
      const { context, page } = await newPage(browser, DESKTOP);
      const errors = watchErrors(page, 'desktop');
      try {
        await page.goto(`${server.url}?fast=1#/`);
        await page.waitForSelector('[data-testid=mode-computer]');
        await screenshot(page, 'home-desktop');
        await page.goto(`${server.url}?fast=1#/new/computer`);
        await page.waitForSelector('[data-testid=offline-start]');
        await page.selectOption('#offline-green', 'heuristic');
        await page.selectOption('#offline-blue', 'strong');
        await click(page, '[data-testid=offline-start]');
        await page.waitForSelector('[data-testid=board] canvas');
        const seats = await page.$$eval('.seats .seat', (els) => els.map((e) => (e as HTMLElement).dataset.colour));
        assert.deepEqual(seats, ['red', 'green', 'yellow', 'blue']);
        // 认输 is not allowed yet: the button says when it will be, in either language.
        const resignLabel = async () => ({
          text: (await page.textContent('[data-testid=resign]'))?.trim() ?? '',
          disabled: await page.isDisabled('[data-testid=resign]'),
        });
        const early = await resignLabel();
        assert.equal(early.disabled, true);
        assert.match(early.text, /^15 掷后可认输（还差 \d+ 掷）$/);
        await click(page, '#lang');
        await until(
          'the English resign hint',
          async () => /^Resign after 15 rolls \(\d+ to go\)$/.test((await resignLabel()).text) || null,
          5000,
        );
        await click(page, '#lang');
        // The die on the board rolls when tapped (the board's pointer events), as the roll button does.
        await until('red to roll', async () => (await myTurn(page)).canRoll || null, 10_000);
        const unrolled = await shownVersion(page);
        await tapDie(page, 'red');
        await until('the tapped die to roll', async () => (await shownVersion(page)) > unrolled || null, 10_000);
        await playMoves(page, 3, 'midgame-preview-desktop');
        // The current seat is marked for assistive technology as well as visually.
        assert.equal(await page.$$eval('.seats .seat[aria-current=true]', (els) => els.length), 1);

        await click(page, '#lang');
        await until('English labels', async () => (await page.textContent('[data-testid=roll]')) === 'Roll' || null, 5000);
        await click(page, '#lang');
        await until('Chinese labels again', async () => (await page.textContent('[data-testid=roll]')) === '掷骰子' || null, 5000);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.close();
      }
    },
  },
  {
    name: 'Ply Yard hot-seat on a phone: two people on one device, stars on the board, a draw by agreement',
    async run(browser) {
      const server = await serveStatic();
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'plyyard');
      try {
        await page.goto(`${server.url}?fast=1#/new/computer`);
        await page.waitForSelector('[data-testid=offline-start]');
        await page.selectOption('#offline-preset', 'plyyard');
        await page.selectOption('#offline-yellow', 'human');
        assert.equal(await page.isDisabled('#offline-green'), true, 'Ply Yard is red and yellow only');
        await click(page, '[data-testid=offline-start]');
        await page.waitForSelector('[data-testid=board] canvas');
        // Red always starts in Ply Yard; with two people the turn banner says whose hands the device goes to.
        await until(
          'the hand-over banner',
          async () => /请把设备交给红方/.test((await page.textContent('.prompt.banner')) ?? '') || null,
          10_000,
        );
        await playMoves(page, 3, null);
        await page.waitForTimeout(300);
        await screenshot(page, 'plyyard-hotseat-phone');
        await click(page, '[data-testid=draw]');
        await page.waitForSelector('.answer button.primary');
        assert.match((await page.textContent('.answer')) ?? '', /提议和棋/);
        await click(page, '.answer button.primary');
        await page.waitForSelector('[data-testid=results]');
        assert.match((await page.textContent('.results .headline')) ?? '', /和棋/);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.close();
      }
    },
  },
  ...(['phone-zh', 'desktop-en'] as const).map((variant): TestCase => ({
    name: `a single legal move plays by itself and says so, at the default pace (自动走, ${variant})`,
    run: (browser) =>
      withOfflinePage(browser, variant === 'desktop-en' ? DESKTOP : PHONE, variant, async ({ page, url, errors }) => {
        const en = variant === 'desktop-en';
        // No fast flag: the pause before the move is what a player sees.
        await page.goto(`${url}${en ? '?lang=en' : ''}#/new/computer`);
        await page.waitForSelector('[data-testid=offline-start]');
        // One plane starts on the board, so most first rolls leave that plane's move as the only one.
        await page.selectOption('#offline-preset', 'wango-quick');
        await click(page, '[data-testid=offline-start]');
        await page.waitForSelector('[data-testid=board] canvas');
        const forced = en ? /Only one move for .+: it moves by itself/ : /只有一步可走：自动走/;
        const seen = await until(
          'a single legal move of the person',
          async () => {
            // The version first: read after the prompt, it could already be the forced move's (a 6 then waits for the next roll).
            const version = await shownVersion(page);
            const state = await ui(page);
            if (forced.test(state.prompt)) return { ...state, version };
            if (state.canRoll) await click(page, '[data-testid=roll]');
            else if (state.movable.length > 0) {
              await click(page, `.plane-button[data-plane="${state.movable[0]}"]`);
              await click(page, '[data-testid=confirm]');
            }
            return null;
          },
          120_000,
          40,
        );
        assert.deepEqual(seen.movable, [], 'nothing to pick: the move is not offered for confirmation');
        assert.equal(await page.$('[data-testid=confirm]:not([disabled])'), null);
        await screenshot(page, `auto-move-${variant}`);
        await until('the move played by itself', async () => (await shownVersion(page)) > seen.version || null, 10_000);
        assert.deepEqual(errors, []);
      }),
  })),
];

if (require.main === module) {
  void runCases(cases).then((ok) => process.exit(ok ? 0 : 1));
}

cases.push({
  name: 'the installed app: a web app manifest, and with the network cut a reload still opens the game (service worker) and an offline game plays',
  async run(browser) {
    const server = await serveStatic();
    const { context, page } = await newPage(browser, PHONE);
    const errors = watchErrors(page, 'installed');
    try {
      await page.goto(`${server.url}?fast=1#/new/computer`);
      await page.waitForSelector('[data-testid=offline-start]');
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel=manifest]')!;
        return (await fetch(link.href)).json() as Promise<{ name: string; start_url: string; display: string; icons: { src: string }[] }>;
      });
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, './');
      assert.match(manifest.name, /飞行棋/);
      assert.ok(manifest.icons.length > 0);
      // The worker has copied the client and controls the page.
      await until(
        'the service worker to control the page',
        () => page.evaluate(() => navigator.serviceWorker.controller !== null) || null,
        20_000,
      );

      await context.setOffline(true);
      await server.close();
      await page.reload();
      await page.waitForSelector('[data-testid=offline-start]');
      await click(page, '[data-testid=offline-start]');
      await page.waitForSelector('[data-testid=board] canvas');
      await playMoves(page, 3, null);
      await screenshot(page, 'installed-offline-reload-phone');
      // Loading with no network logs the failed page request: the only console error allowed.
      assert.deepEqual(
        errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
        [],
      );
    } finally {
      await context.close();
      await server.close().catch(() => undefined);
    }
  },
});

export { cases as offlineCases };
