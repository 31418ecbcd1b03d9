/**
 * The way into online games from the home screen, against the real game server: "play now" seats people
 * at the same table before it opens another, the open-table list takes a player to a table, and a player
 * who closed the page mid-game is offered "return to your game" — at phone and desktop sizes, in both languages.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import { DESKTOP, PHONE, type TestCase, click, newPage, openHome, screenshot, until, watchErrors } from './support';

/** The table id the page's address names once it sits at a table. */
async function tableOf(page: Page): Promise<string> {
  return until('the table in the address', async () => /#\/table\/([^/]+)$/.exec(page.url())?.[1] ?? null, 20_000);
}

const listedNames = (page: Page, roomId: string) => page.textContent(`[data-testid=open-tables] [data-room="${roomId}"]`).catch(() => null);

export const homeCases: TestCase[] = [
  {
    name: 'home: play now seats people together, the open-table list takes a player to a table, and a closed page offers "return to your game"',
    async run(browser) {
      // The table's countdown (quick.e2e.ts) is put off: three people come first, at their pace.
      const server = await startGameServer('fast', { QUICK_START_SECONDS: '300' });
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, DESKTOP);
      const cat = await newPage(browser, PHONE);
      const errors = [...watchErrors(ann.page, 'ann'), ...watchErrors(bob.page, 'bob'), ...watchErrors(cat.page, 'cat')];
      try {
        // Nobody waits yet: the list says so, and play now opens a table.
        await openHome(ann.page, server.url, '小安');
        await until(
          'the empty list',
          async () => ((await ann.page.textContent('[data-testid=open-tables]')) ?? '').includes('没有等待中的牌桌') || null,
          10_000,
        );
        await screenshot(ann.page, 'home-phone-zh');
        await click(ann.page, '[data-testid=play-now]');
        await ann.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const table = await tableOf(ann.page);

        // The next player sees that table listed, and play now puts them at it rather than at a new one.
        await openHome(bob.page, server.url, 'Bob', 'en');
        const listed = await until(
          'Ann’s table in the list',
          async () => listedNames(bob.page, table).then((text) => (text?.includes('小安') ? text : null)),
          15_000,
        );
        assert.match(listed, /1\/4 seated/);
        await screenshot(bob.page, 'home-desktop-en');
        await click(bob.page, '[data-testid=play-now]');
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        assert.equal(await tableOf(bob.page), table);
        await until(
          'Bob in Ann’s lobby',
          async () => ((await ann.page.textContent('[data-testid=lobby]')) ?? '').includes('Bob') || null,
          10_000,
        );

        // A third picks the table from the list.
        await openHome(cat.page, server.url, '小猫');
        await until(
          'the table with two seated',
          async () => listedNames(cat.page, table).then((text) => (text?.includes('2/4') ? text : null)),
          15_000,
        );
        await click(cat.page, `[data-testid="sit-at-${table}"]`);
        await cat.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        assert.equal(await tableOf(cat.page), table);

        // The host starts without waiting (a bot takes the free seat); then two players close their pages mid-game.
        await until(
          'everyone in the lobby',
          async () => ((await ann.page.textContent('[data-testid=lobby]')) ?? '').includes('小猫') || null,
          10_000,
        );
        await click(ann.page, '[data-testid=start]');
        for (const p of [ann.page, bob.page]) await p.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        const seatOf = (page: Page) =>
          until('the own seat', () =>
            page.evaluate(
              () => document.querySelector<HTMLElement>('.seats .seat .badge.you')?.closest<HTMLElement>('.seat')?.dataset.colour ?? null,
            ),
          );
        const seats = { ann: await seatOf(ann.page), bob: await seatOf(bob.page) };

        for (const [who, p, lang, device, text] of [
          ['ann', ann, 'zh-CN', 'phone', '回到对局'],
          ['bob', bob, 'en', 'desktop', 'Return to your game'],
        ] as const) {
          await p.page.close();
          const again = await p.context.newPage();
          await openHome(again, server.url, who === 'ann' ? '小安' : 'Bob', lang);
          const button = `[data-testid="return-${table}"]`;
          await again.waitForSelector(button, { timeout: 15_000 });
          assert.equal((await again.textContent(button))?.trim(), text);
          await screenshot(again, `home-return-${device}-${lang === 'en' ? 'en' : 'zh'}`);
          await click(again, button);
          await again.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
          assert.equal(await seatOf(again), seats[who], `${who} is back in the same seat`);
        }
        assert.deepEqual(errors, []);
      } finally {
        for (const c of [ann.context, bob.context, cat.context]) await c.close();
        await server.stop();
      }
    },
  },
  {
    name: 'home: a new nickname renames the same player (same id, so level and history stay), seated under the new name',
    async run(browser) {
      const server = await startGameServer();
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'rename');
      const playerId = () =>
        page.evaluate(
          () => (JSON.parse(localStorage.getItem('flightchess.player') ?? 'null') as { playerId: string } | null)?.playerId ?? null,
        );
      const seatedAs = async () => {
        await page.waitForSelector('[data-testid=lobby] .lobby-seat .who', { timeout: 20_000 });
        return (await page.textContent('.lobby-seat[data-colour=red] .who'))?.trim();
      };
      try {
        await openHome(page, server.url, '小安');
        await click(page, '[data-testid=create]');
        assert.equal(await seatedAs(), '小安');
        const first = await playerId();
        assert.ok(first);
        await click(page, '[data-testid=leave-table]');
        await page.waitForSelector('[data-testid=create]');

        await openHome(page, server.url, '安安');
        await click(page, '[data-testid=create]');
        assert.equal(await seatedAs(), '安安');
        assert.equal(await playerId(), first);
        await page.goto(`${server.url}?fast=1#/profile/${first}`);
        await until(
          'the profile under the new name',
          async () => (await page.textContent('[data-testid=profile-name]').catch(() => null))?.includes('安安') || null,
          10_000,
        );
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
