/**
 * The way into online games from the home screen, against the real game server: "play now" seats people
 * at the same table before it opens another, the open-table list takes a player to a table, and a player
 * who closed the page mid-game is offered "return to your game" — at phone and desktop sizes, in both languages.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { blackHole } from './blackHole';
import { startGameServer } from './gameServer';
import {
  DESKTOP,
  PHONE,
  type TestCase,
  click,
  newPage,
  openFriends,
  openHome,
  screenshot,
  until,
  watchErrors,
  watchingErrors,
} from './support';

/** The table id the page's address names once it sits at a table. */
async function tableOf(page: Page): Promise<string> {
  return until('the table in the address', async () => /#\/table\/([^/]+)$/.exec(page.url())?.[1] ?? null, 20_000);
}

const text = async (page: Page, selector: string) => ((await page.textContent(selector).catch(() => null)) ?? '').trim();

const listedNames = (page: Page, roomId: string) => page.textContent(`[data-testid=open-tables] [data-room="${roomId}"]`).catch(() => null);

/** Every way to play on the home screen, and how far down the page the lowest ends. */
const tilesBottom = (page: Page) =>
  page.evaluate(() => ({
    tiles: [...document.querySelectorAll('.modes .mode-tile')].map((e) => e.textContent ?? ''),
    bottom: Math.max(...[...document.querySelectorAll('.modes .mode-tile')].map((e) => e.getBoundingClientRect().bottom)),
  }));

/** A check on one phone against a server at the default pace, in Chinese then in English; the page logs no error. */
async function onePhoneInBothLanguages(
  browser: Browser,
  check: (page: Page, url: string, lang: 'zh-CN' | 'en') => Promise<void>,
): Promise<void> {
  const server = await startGameServer();
  const { context, page } = await newPage(browser, PHONE);
  const errors = watchErrors(page, 'player');
  try {
    for (const lang of ['zh-CN', 'en'] as const) await check(page, server.url, lang);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    await server.stop();
  }
}

export const homeCases: TestCase[] = [
  {
    name: 'home: the browser’s language until one is picked, every way to play on a phone without scrolling, a table code in the sign-in code box joins the table',
    async run(browser) {
      const server = await startGameServer();
      const zh = await newPage(browser, PHONE, { locale: 'zh-CN' });
      const en = await newPage(browser, PHONE, { locale: 'en-US' });
      const errors = watchingErrors([zh.page, 'zh'], [en.page, 'en']);
      try {
        // At the server's default pace (no fast flag), no language asked for in the address: the browser's.
        for (const [p, lang, tiles] of [
          [zh.page, 'zh-CN', ['快速开始', '和朋友玩', '人机对战', '同屏对战']],
          [en.page, 'en', ['Play now', 'Play with friends', 'Play the computer', 'Pass and play']],
        ] as const) {
          await p.goto(`${server.url}#/`);
          await p.waitForSelector('[data-testid=play-now]');
          assert.equal(await p.evaluate(() => document.documentElement.lang), lang);
          const shown = await tilesBottom(p);
          assert.deepEqual(
            shown.tiles.map((text) => tiles.find((tile) => text.startsWith(tile))),
            tiles,
            `${lang}: the four ways to play`,
          );
          assert.ok(shown.bottom <= 667, `${lang}: the last tile ends at ${shown.bottom}px, inside the 667px screen`);
          await screenshot(p, `home-modes-phone-${lang === 'en' ? 'en' : 'zh'}`);
        }

        // A friend's table code typed where a device's sign-in code goes joins that table.
        await zh.page.fill('#nickname', '小安');
        await openFriends(zh.page);
        await screenshot(zh.page, 'home-friends-phone-zh');
        await zh.page.selectOption('#create-seats', '2');
        await click(zh.page, '[data-testid=create]');
        await zh.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        const code = (await zh.page.textContent('[data-testid=join-code]'))!.trim();
        const table = await tableOf(zh.page);
        await en.page.fill('#nickname', 'Bob');
        await click(en.page, '[data-testid=sign-in-link]');
        await en.page.waitForSelector('#link-code');
        await en.page.fill('#link-code', code.toLowerCase());
        await click(en.page, '[data-testid=link-use]');
        await en.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        assert.equal(await tableOf(en.page), table);

        // Picking a language sticks over the browser's.
        await en.page.goto(`${server.url}#/`);
        await en.page.waitForSelector('[data-testid=play-now]');
        await click(en.page, '#lang');
        await en.page.reload();
        await en.page.waitForSelector('[data-testid=play-now]');
        assert.equal(await en.page.evaluate(() => document.documentElement.lang), 'zh-CN');
        assert.deepEqual(errors, []);
      } finally {
        for (const c of [zh.context, en.context]) await c.close();
        await server.stop();
      }
    },
  },
  {
    name: 'home: a code of a code’s length with characters codes never use is told as no code at all, not as the wrong length, in both languages',
    run: (browser) =>
      onePhoneInBothLanguages(browser, async (page, url, lang) => {
        await openHome(page, url, 'Zed', lang, false);
        await openFriends(page);
        await page.fill('#join-code', 'ZZZZZZ');
        await click(page, '[data-testid=join]');
        const said = await until('the answer to ZZZZZZ', async () => (await page.textContent('[data-testid=join-error]')) || null, 5000);
        assert.match(
          said,
          lang === 'en' ? /^No code has Z in it: .*so this isn’t a table code/ : /^代码里不会有 Z：.*所以这不是牌桌邀请码/,
        );
        assert.match(page.url(), /#\/friends$/, 'still on the page, no table opened');
        await screenshot(page, `home-code-not-ours-phone-${lang === 'en' ? 'en' : 'zh'}`);
        // A wrong length is still told as such.
        await page.fill('#join-code', 'ACD');
        await click(page, '[data-testid=join]');
        await until('the wrong length', async () => /6|8/.test((await page.textContent('[data-testid=join-error]')) ?? '') || null, 5000);
      }),
  },
  {
    name: 'home: a friend who opens the host’s 2v2 invitation sits on the host’s team, told in the lobby in both languages',
    async run(browser) {
      const server = await startGameServer();
      const host = await newPage(browser, PHONE);
      const friend = await newPage(browser, PHONE);
      const errors = watchingErrors([host.page, 'host'], [friend.page, 'friend']);
      /** Each seated lobby row: its colour, its team's words and who sits there. */
      const seated = (page: Page) =>
        page.$$eval('[data-testid=lobby] .lobby-seat:not(.empty)', (rows) =>
          rows.map((r) => [(r as HTMLElement).dataset.colour, r.querySelector('.team')?.textContent, r.querySelector('.who')?.textContent]),
        );
      try {
        await openHome(host.page, server.url, '小安', 'zh-CN', false);
        await openFriends(host.page);
        await host.page.check('#create-teams');
        await click(host.page, '[data-testid=create]');
        await host.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        const code = (await host.page.textContent('[data-testid=join-code]'))!.trim();

        // The invitation's link, opened by the friend in English.
        await openHome(friend.page, server.url, 'Bob', 'en', false);
        await friend.page.goto(`${server.url}?lang=en&join=${code}`);
        await friend.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const both = (rows: (string | null | undefined)[][]) => rows.length === 2 || null;
        const hostSees = await until(
          'the friend in the host’s lobby',
          async () => both(await seated(host.page)) && seated(host.page),
          10_000,
        );
        const [red, yellow] = [hostSees.find((r) => r[0] === 'red')!, hostSees.find((r) => r[0] === 'yellow')!];
        assert.equal(red[2], '小安');
        assert.equal(yellow?.[2], 'Bob', `the friend beside the host: ${JSON.stringify(hostSees)}`);
        assert.equal(yellow[1], red[1], 'one team');
        await screenshot(host.page, 'home-team-invite-host-phone-zh');
        const friendSees = await seated(friend.page);
        const mine = friendSees.find((r) => r[2] === 'Bob')!;
        assert.equal(mine[1], friendSees.find((r) => r[2] === '小安')![1], `the same team in English too: ${JSON.stringify(friendSees)}`);
        await screenshot(friend.page, 'home-team-invite-friend-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        for (const c of [host.context, friend.context]) await c.close();
        await server.stop();
      }
    },
  },
  {
    name: 'home: a nickname box stops at 20 characters and says so as it does, in both languages',
    run: (browser) =>
      onePhoneInBothLanguages(browser, async (page, url, lang) => {
        await openHome(page, url, 'Maximilian Alexan', lang, false);
        assert.equal(await page.isVisible('[data-testid=nickname-limit]'), false, 'no word while there is room');
        // Typed on past the limit, a key at a time as a person does.
        await page.type('#nickname', 'der the Great');
        assert.equal(await page.inputValue('#nickname'), 'Maximilian Alexander');
        assert.equal(
          await page.textContent('[data-testid=nickname-limit]'),
          lang === 'en' ? 'A nickname has at most 20 characters: that is the limit' : '昵称最多 20 个字，已到上限',
        );
        await screenshot(page, `home-nickname-limit-phone-${lang === 'en' ? 'en' : 'zh'}`);
        await page.press('#nickname', 'Backspace');
        assert.equal(await page.isVisible('[data-testid=nickname-limit]'), false, 'gone once there is room again');
      }),
  },
  {
    name: 'home: with the game server out of reach the list greys and says so, the banner says the link is down; back, all is fresh by itself (phone, zh and en)',
    async run(browser) {
      const server = await startGameServer('default', { QUICK_START_SECONDS: '300', QUICK_ALONE_SECONDS: '300' });
      const proxy = await blackHole(server.url);
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, DESKTOP);
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob']);
      const status = () =>
        ann.page.evaluate(() => {
          const bar = document.getElementById('status')!;
          return bar.hidden ? '' : (bar.textContent ?? '');
        });
      try {
        // Bob waits at a public table; Ann's home (through a link that can die) lists it.
        await openHome(bob.page, server.url, 'Bob', 'en');
        await click(bob.page, '[data-testid=play-now]');
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const table = await tableOf(bob.page);
        await openHome(ann.page, proxy.url, '小安', 'zh-CN', false);
        await until('Bob’s table listed', async () => (await listedNames(ann.page, table))?.includes('Bob') || null, 15_000);

        // The link dies without a word: the list says it may be stale, greys, and cannot be sat at; the banner says why.
        proxy.cut();
        await ann.page.waitForSelector('[data-testid=tables-stale]', { timeout: 20_000 });
        assert.equal(await text(ann.page, '[data-testid=tables-stale]'), '连不上游戏服务器：下面的列表可能已经过时，连上后会自动刷新。');
        assert.equal(await ann.page.$eval(`[data-testid="sit-at-${table}"]`, (b) => (b as HTMLButtonElement).disabled), true);
        assert.equal(await status(), '与游戏服务器的连接断了：正在重试…');
        await screenshot(ann.page, 'home-link-down-phone-zh');
        await click(ann.page, '#lang');
        await until('English', async () => /^No link to the game server/.test(await status()) || null, 5_000);
        assert.match(
          await text(ann.page, '[data-testid=tables-stale]'),
          /^The game server cannot be reached: this list may be out of date/,
        );
        await screenshot(ann.page, 'home-link-down-phone-en');

        // Meanwhile Bob's table closes; the link back, Ann's list is fresh by itself and the banner gone.
        await click(bob.page, '[data-testid=leave-table]');
        await bob.page.waitForSelector('[data-testid=play-now]', { timeout: 20_000 });
        proxy.restore();
        await until(
          'the fresh list',
          async () => ((await text(ann.page, '[data-testid=open-tables]')).includes('No open table right now') ? true : null),
          15_000,
        );
        assert.equal(await ann.page.$('[data-testid=tables-stale]'), null);
        assert.equal(await status(), '');
        assert.deepEqual(
          errors.filter((e) => !/Failed to fetch|ERR_CONNECTION|net::/.test(e)),
          [],
        );
      } finally {
        await ann.context.close();
        await bob.context.close();
        await proxy.close();
        await server.stop();
      }
    },
  },
  {
    name: 'home: play now seats people together, the open-table list takes a player to a table, and a closed page offers "return to your game"',
    async run(browser) {
      // The table's countdown (quick.e2e.ts) is put off: three people come first, at their pace.
      const server = await startGameServer('fast', { QUICK_START_SECONDS: '300', QUICK_ALONE_SECONDS: '300' });
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, DESKTOP);
      const cat = await newPage(browser, PHONE);
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob'], [cat.page, 'cat']);
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
        await openFriends(page);
        await click(page, '[data-testid=create]');
        assert.equal(await seatedAs(), '小安');
        const first = await playerId();
        assert.ok(first);
        await click(page, '[data-testid=leave-table]');
        await page.waitForSelector('[data-testid=play-now]');

        await openHome(page, server.url, '安安');
        await openFriends(page);
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
