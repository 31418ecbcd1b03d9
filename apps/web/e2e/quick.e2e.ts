/**
 * Quick play and invite links at the server's own delays, in the browser: one press on "play now" seats
 * a player at a public table whose countdown shows, and the game starts with bots without another press;
 * someone who opens an invite link without a nickname is asked for one, and is shown under it.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import { PHONE, type TestCase, click, newPage, openFriends, openHome, screenshot, until, watchErrors } from './support';

const text = async (page: Page, selector: string) => ((await page.textContent(selector).catch(() => null)) ?? '').trim();
const seatNames = (page: Page) =>
  page.$$eval('[data-testid=lobby] .lobby-seat:not(.empty) .who', (els) => els.map((e) => e.textContent?.trim() ?? ''));

export const quickCases: TestCase[] = [
  {
    name: 'quick play: one press, a visible countdown, and the game starts with bots by itself; an invite link asks for a name',
    async run(browser) {
      const server = await startGameServer('default');
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, PHONE);
      const host = await newPage(browser, PHONE);
      const friend = await newPage(browser, PHONE);
      const pages = [ann, bob, host, friend];
      const errors = pages.flatMap((p, i) => watchErrors(p.page, `page ${i}`));
      try {
        // One press: a seat at a public table, counting down to its start (no ready step, no start to press).
        await openHome(ann.page, server.url, '小安', 'zh-CN', false);
        await click(ann.page, '[data-testid=play-now]');
        await ann.page.waitForSelector('[data-testid=start-countdown]', { timeout: 20_000 });
        assert.match(await text(ann.page, '[data-testid=start-countdown]'), /^\d+ 秒后自动开始，空位由电脑补上$/);
        assert.equal(await ann.page.$('[data-testid=ready]'), null, 'no ready step at a public table');
        assert.equal(await ann.page.$('.ready-mark'), null, 'nobody is shown "not ready"');
        await screenshot(ann.page, 'quick-countdown-phone-zh');

        // Another player pressing play now meanwhile joins that table and sees the same countdown.
        await openHome(bob.page, server.url, 'Bob', 'en', false);
        await click(bob.page, '[data-testid=play-now]');
        await bob.page.waitForSelector('[data-testid=start-countdown]', { timeout: 20_000 });
        assert.match(
          await text(bob.page, '[data-testid=start-countdown]'),
          /^Starts by itself in \d+ s; computer players take the free seats$/,
        );
        await until('Bob at Ann’s table', async () => (await seatNames(ann.page)).includes('Bob') || null, 10_000);
        await screenshot(bob.page, 'quick-countdown-phone-en');

        // Nobody presses anything more: the game starts, bots in the two free seats.
        for (const p of [ann.page, bob.page]) await p.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        const roomId = /#\/table\/([^/?]+)/.exec(ann.page.url())![1]!;
        const tables = (await (await fetch(`${server.url}api/tables`)).json()) as {
          roomId: string;
          status: string;
          seats: { bot: string | null }[];
        }[];
        const table = tables.find((t) => t.roomId === roomId);
        assert.equal(table?.status, 'playing');
        assert.deepEqual([table?.seats.length, table?.seats.filter((s) => s.bot !== null).length], [4, 2], 'bots took the two free seats');
        await screenshot(ann.page, 'quick-started-phone-zh');

        // A private table's invite link, opened on a device with no nickname: asked for one, a made-up one offered.
        await openHome(host.page, server.url, '小明', 'zh-CN', false);
        await openFriends(host.page);
        await click(host.page, '[data-testid=create]');
        await host.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        const code = await text(host.page, '[data-testid=join-code]');
        assert.match(await text(host.page, '[data-testid=lobby-status]'), /开始后空位由电脑补上/);
        await friend.page.goto(`${server.url}?join=${code}`);
        await friend.page.waitForSelector('[data-testid=nickname-prompt]', { timeout: 20_000 });
        const suggested = await friend.page.inputValue('[data-testid=invite-nickname]');
        assert.match(suggested, /^玩家\d{3}$/);
        await screenshot(friend.page, 'invite-nickname-phone-zh');
        await click(friend.page, '[data-testid=invite-join]');
        await friend.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        await until('the friend in the host’s lobby', async () => (await seatNames(host.page)).includes(suggested) || null, 10_000);
        assert.deepEqual((await seatNames(host.page)).sort(), [suggested, '小明'].sort());

        // The host's start waits for the friend, and says so; it is there once the friend is ready.
        assert.equal(await host.page.$eval('[data-testid=start]', (b) => (b as HTMLButtonElement).disabled), true);
        assert.equal(await text(host.page, '[data-testid=lobby-status]'), `等待 ${suggested} 准备`);
        assert.equal(await host.page.$('.lobby-seat[data-colour=red] .ready-mark'), null, 'the host is never shown "not ready"');
        await screenshot(host.page, 'invite-lobby-waiting-phone-zh');
        await click(friend.page, '[data-testid=ready]');
        await until(
          'the start enabled',
          () => host.page.$eval('[data-testid=start]', (b) => !(b as HTMLButtonElement).disabled || null),
          10_000,
        );
        assert.match(await text(host.page, '[data-testid=lobby-status]'), /开始后空位由电脑补上/);
        assert.deepEqual(errors, []);
      } finally {
        for (const p of pages) await p.context.close();
        await server.stop();
      }
    },
  },
];
