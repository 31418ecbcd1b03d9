/**
 * Online end-to-end tests against the real game server (apps/server, started here on a free port, serving
 * the built client): two browser contexts create and join a private table by code and play a game to its
 * end; a reload mid-game returns to the same seat; an offline game runs with the server stopped.
 * Screenshots go to artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import { type IncomingMessage, get } from 'node:http';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  assertAccessibleInBothLanguages,
  click,
  dropSockets,
  enabledActions,
  openFriends,
  openHome,
  myTurn,
  newPage,
  ownSeat,
  planeOnBoard,
  playMoves,
  runCases,
  screenshot,
  shownVersion,
  startTable,
  trackSockets,
  ui,
  until,
  watchErrors,
  watchingErrors,
} from './support';

/** Host: a private two-seat table; returns its join code once the lobby shows it. */
async function createPrivateTable(page: Page): Promise<string> {
  await openFriends(page);
  await page.selectOption('#create-seats', '2');
  // A long turn time: a loaded test machine must not hand the seats to auto-play before the test acts.
  await page.selectOption('#create-turn', '60');
  assert.equal(await page.isChecked('#create-private'), true);
  await click(page, '[data-testid=create]');
  await page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
  // A two-seat table shows its two seats (opposite colours), not the board's four.
  assert.deepEqual(await page.$$eval('.lobby-seat', (els) => els.map((e) => (e as HTMLElement).dataset.colour)), ['red', 'yellow']);
  return (await page.textContent('[data-testid=join-code]'))!.trim();
}

/** A private two-seat table against a bot, started; returns the player's own colour. */
export async function gameAgainstBot(page: Page, url: string, nickname: string): Promise<string> {
  await openHome(page, url, nickname);
  await createPrivateTable(page);
  await until('an add-bot button', async () => (await page.$('[data-testid^=add-bot-]')) !== null || null);
  await click(page, '[data-testid=add-bot-yellow]');
  await until('the bot seated', async () => (await page.$('[data-testid=remove-bot-yellow]')) !== null || null);
  await assertAccessibleInBothLanguages(page, 'the lobby');
  // A bot is named by its colour, so that the prompt says which one plays.
  assert.equal((await page.textContent('.lobby-seat[data-colour=yellow] .who'))?.trim(), '黄方电脑（强）');
  await startTable(page);
  assert.equal((await page.textContent('.seats .seat[data-colour=yellow] .name'))?.trim(), '黄方电脑（强）');
  await click(page, '#lang');
  await until(
    'the English bot name',
    async () => (await page.textContent('.seats .seat[data-colour=yellow] .name'))?.trim() === 'Yellow bot (strong)' || null,
    5_000,
  );
  await click(page, '#lang');
  await until(
    'the Chinese bot name again',
    async () => (await page.textContent('.seats .seat[data-colour=yellow] .name'))?.trim() === '黄方电脑（强）' || null,
    5_000,
  );
  return ownSeat(page);
}

const cases: TestCase[] = [
  {
    name: 'the page arrives compressed: script and styles as brotli or gzip and cached for a year by their hashed names, the page itself checked each load; the script is at most 250 KB gzip',
    run: async (browser) => {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, PHONE);
      try {
        const answers = new Map<string, Record<string, string>>();
        page.on('response', (r) => answers.set(new URL(r.url()).pathname, r.headers()));
        await page.goto(`${server.url}#/`);
        await page.waitForSelector('[data-testid=play-now]');
        const assets = [...answers].filter(([path]) => /^\/assets\/.+\.(js|css)$/.test(path));
        assert.deepEqual(new Set(assets.map(([path]) => path.split('.').pop())), new Set(['js', 'css']));
        for (const [path, headers] of assets) {
          // A file under 1 KB (a chunk of the bundler's own helpers) has no compressed copy: it would save less than its headers (precompress.mts).
          const tiny = headers['content-encoding'] === undefined && Number(headers['content-length']) < 1024;
          if (!tiny) assert.match(headers['content-encoding'] ?? 'none', /^(br|gzip)$/, `${path} is sent compressed`);
          assert.equal(headers['cache-control'], 'public, max-age=31536000, immutable', `${path} is cached by its name`);
        }
        assert.equal(answers.get('/')?.['cache-control'], 'no-cache');
        // The entry script (not a chunk of the bundler's helpers the page also loads).
        const script = assets.find(([path]) => /\/index-[^/]+\.js$/.test(path))![0];
        const gzipped = await new Promise<IncomingMessage>((resolve, reject) =>
          get(new URL(script, server.url), { headers: { 'accept-encoding': 'gzip' } }, resolve).on('error', reject),
        );
        gzipped.resume();
        assert.equal(gzipped.headers['content-encoding'], 'gzip');
        const bytes = Number(gzipped.headers['content-length']);
        assert.ok(bytes > 0 && bytes <= 250 * 1024, `the script is ${bytes} bytes gzip`);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'two players create and join a private table by code and play a game to its end (auto-play finishes it)',
    async run(browser) {
      const server = await startGameServer();
      const a = await newPage(browser, PHONE);
      const b = await newPage(browser, DESKTOP);
      const errors = watchingErrors([a.page, 'host'], [b.page, 'guest']);
      try {
        await openHome(a.page, server.url, '小红');
        const code = await createPrivateTable(a.page);
        assert.match(code, /^[A-Z0-9]{4,8}$/);

        await openHome(b.page, server.url, '小黄');
        await openFriends(b.page);
        await b.page.fill('#join-code', code.toLowerCase());
        await click(b.page, '[data-testid=join]');
        await b.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        await until(
          'the guest in the host’s lobby',
          async () => ((await a.page.textContent('[data-testid=lobby]')) ?? '').includes('小黄') || null,
        );
        await click(b.page, '[data-testid=ready]');
        await until('the guest to be ready', async () => ((await a.page.textContent('.lobby-seat.ready:not(:first-child)')) ?? '') || null);
        await screenshot(a.page, 'lobby-phone');
        await screenshot(b.page, 'lobby-desktop');

        await click(a.page, '[data-testid=start]');
        await a.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await b.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        const [colourA, colourB] = [await ownSeat(a.page), await ownSeat(b.page)];
        assert.deepEqual([colourA, colourB].sort(), ['red', 'yellow']);

        // Both play by hand for a while; the player to move sees a turn timer.
        let sawTimer = false;
        let preview = false;
        let over = false;
        const deadline = Date.now() + 180_000;
        for (let moves = 0; (moves < 6 || !preview) && !over && Date.now() < deadline;) {
          for (const { page } of [a, b]) {
            const state = await ui(page);
            if (state.over) {
              over = true;
              break;
            }
            // A turn timer that ran out (a slow machine) put the seat on auto-play: take the seat back.
            if (await page.$('[data-testid=auto].on')) await click(page, '[data-testid=auto]');
            if (!sawTimer && (state.canRoll || state.movable.length > 0)) sawTimer = (await page.$('[data-testid=timer]')) !== null;
            if (state.canRoll) {
              await click(page, '[data-testid=roll]');
              await page.waitForTimeout(150);
            } else if (state.movable.length > 0) {
              const out = !preview && state.movable.length > 1 ? await planeOnBoard(page, state.movable) : null;
              await click(page, `.plane-button[data-plane="${out ?? state.movable[0]}"]`);
              const summary = await until('the route preview', async () => (await ui(page)).summary || null, 10_000).catch(() => '');
              if (out !== null && summary) {
                await page.waitForTimeout(150);
                await screenshot(page, page === a.page ? 'online-midgame-preview-phone' : 'online-midgame-preview-desktop');
                preview = true;
              }
              await click(page, '[data-testid=confirm]');
              moves++;
              await page.waitForTimeout(150);
            }
          }
          await a.page.waitForTimeout(50);
        }
        assert.ok(preview, 'a route preview with a choice of planes was shown');
        assert.ok(sawTimer, 'the turn timer is shown to the player to move');

        // 托管 on both sides: the server's bot plays the game out.
        if (!over) {
          for (const { page } of [a, b]) {
            await until('the auto-play button', async () => (await page.$('[data-testid=auto]')) !== null || null);
            if (!(await page.$('[data-testid=auto].on'))) await click(page, '[data-testid=auto]');
          }
          await until(
            'auto-play marked on both seats',
            async () => (await a.page.$$('.seats .badge.auto')).length === 2 || (await ui(a.page)).over || null,
            20_000,
          );
        }
        for (const { page } of [a, b]) await page.waitForSelector('[data-testid=results]', { timeout: 300_000 });
        // Scores, coins and levels arrive once the server has stored the match.
        await until(
          'the recorded scores',
          async () => /初级学员|中级学员|高级学员/.test((await a.page.textContent('.results-table')) ?? '') || null,
          20_000,
        );
        await click(a.page, '[data-testid=verify]');
        await until(
          'the dice verification',
          async () => /验证通过/.test((await a.page.textContent('[data-testid=verify-result]')) ?? '') || null,
          20_000,
        );
        await a.page.evaluate(() => document.querySelector('[data-testid=results]')?.scrollIntoView());
        await screenshot(a.page, 'online-results-phone');
        await screenshot(b.page, 'online-results-desktop');
        assert.deepEqual(errors, []);
      } finally {
        await a.context.close();
        await b.context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'a reload mid-game puts the player back in the same seat; a dropped connection reconnects by itself and says so',
    async run(browser) {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, DESKTOP);
      const errors = watchErrors(page, 'reload');
      await trackSockets(page);
      try {
        const before = await gameAgainstBot(page, server.url, 'Reloader');
        await playMoves(page, 2, null);
        const address = page.url();
        assert.match(address, /#\/table\//, 'the address names the table');
        const versionBefore = await shownVersion(page);
        assert.ok(versionBefore > 0);

        await page.reload();
        await page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        assert.equal(await ownSeat(page), before, 'same seat after the reload');
        // The same game, not a new one: it carries on from where it was.
        assert.ok((await shownVersion(page)) >= versionBefore);
        await screenshot(page, 'online-after-reload-desktop');
        // And the game goes on from there.
        const state = await myTurn(page);
        assert.ok(state.canRoll || state.movable.length > 0 || state.over);

        // The network drops the connection: the client says so, reconnects on its own, keeps the seat.
        assert.ok((await enabledActions(page)).includes('auto'), '托管 can be switched while connected');
        await dropSockets(page);
        await until('the reconnecting banner', async () => /正在重连/.test((await page.textContent('#status')) ?? '') || null, 10_000);
        // Meanwhile nothing that acts can be pressed: it would be lost on the dead connection.
        assert.deepEqual(await enabledActions(page), []);
        assert.match((await page.textContent('#status')) ?? '', /正在重连/, 'still reconnecting when the buttons were read');
        await screenshot(page, 'online-reconnecting-desktop');
        await until('the reconnected banner', async () => /已重新连接/.test((await page.textContent('#status')) ?? '') || null, 30_000);
        assert.equal(await ownSeat(page), before, 'same seat after reconnecting');
        await playMoves(page, 1, null);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'the server process is killed mid-game and started again: the page reconnects by itself to the restored table, same seat, same game',
    async run(browser) {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, DESKTOP);
      const errors = watchErrors(page, 'restart');
      try {
        const seat = await gameAgainstBot(page, server.url, 'Survivor');
        await playMoves(page, 2, null);
        const before = await shownVersion(page);

        // Every text the status banner shows from now on (the page is loaded: an observer, not an init script).
        await page.evaluate(`window.__banner = [];
          new MutationObserver(() => window.__banner.push(document.getElementById('status').textContent))
            .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });`);
        const banners = () => page.evaluate('window.__banner') as Promise<string[]>;
        await server.crashAndRestart();
        await until('the reconnected banner', async () => (await banners()).some((b) => /已重新连接/.test(b)) || null, 60_000);
        const shown = await banners();
        const reconnecting = shown.findIndex((b) => /正在重连/.test(b));
        assert.ok(
          reconnecting >= 0 && reconnecting < shown.findIndex((b) => /已重新连接/.test(b)),
          `"reconnecting…" then "reconnected": ${JSON.stringify(shown)}`,
        );
        assert.equal(await ownSeat(page), seat, 'same seat after the restart');
        assert.ok((await shownVersion(page)) >= before, 'the same game, from where it was');
        await screenshot(page, 'online-restored-desktop');
        await playMoves(page, 1, null);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
  {
    name: "a 2v2 table names each seat's team in the lobby as the game does (红黄队 / Red+Yellow team)",
    async run(browser) {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'lobby-teams');
      try {
        await openHome(page, server.url, 'Ann');
        await openFriends(page);
        await page.selectOption('#create-seats', '4');
        await page.check('#create-teams');
        await click(page, '[data-testid=create]');
        await page.waitForSelector('[data-testid=lobby] .lobby-seat .badge.team', { timeout: 20_000 });
        const byColour = async () =>
          Object.fromEntries(
            await page.$$eval('.lobby-seat', (els) =>
              els.map((e) => [(e as HTMLElement).dataset.colour, e.querySelector('.badge.team')?.textContent]),
            ),
          );
        assert.deepEqual(await byColour(), { red: '红黄队', yellow: '红黄队', green: '绿蓝队', blue: '绿蓝队' });
        await screenshot(page, 'lobby-teams-phone');
        // Beside the badge, an empty seat still reads 空位 on one line, not a character a line.
        const brokenNames = await page.$$eval('.lobby-seat .who', (els) =>
          els
            .filter((e) => {
              const text = document.createRange();
              text.selectNodeContents(e);
              return text.getClientRects().length !== 1 || e.scrollWidth > e.clientWidth;
            })
            .map((e) => e.textContent),
        );
        assert.deepEqual(brokenNames, []);
        await click(page, '#lang');
        await until('the English team names', async () => (await byColour()).red === 'Red+Yellow team' || null, 5_000);
        assert.deepEqual(await byColour(), {
          red: 'Red+Yellow team',
          yellow: 'Red+Yellow team',
          green: 'Green+Blue team',
          blue: 'Green+Blue team',
        });
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'an offline game against bots runs with the server stopped',
    async run(browser) {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'offline-no-server');
      try {
        await page.goto(`${server.url}?fast=1#/new/computer`);
        await page.waitForSelector('[data-testid=offline-start]');
        // As for anyone who had the page open a moment: the service worker is installed before the server goes.
        await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
        await server.stop();
        assert.equal(
          await fetch(`${server.url}healthz`).then(
            () => 'up',
            () => 'down',
          ),
          'down',
        );
        // The quick preset (3 planes, one already out) keeps the run short.
        await page.selectOption('#offline-preset', 'wango-quick');
        await click(page, '[data-testid=offline-start]');
        await page.waitForSelector('[data-testid=board] canvas');
        await playMoves(page, 2, null);
        await click(page, '[data-testid=auto]');
        await page.waitForSelector('[data-testid=results]', { timeout: 300_000 });
        assert.equal(await page.$$eval('.results-table tbody tr', (rows) => rows.length), 2);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];

if (require.main === module) {
  void runCases(cases).then((ok) => process.exit(ok ? 0 : 1));
}

export { cases as onlineCases };
