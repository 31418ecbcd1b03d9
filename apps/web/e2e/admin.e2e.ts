/**
 * The operator's console in real Chromium against the real game server, started once with
 * ADMIN_TOKEN for every case here: the token is asked for and checked, the console shows the process
 * and a player's table at phone and desktop sizes, bans and lifts from a table's row, sets and clears
 * the notice every page shows, and closes a game in progress — whose player's page then says the
 * operator closed it and leads to the aborted record. Screenshots go to artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { type RunningServer, startGameServer } from './gameServer';
import { gameAgainstBot } from './online.e2e';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  answerConfirm,
  assertNoSideScroll,
  click,
  newPage,
  screenshot,
  until,
  watchingErrors,
} from './support';

const TOKEN = 'e2e-operator-token-0123456789';

/** The console page, signed in (a wrong token first, which it refuses). */
async function signIn(page: Page, url: string, wrongFirst = false): Promise<void> {
  // The server's /admin leads to the web client's console route.
  await page.goto(`${url}admin`);
  await page.waitForSelector('[data-testid=admin-token]');
  assert.match(page.url(), /#\/admin$/);
  if (wrongFirst) {
    await page.fill('[data-testid=admin-token]', 'not-the-token-at-all');
    await click(page, '[data-testid=admin-sign-in]');
    await until(
      'the wrong token refused',
      async () => /令牌不对/.test((await page.textContent('.admin-sign-in .error')) ?? '') || null,
      10_000,
    );
  }
  await page.fill('[data-testid=admin-token]', TOKEN);
  await click(page, '[data-testid=admin-sign-in]');
  await page.waitForSelector('[data-testid=admin-process]', { timeout: 10_000 });
  // The token is kept for this tab only, never in localStorage.
  const stored = await page.evaluate(() => ({
    local: JSON.stringify(localStorage),
    session: sessionStorage.getItem('flightchess.admin-token'),
  }));
  assert.equal(stored.session, TOKEN);
  assert.ok(!stored.local.includes(TOKEN));
}

/** The console's row of the table whose join code is `code`, once it shows. */
const tableRow = (code: string) => `[data-testid=admin-table][data-code="${code}"]`;

/** A player at a game against a bot; returns the table's room id (the page's address names it). */
async function playerAtGame(page: Page, url: string): Promise<string> {
  await gameAgainstBot(page, url, '小红');
  const roomId = /^#\/table\/(.+)$/.exec(await page.evaluate(() => location.hash))?.[1];
  assert.ok(roomId, 'the page names its table');
  return decodeURIComponent(roomId);
}

/** The join code of the table at `roomId`, read from the console's row of it. */
async function codeOfRoom(page: Page, roomId: string): Promise<string> {
  const row = `[data-testid=admin-table][data-room="${roomId}"]`;
  await page.waitForSelector(row, { timeout: 15_000 });
  return (await page.getAttribute(row, 'data-code'))!;
}

let server: Promise<RunningServer> | null = null;

/** Run the cases one after another (a lane) with one game server between them, stopped after the last one that runs. */
function sharingOneServer(cases: readonly { name: string; run: (browser: Browser, url: string) => Promise<void> }[]): TestCase[] {
  const only = process.env.E2E_CASE;
  const last = cases.filter((c) => !only || c.name.includes(only)).at(-1);
  return cases.map((c) => ({
    name: c.name,
    lane: 'admin',
    run: async (browser) => {
      server ??= startGameServer('fast', { ADMIN_TOKEN: TOKEN });
      try {
        await c.run(browser, (await server).url);
      } finally {
        if (c === last) await (await server).stop();
      }
    },
  }));
}

export const adminCases: TestCase[] = sharingOneServer([
  {
    name: "admin console: the token is asked for and checked; the console shows the process and a player's table (code, rules, players, status) at phone and desktop sizes, and bans and lifts from the table's row",
    run: async (browser, url) => {
      const player = await newPage(browser, DESKTOP);
      const desk = await newPage(browser, DESKTOP);
      const phone = await newPage(browser, PHONE);
      const errors = watchingErrors([player.page, 'player'], [desk.page, 'console'], [phone.page, 'console-phone']);
      try {
        const roomId = await playerAtGame(player.page, url);
        await signIn(desk.page, url, true);
        const code = await codeOfRoom(desk.page, roomId);
        const row = tableRow(code);
        assert.match((await desk.page.textContent(row))!, /小红/);
        assert.match((await desk.page.textContent(`${row} [data-testid=admin-table-status]`))!, /对局中/);
        assert.match((await desk.page.textContent('[data-testid=admin-process]'))!, /sqlite/);
        await screenshot(desk.page, 'admin-console-desktop');

        await signIn(phone.page, url);
        await phone.page.waitForSelector(row);
        await assertNoSideScroll(phone.page, 'the console on a phone');
        await screenshot(phone.page, 'admin-console-phone');
        await phone.page.evaluate((r) => document.querySelector(r)?.scrollIntoView(), row);
        await screenshot(phone.page, 'admin-console-tables-phone');

        // Ban the player from their seat in the row, see them listed, lift the ban.
        await click(desk.page, `${row} [data-testid=admin-ban]`);
        await answerConfirm(desk.page, 'yes');
        await desk.page.waitForSelector('[data-testid=admin-banned]', { timeout: 10_000 });
        assert.match((await desk.page.textContent('[data-testid=admin-bans]'))!, /小红/);
        // The address the player was seen from is banned with them (for 24 hours), shown, and lifted on its own.
        assert.match((await desk.page.textContent('[data-testid=admin-banned-address]'))!, /地址 (127\.0\.0\.1|::1)，至/);
        await phone.page.waitForSelector('[data-testid=admin-banned-address]', { timeout: 10_000 });
        await phone.page.evaluate(() => document.querySelector('[data-testid=admin-bans]')?.scrollIntoView());
        await assertNoSideScroll(phone.page, 'the bans on a phone');
        await screenshot(phone.page, 'admin-bans-phone');
        await click(desk.page, '[data-testid=admin-lift-address]');
        await until(
          'the address ban lifted',
          async () =>
            ((await desk.page.$('[data-testid=admin-banned]')) !== null &&
              (await desk.page.$('[data-testid=admin-banned-address]')) === null) ||
            null,
          10_000,
        );
        // The banned player's game goes on, but a phrase is refused, and the page says why in its words.
        await click(player.page, '[data-testid=phrases]');
        await player.page.waitForSelector('[data-testid=phrase-menu]:not([hidden])');
        await click(player.page, '[data-testid=phrase-hello]');
        await until(
          'the ban explained',
          async () => /管理员封禁了你/.test((await player.page.textContent('[data-testid=table-error]')) ?? '') || null,
          10_000,
        );
        await click(desk.page, '[data-testid=admin-lift]');
        await until('the ban lifted', async () => (await desk.page.$('[data-testid=admin-banned]')) === null || null, 10_000);
        assert.match((await desk.page.textContent('[data-testid=admin-audit]'))!, /封禁[\s\S]*解除封禁|解除封禁[\s\S]*封禁/);
        assert.match((await desk.page.textContent('[data-testid=admin-audit]'))!, /解除地址封禁/);

        // Signing out forgets the token.
        await click(desk.page, '[data-testid=admin-sign-out]');
        await desk.page.waitForSelector('[data-testid=admin-token]');
        assert.equal(await desk.page.evaluate(() => sessionStorage.getItem('flightchess.admin-token')), null);
        assert.deepEqual(errors, []);
      } finally {
        await Promise.all([player.context.close(), desk.context.close(), phone.context.close()]);
      }
    },
  },
  {
    name: "admin console: a notice set in the console shows on every page, open pages within 2 s, in the page's own banner, and goes once cleared; a public tournament scheduled there is listed for everyone",
    run: async (browser, url) => {
      const desk = await newPage(browser, DESKTOP);
      const visitor = await newPage(browser, PHONE);
      const errors = watchingErrors([desk.page, 'console'], [visitor.page, 'visitor']);
      try {
        await signIn(desk.page, url);
        // A page already open hears the notice when it is set: pushed, within 2 s, without a navigation.
        await visitor.page.goto(`${url}?fast=1#/`);
        await visitor.page.waitForSelector('[data-testid=play-now]');
        await desk.page.fill('#admin-notice', '维护：10 分钟后重启');
        await click(desk.page, '[data-testid=admin-set-notice]');
        await until(
          'the notice set',
          async () =>
            (await desk.page.textContent('[data-testid=admin-notice-current]').catch(() => null)) === '维护：10 分钟后重启' || null,
          10_000,
        );
        await visitor.page.waitForSelector('[data-testid=notice]:not([hidden])', { timeout: 2_000 });

        for (const hash of ['#/', '#/leaderboard']) {
          await visitor.page.goto(`${url}?fast=1${hash}`);
          await visitor.page.waitForSelector('[data-testid=notice]:not([hidden])', { timeout: 10_000 });
          assert.equal(await visitor.page.textContent('[data-testid=notice-text]'), '维护：10 分钟后重启');
        }
        await visitor.page.goto(`${url}?fast=1#/`);
        await visitor.page.waitForSelector('[data-testid=notice]:not([hidden])', { timeout: 10_000 });
        await screenshot(visitor.page, 'admin-notice-phone');

        await click(desk.page, '[data-testid=admin-clear-notice]');
        await until('the notice cleared', async () => (await desk.page.$('[data-testid=admin-notice-current]')) === null || null, 10_000);
        // The open page loses it as promptly, without a navigation.
        await visitor.page.waitForSelector('[data-testid=notice]', { state: 'hidden', timeout: 2_000 });

        // The operator schedules a public tournament: the visitor finds it listed, to join.
        await desk.page.fill('#admin-tournament-name', '周六复式赛');
        // Tomorrow, in the browser's own time zone (what a datetime-local field holds).
        const tomorrow = await desk.page.evaluate(() => {
          const d = new Date(Date.now() + 86_400_000);
          return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T20:00`;
        });
        await desk.page.fill('#admin-tournament-starts', tomorrow);
        await click(desk.page, '[data-testid=admin-schedule-tournament]');
        await until(
          'the tournament scheduled',
          async () => /schedule-tournament|安排比赛/.test((await desk.page.textContent('main')) ?? '') || null,
          10_000,
        );
        // And an arena, the hour after: the form asks its length instead of rounds.
        await desk.page.fill('#admin-tournament-name', '周六竞技场');
        await desk.page.selectOption('#admin-tournament-format', 'arena');
        assert.equal(await desk.page.isVisible('#admin-tournament-rounds'), false);
        await desk.page.selectOption('#admin-tournament-minutes', '60');
        await desk.page.fill('#admin-tournament-starts', tomorrow.replace('T20:00', 'T21:00'));
        await click(desk.page, '[data-testid=admin-schedule-tournament]');
        await visitor.page.goto(`${url}?fast=1#/tournaments`);
        const upcoming = await until(
          'both listed',
          async () => {
            const names = await visitor.page.$$eval('[data-testid=tournaments-upcoming] a', (as) => as.map((a) => a.textContent));
            return names.length === 2 ? names : null;
          },
          10_000,
        );
        assert.deepEqual(upcoming, ['周六复式赛', '周六竞技场']);
        const listed = (await visitor.page.textContent('[data-testid=tournaments-upcoming]'))!;
        assert.match(listed, /4 人桌 · 5 轮 · 0 人 · 复式骰子/);
        assert.match(listed, /竞技场 · 4 人桌 · 60 分钟 · 0 人/);
        await click(visitor.page, '[data-testid=tournaments-upcoming] a');
        await visitor.page.waitForSelector('[data-testid=tournament-join]');
        await screenshot(visitor.page, 'admin-tournament-phone');
        assert.deepEqual(errors, []);
      } finally {
        await Promise.all([desk.context.close(), visitor.context.close()]);
      }
    },
  },
  {
    name: "admin console: the operator closes a game in progress; the player's page says the operator closed it (no error) and leads to the aborted record",
    run: async (browser, url) => {
      const player = await newPage(browser, PHONE);
      const desk = await newPage(browser, DESKTOP);
      const errors = watchingErrors([player.page, 'player'], [desk.page, 'console']);
      try {
        const roomId = await playerAtGame(player.page, url);
        await signIn(desk.page, url);
        const code = await codeOfRoom(desk.page, roomId);
        await click(desk.page, `${tableRow(code)} [data-testid=admin-close]`);
        await answerConfirm(desk.page, 'yes');
        await until('the table gone from the console', async () => (await desk.page.$(tableRow(code))) === null || null, 15_000);

        await player.page.waitForSelector('[data-testid=table-closed]', { timeout: 10_000 });
        assert.match((await player.page.textContent('[data-testid=table-closed]'))!, /管理员关闭了这张牌桌[\s\S]*不计分/);
        assert.equal(
          await player.page.evaluate(() => document.querySelector('[data-testid=table-error]')?.textContent?.trim() ?? ''),
          '',
          'no error shown',
        );
        assert.equal(await player.page.isVisible('#status'), false, 'no "connection lost" banner');
        await screenshot(player.page, 'admin-closed-player-phone');

        await click(player.page, '[data-testid=closed-record]');
        await player.page.waitForSelector('[data-testid=match-meta]', { timeout: 10_000 });
        const page = (await player.page.textContent('main'))!;
        assert.match(page, /管理员关闭了牌桌/);
        assert.ok(await player.page.$('[data-testid=seed]'), 'the seed is revealed');
        await screenshot(player.page, 'admin-closed-record-phone');
        assert.match((await desk.page.textContent('[data-testid=admin-audit]'))!, /关闭牌桌/);
        assert.deepEqual(errors, []);
      } finally {
        await Promise.all([player.context.close(), desk.context.close()]);
      }
    },
  },
]);
