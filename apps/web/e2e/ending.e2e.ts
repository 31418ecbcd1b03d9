/**
 * The end of an online game at the server's default pace (no fast flag), two people on phones: the result
 * banner, the reader's marked row and their score explained above the fold at 375×667, in both languages;
 * then the host's 再来一局 invites the other player on their results, without moving them, and accepting
 * takes them to their seat in the lobby. Ply Yard: a resignation is allowed at once, so the game is short.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { openSqliteStorage } from '../../server/src/repositories';
import { playSeeded, seatsFor, storeSeeded } from '../../server/test/support/seededGames';
import { startGameServer } from './gameServer';
import {
  PHONE,
  SMALL_PHONE,
  type TestCase,
  answerConfirm,
  click,
  newPage,
  openFriends,
  openHome,
  screenshot,
  until,
  watchErrors,
  watchingErrors,
} from './support';

/** Whether the banner, the reader's own row and their score's parts are all inside the screen as it is. */
const aboveTheFold = async (page: Page) => {
  // One selector at a time: a helper function inside evaluate would not survive the test's compilation.
  const inView = (selector: string) =>
    page.evaluate((s) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r !== undefined && r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    }, selector);
  return {
    banner: await inView('[data-testid=result-banner]'),
    mine: await inView('.results-table tr.me'),
    breakdown: await inView('[data-testid=my-score] .score-parts'),
  };
};

const text = async (page: Page, selector: string) => ((await page.textContent(selector).catch(() => null)) ?? '').trim();

const ALL_IN_VIEW = { banner: true, mine: true, breakdown: true };

/**
 * 小红 hosts a Ply Yard table (a resignation is allowed at once) and the guest (小黄) joins it by its code;
 * both are scrolled down to the controls, as a phone's player often is when a game ends, and the guest resigns.
 */
async function resignedGame(url: string, a: Page, b: Page, guest = '小黄'): Promise<void> {
  await openHome(a, url, '小红', 'zh-CN', false);
  await openFriends(a);
  await a.selectOption('#create-preset', 'plyyard');
  await click(a, '[data-testid=create]');
  await a.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
  const code = (await a.textContent('[data-testid=join-code]'))!.trim();

  await openHome(b, url, guest, 'zh-CN', false);
  await openFriends(b);
  await b.fill('#join-code', code);
  await click(b, '[data-testid=join]');
  await b.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
  await click(b, '[data-testid=ready]');
  await until('the guest to be ready', async () => ((await a.textContent('.lobby-seat.ready:not(:first-child)')) ?? '') || null);
  await click(a, '[data-testid=start]');
  await b.waitForSelector('[data-testid=resign]', { timeout: 20_000 });
  await until('resigning to be allowed', () =>
    b.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false || null),
  );
  for (const page of [a, b]) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await click(b, '[data-testid=resign]');
  await answerConfirm(b, 'yes');
}

export const endingCases: TestCase[] = [
  {
    name: 'the ending at the server’s default pace: a result banner, the own row marked and the score explained above the fold on a phone (zh, en); the host’s rematch invites the other on their results without moving them',
    async run(browser) {
      const server = await startGameServer('default');
      const a = await newPage(browser, PHONE);
      const b = await newPage(browser, PHONE);
      const errors = watchingErrors([a.page, 'host'], [b.page, 'guest']);
      try {
        await resignedGame(server.url, a.page, b.page);

        // The results as recorded: the host won, the guest is second; each sees it in large, their own row marked.
        for (const { page } of [a, b]) await page.waitForSelector('[data-testid=my-score]', { timeout: 60_000 });
        assert.equal(await a.page.textContent('[data-testid=result-banner] h2'), '你赢了！');
        assert.equal(await b.page.textContent('[data-testid=result-banner] h2'), '第 2 名');
        assert.match((await b.page.textContent('.results-table tr.me')) ?? '', /小黄（你）/);
        assert.match((await b.page.textContent('[data-testid=my-score]')) ?? '', /底分/);
        assert.match((await b.page.textContent('[data-testid=my-score]')) ?? '', /超级豆 -\d+：0 → 0（不低于 0）/);
        assert.ok(await a.page.$('[data-testid=level-bar]'), 'the level bar');
        for (const { page } of [a, b])
          await until(
            'the ending above the fold',
            async () => JSON.stringify(await aboveTheFold(page)) === JSON.stringify(ALL_IN_VIEW) || null,
            5000,
          );
        await a.page.waitForTimeout(1500); // the level bar has moved
        await screenshot(a.page, 'ending-won-phone');
        await screenshot(b.page, 'ending-second-phone');
        await click(b.page, '#lang');
        await until('English', async () => (await b.page.textContent('[data-testid=result-banner] h2')) === '2nd place' || null, 5000);
        assert.match((await b.page.textContent('[data-testid=my-score]')) ?? '', /Coins -\d+: 0 → 0 \(never below 0\)/);
        assert.deepEqual(await aboveTheFold(b.page), ALL_IN_VIEW);
        await screenshot(b.page, 'ending-second-phone-en');

        // The match link, shared (no share sheet in headless Chromium: copied, or shown to copy by hand).
        await click(b.page, '[data-testid=share]');
        await until(
          'the link shared',
          async () => /copied|#\/match\//.test((await b.page.textContent('[data-testid=share-note]')) ?? '') || null,
          5000,
        );

        // Under the results, the other player, to befriend in one tap.
        await b.page.waitForSelector('[data-testid=friend-from-table]');
        await click(b.page, '[data-testid=friend-from-table]');
        await until(
          'the request sent',
          async () => /Request sent to 小红/.test((await b.page.textContent('[data-testid=friends-from-table]')) ?? '') || null,
          5000,
        );

        // 再来一局 from the host: the host goes to the lobby; the guest keeps the results, with the invitation on them.
        await click(a.page, '[data-testid=rematch]');
        await a.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        await b.page.waitForSelector('[data-testid=invitation]', { timeout: 20_000 });
        assert.match((await b.page.textContent('[data-testid=invitation]')) ?? '', /小红 wants a rematch/);
        assert.ok(await b.page.$('[data-testid=result-banner]'), 'the guest still reads the results');
        assert.equal(await b.page.$('[data-testid=lobby]'), null, 'the guest is not moved');
        await b.page.evaluate(() => document.querySelector('[data-testid=invitation]')?.scrollIntoView());
        await screenshot(b.page, 'ending-invitation-phone-en');
        await click(b.page, '[data-testid=accept-rematch]');
        await b.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        assert.deepEqual(errors, []);
      } finally {
        await a.context.close();
        await b.context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'results taller than a small phone’s screen (320×480) open at their top, the verdict first, though the player was scrolled down',
    async run(browser) {
      const server = await startGameServer('default');
      const a = await newPage(browser, PHONE);
      const b = await newPage(browser, SMALL_PHONE);
      const errors = watchingErrors([a.page, 'host'], [b.page, 'guest']);
      try {
        // A nickname at the 20 characters' limit: the "(you)" mark and the badge beside it are never cut.
        await resignedGame(server.url, a.page, b.page, 'Bartholomew Longname');
        await b.page.waitForSelector('[data-testid=my-score]', { timeout: 60_000 });
        const shown = () =>
          b.page.evaluate(() => {
            const results = document.querySelector('.extra')!.getBoundingClientRect();
            const banner = document.querySelector('[data-testid=result-banner]')!.getBoundingClientRect();
            return { taller: results.height > window.innerHeight, bannerInView: banner.top >= 0 && banner.bottom <= window.innerHeight };
          });
        await b.page.waitForTimeout(1_000); // the smooth scroll has ended
        assert.deepEqual(await shown(), { taller: true, bannerInView: true });
        await screenshot(b.page, 'ending-small-phone-top');
        const mine = await b.page.$eval('.results-table tr.me td.player', (td) => {
          const name = td.querySelector<HTMLElement>('.name')!;
          const you = td.querySelector<HTMLElement>('.you')!.getBoundingClientRect();
          const badge = td.querySelector<HTMLElement>('[data-testid=out]')?.getBoundingClientRect();
          const cell = td.getBoundingClientRect();
          return {
            nameShown: name.clientWidth >= 40,
            youWhole: you.width > 0 && you.left >= cell.left && you.right <= cell.right + 0.5,
            badgeInside: !badge || badge.right <= cell.right + 0.5,
          };
        });
        assert.deepEqual(mine, { nameShown: true, youWhole: true, badgeInside: true });
        assert.deepEqual(errors, []);
      } finally {
        await a.context.close();
        await b.context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'a score that does not follow its place says why beside the place, on the match page of a stored game (phone, zh and en)',
    async run(browser) {
      const server = await startGameServer('default');
      const { page, context } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'reader');
      try {
        // A whole four-player game played by the engine's bots and stored as the server stores one: the 2nd
        // place scored −30, the 3rd +20 (captures).
        const game = playSeeded({ preset: 'online', seats: seatsFor('online'), ending: 'finish', key: 'out-of-place-16' });
        const guest = (await (
          await fetch(`${server.url}api/guests`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ nickname: '小安' }),
          })
        ).json()) as { playerId: string };
        const storage = await openSqliteStorage(join(server.dataDir, 'flightchess.db'));
        const matchId = await storeSeeded(storage, game, [guest.playerId]).finally(() => storage.close());

        await page.goto(`${server.url}#/match/${matchId}`);
        await page.waitForSelector('[data-testid=match-results]', { timeout: 20_000 });
        const notes = () =>
          page.$$eval('.results-table tbody tr', (rows) =>
            rows.map((r) => [
              r.querySelector('td.rank')?.textContent ?? '',
              r.querySelector('[data-testid=place-note]')?.textContent ?? '',
            ]),
          );
        const zh = await notes();
        assert.deepEqual(
          zh.map(([rank, note]) => [rank, note !== '']),
          [
            ['1', false],
            ['2', true],
            ['3', true],
            ['4', false],
          ],
        );
        for (const [, note] of zh.slice(1, 3))
          assert.match(note!, /^名次先看胜负，再看到达架数；这个得分：未到达 \d 架 × 底分 10 -\d+(；撞机分：撞回 \d+ 架 × 5 \+\d+)?$/);
        // The 4th, a bot that lost 30: one floor for bots and people, its coins stop at 0, said in its breakdown.
        assert.equal(await text(page, '.results-table tbody tr:nth-child(4) td[data-label="超级豆"]'), '0');
        assert.match(await text(page, '.results-table tbody tr:nth-child(4)'), /超级豆 -30 → 0，没有余额（不低于 0）/);
        await page.evaluate(() => document.querySelector('.results-table tbody tr:nth-child(2)')?.scrollIntoView());
        await screenshot(page, 'place-note-phone-zh');
        await click(page, '#lang');
        await until('English', async () => ((await notes())[1]![1] ?? '').startsWith('Places go by the win') || null, 5_000);
        await page.evaluate(() => document.querySelector('.results-table tbody tr:nth-child(2)')?.scrollIntoView());
        await screenshot(page, 'place-note-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
