/**
 * Quick play and invite links at the server's own delays, in the browser: one press on "play now" seats
 * a player at a public table whose countdown shows, and the game starts with bots without another press,
 * within 3 s when nobody else waits (whoever presses meanwhile joins); with someone waiting, it pairs;
 * someone who opens an invite link without a nickname is asked for one, and is shown under it.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import { PHONE, type TestCase, answerConfirm, click, newPage, openFriends, openHome, screenshot, until, watchErrors } from './support';

/** What a page showed first, and when its board appeared: noted by the page itself (SHOWN_RECORDER). */
interface Shown {
  readonly __shown: { countdown?: string; ready: boolean; boardAt?: number };
}
const SHOWN_RECORDER = `
  window.__shown = { ready: false };
  new MutationObserver(() => {
    const seen = window.__shown;
    const countdown = document.querySelector('[data-testid=start-countdown]');
    if (countdown && seen.countdown === undefined) seen.countdown = countdown.textContent.trim();
    if (document.querySelector('[data-testid=ready]')) seen.ready = true;
    if (seen.boardAt === undefined && document.querySelector('[data-testid=board] canvas')) seen.boardAt = Date.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const text = async (page: Page, selector: string) => ((await page.textContent(selector).catch(() => null)) ?? '').trim();
const seatNames = (page: Page) =>
  page.$$eval('[data-testid=lobby] .lobby-seat:not(.empty) .who', (els) => els.map((e) => e.textContent?.trim() ?? ''));

export const quickCases: TestCase[] = [
  {
    name: 'quick play: one press, a visible countdown, the game started with bots within 3 s when nobody waits, paired when someone does; an invite link asks for a name',
    async run(browser) {
      const server = await startGameServer('default');
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, PHONE);
      const cy = await newPage(browser, PHONE);
      const dee = await newPage(browser, PHONE);
      const host = await newPage(browser, PHONE);
      const friend = await newPage(browser, PHONE);
      const pages = [ann, bob, cy, dee, host, friend];
      const errors = pages.flatMap((p, i) => watchErrors(p.page, `page ${i}`));
      try {
        // Nobody else waits for quick play: one press, and the game shows started within 3 s (QUICK_ALONE_SECONDS);
        // Bob, who presses meanwhile, still joins it. Nothing else is pressed. The page itself notes what it
        // showed and when (a screenshot or a busy test machine must not stretch the time measured).
        await ann.page.addInitScript({ content: SHOWN_RECORDER });
        await openHome(ann.page, server.url, '小安', 'zh-CN', false);
        await openHome(bob.page, server.url, 'Bob', 'en', false);
        const pressed = Date.now();
        await Promise.all([click(ann.page, '[data-testid=play-now]'), click(bob.page, '[data-testid=play-now]')]);
        await ann.page.waitForSelector('[data-testid=start-countdown]', { timeout: 5_000 }).catch(() => null);
        await screenshot(ann.page, 'quick-countdown-phone-zh');
        const shown = await until(
          'the started board',
          () =>
            ann.page.evaluate(() => {
              const seen = (window as unknown as Shown).__shown;
              return seen.boardAt === undefined ? null : seen;
            }),
          5_000,
          50,
        );
        assert.match(shown.countdown ?? '', /^\d+ 秒后自动开始，空位由电脑补上$/);
        assert.equal(shown.ready, false, 'no ready step at a public table');
        const startedIn = shown.boardAt! - pressed;
        assert.ok(startedIn <= 3_000, `the board showed the started game ${startedIn} ms after the press`);
        await bob.page.waitForSelector('[data-testid=board] canvas', { timeout: 5_000 });
        const roomId = /#\/table\/([^/?]+)/.exec(ann.page.url())![1]!;
        assert.equal(/#\/table\/([^/?]+)/.exec(bob.page.url())?.[1], roomId, 'Bob at Ann’s table');
        const tables = (await (await fetch(`${server.url}api/tables`)).json()) as {
          roomId: string;
          status: string;
          seats: { bot: string | null }[];
        }[];
        const table = tables.find((t) => t.roomId === roomId);
        assert.equal(table?.status, 'playing');
        assert.deepEqual([table?.seats.length, table?.seats.filter((s) => s.bot !== null).length], [4, 2], 'bots took the two free seats');
        await screenshot(ann.page, 'quick-started-phone-zh');

        // Someone waits at a public table: play now seats Cy there, and its countdown runs on for more people.
        await openHome(dee.page, server.url, 'Dee', 'en', false);
        await openFriends(dee.page);
        await dee.page.uncheck('#create-private');
        await click(dee.page, '[data-testid=create]');
        await dee.page.waitForSelector('[data-testid=start-countdown]', { timeout: 5_000 });
        await openHome(cy.page, server.url, 'Cy', 'en', false);
        await click(cy.page, '[data-testid=play-now]');
        await cy.page.waitForSelector('[data-testid=start-countdown]', { timeout: 5_000 });
        await until('Cy at Dee’s table', async () => (await seatNames(dee.page)).includes('Cy') || null, 5_000);
        assert.match(
          await text(cy.page, '[data-testid=start-countdown]'),
          /^Starts by itself in (\d+) s; computer players take the free seats$/,
        );
        const left = Number(/(\d+) s/.exec(await text(cy.page, '[data-testid=start-countdown]'))![1]);
        assert.ok(left > 3, `a countdown that waits for pairing (${left} s left)`);
        await screenshot(cy.page, 'quick-countdown-phone-en');

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
  {
    name: 'dead links: a finished table’s invite link says the game ended, who played, the result and a new table like it, before asking a name; a code no table has says so (phone, zh and en)',
    async run(browser) {
      const server = await startGameServer('default');
      const host = await newPage(browser, PHONE);
      const friend = await newPage(browser, PHONE);
      const late = await newPage(browser, PHONE);
      const pages = [host, friend, late];
      const errors = pages.flatMap((p, i) => watchErrors(p.page, `page ${i}`));
      try {
        // 小明 and 小朋 play a short private game (Ply Yard: resigning is allowed at once), then both go home.
        await openHome(host.page, server.url, '小明', 'zh-CN', false);
        await openFriends(host.page);
        await host.page.selectOption('#create-preset', 'plyyard');
        await click(host.page, '[data-testid=create]');
        await host.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        const code = await text(host.page, '[data-testid=join-code]');
        const tableId = /#\/table\/([^/?]+)/.exec(host.page.url())![1]!;
        await openHome(friend.page, server.url, '小朋', 'zh-CN', false);
        await friend.page.goto(`${server.url}?join=${code}`);
        await friend.page.waitForSelector('[data-testid=ready]', { timeout: 20_000 });
        await click(friend.page, '[data-testid=ready]');
        await until(
          'the start enabled',
          () => host.page.$eval('[data-testid=start]', (b) => !(b as HTMLButtonElement).disabled || null),
          10_000,
        );
        await click(host.page, '[data-testid=start]');
        await friend.page.waitForSelector('[data-testid=resign]', { timeout: 20_000 });
        await until('resigning to be allowed', () =>
          friend.page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false || null),
        );
        await click(friend.page, '[data-testid=resign]');
        await answerConfirm(friend.page, 'yes');
        for (const p of [host.page, friend.page]) await p.waitForSelector('[data-testid=my-score]', { timeout: 30_000 });
        for (const p of [host.page, friend.page]) await p.goto(`${server.url}#/`);
        // Asked by its id (a code lookup would count against this address's budget of lookups).
        await until(
          'the table to close',
          async () => (await fetch(`${server.url}api/tables/${tableId}/ended`)).status === 404 || null,
          10_000,
          500,
        );

        // Someone with the old link and no name yet: told what happened, not asked who they are.
        const ended = async (page: Page) => {
          await page.waitForSelector('[data-testid=ended-table]', { timeout: 20_000 });
          assert.equal(await page.$('[data-testid=nickname-prompt]'), null, 'no name asked for a table that is gone');
          return text(page, '[data-testid=ended-table]');
        };
        await late.page.goto(`${server.url}?join=${code}`);
        const zh = await until(
          'the ended table',
          async () => {
            const shown = await ended(late.page);
            return /这张牌桌的对局已经结束/.test(shown) ? shown : null;
          },
          20_000,
        );
        assert.match(zh, /结束于 .+一起玩的人：小明、小朋/s);
        assert.ok(await late.page.$('[data-testid=ended-result]'), 'the result, one press away');
        await screenshot(late.page, 'ended-table-phone-zh');
        await click(late.page, '#lang');
        await until(
          'English',
          async () =>
            /The game at this table has ended.*Played by 小明, 小朋/s.test(await text(late.page, '[data-testid=ended-table]')) || null,
          5_000,
        );
        await screenshot(late.page, 'ended-table-phone-en');

        // The result, then a new table with the same settings (Ply Yard, two seats) and its own code.
        await click(late.page, '[data-testid=ended-result]');
        await late.page.waitForSelector('[data-testid=match-results]', { timeout: 20_000 });
        assert.match(await text(late.page, '[data-testid=match-results]'), /小明.*小朋/s);
        await late.page.goBack();
        await late.page.waitForSelector('[data-testid=ended-again]', { timeout: 20_000 });
        await click(late.page, '[data-testid=ended-again]');
        await late.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        assert.notEqual(await text(late.page, '[data-testid=join-code]'), code);
        assert.match(await text(late.page, '[data-testid=lobby]'), /Ply Yard.*2 seats/s);

        // A code of the right letters that no table has: said so, with both reasons it may be.
        await friend.page.goto(`${server.url}?lang=en&join=ACDEFG`);
        await friend.page.waitForSelector('[data-testid=ended-table]', { timeout: 20_000 });
        assert.match(
          await text(friend.page, '[data-testid=ended-table]'),
          /No table has the code ACDEFG now: it closed before a game began, or the code is mistyped/,
        );
        await screenshot(friend.page, 'ended-no-table-phone-en');
        // The lookups' 404 and 409 answers are the browser's console lines, not the page's errors.
        assert.deepEqual(
          errors.filter((e) => !/status of 40[49]/.test(e)),
          [],
        );
      } finally {
        for (const p of pages) await p.context.close();
        await server.stop();
      }
    },
  },
];
