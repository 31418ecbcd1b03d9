/**
 * Ratings where players look, at the server's default pace on a 375×667 phone: a rated table
 * made from the friends' page shows 排位 and the bot's fixed rating beside its name; after a rated game
 * (resigned at once against the bot: Ply Yard allows it) the results show the player's rating change, in
 * both languages; the leaderboard's 2-player tab then lists the player with rating ± deviation, marked
 * provisional, and the profile has the 2-player rating card with its chart. Screenshots to look at:
 * ratings-*.png in artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import {
  PHONE,
  type TestCase,
  answerConfirm,
  click,
  newPage,
  openFriends,
  openHome,
  screenshot,
  startTable,
  storedPlayer,
  until,
  watchErrors,
} from './support';

/** Dice that start the game the same way each run. */
const SEED = 'c0ffee'.repeat(10) + 'c0ff';

const text = async (page: Page, selector: string) => ((await page.textContent(selector).catch(() => null)) ?? '').trim();

export const ratingsCases: TestCase[] = [
  {
    name: 'ratings: a rated table shows 排位 and the bot’s rating; the results show the rating change (zh, en); the 2-player leaderboard tab and the profile show the new rating',
    async run(browser) {
      const server = await startGameServer('default', { TEST_DICE_SEED: SEED });
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'player');
      try {
        await openHome(page, server.url, '小评', 'zh-CN', false);
        await openFriends(page);
        await page.selectOption('#create-preset', 'plyyard');
        assert.equal(await page.isChecked('#create-rated'), false, 'a private table is casual unless chosen');
        await page.check('#create-rated');
        await click(page, '[data-testid=create]');
        await page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        assert.equal(await text(page, '[data-testid=lobby] [data-testid=rated-badge]'), '排位');
        // The bot menu gives each level's rating; the bot added sits with its rating beside its name.
        assert.match(await text(page, '[data-testid=bot-level] option:checked'), /^.+ · \d{3,4}$/);
        await click(page, '.lobby-seat.empty [data-testid^=add-bot-]');
        await until(
          'the bot’s rating beside its name',
          async () => /^\d{3,4}$/.test(await text(page, '.lobby-seat:not(.empty):nth-child(2) [data-testid=seat-rating]')) || null,
          10_000,
        );
        await screenshot(page, 'ratings-lobby-phone-zh');

        await startTable(page);
        await page.waitForSelector('[data-testid=resign]', { timeout: 20_000 });
        assert.match(await text(page, '.seat-panel'), /\d{4}/, 'ratings beside the names in the seat panel');
        await until('resigning to be allowed', () =>
          page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false || null),
        );
        await click(page, '[data-testid=resign]');
        await answerConfirm(page, 'yes');

        // The results: the player's rating before and after, lower after a loss, said in words and arrows.
        await page.waitForSelector('[data-testid=my-score] [data-testid=rating-change]', { timeout: 60_000 });
        const zh = await text(page, '[data-testid=my-score] [data-testid=rating-change]');
        const [, before, after, delta] = /^▼ (\d{4}) → (\d{3,4})（-(\d+)）$/.exec(zh) ?? [];
        assert.ok(before && after && delta, `a loss's rating change in Chinese: ${zh}`);
        assert.equal(Number(before) - Number(after), Number(delta));
        assert.match(await text(page, '.results-table tr.me [data-testid=rating-change]'), /^▼ \d{4} → \d{3,4}（-\d+）$/);
        assert.equal(await page.$('.results-table tr:not(.me) [data-testid=rating-change]'), null, 'a bot’s rating does not change');
        // A first rated game: the change is said to be provisional, and why it is big, where it is shown.
        assert.equal(
          await text(page, '[data-testid=provisional-note]'),
          '排位分定级中：这是你在此模式前 20 局排位中的第 1 局。系统还不了解你的实力，所以每局涨跌很大；局数越多，变化越小。',
        );
        assert.ok(await page.$('.results-table tr.me .provisional-mark'), 'the row’s change is marked provisional');
        await page.evaluate(() => document.querySelector('[data-testid=my-score]')?.scrollIntoView());
        await screenshot(page, 'ratings-results-phone-zh');
        await click(page, '#lang');
        await until(
          'English',
          async () => /\(-\d+\)$/.test(await text(page, '[data-testid=my-score] [data-testid=rating-change]')) || null,
          5000,
        );
        assert.equal(await text(page, '[data-testid=my-score] [data-testid=rating-change]'), `▼ ${before} → ${after} (-${delta})`);
        assert.match(
          await text(page, '[data-testid=provisional-note]'),
          /^Provisional rating: rated game 1 of your first 20 in this mode\. /,
        );
        await page.evaluate(() => document.querySelector('[data-testid=my-score]')?.scrollIntoView());
        await screenshot(page, 'ratings-results-phone-en');

        // The 2-player leaderboard, by its address: the player with rating ± deviation, provisional after one game.
        const me = await storedPlayer(page);
        await page.goto(`${server.url}#/leaderboard/2p`);
        await page.waitForSelector(`[data-testid=leaderboard] tr[data-player="${me.playerId}"]`, { timeout: 10_000 });
        assert.equal(await page.getAttribute('[data-testid=leaderboard-tab-2p]', 'aria-current'), 'page');
        const row = `[data-testid=leaderboard] tr[data-player="${me.playerId}"]`;
        assert.match(await text(page, row), /小评/);
        assert.equal(await text(page, `${row} [data-testid=leaderboard-rating]`).then((s) => s.replace(/\? ± \d+$/, '')), after);
        assert.match(await text(page, `${row} [data-testid=leaderboard-rating]`), /^\d{3,4}\? ± \d+$/);
        await screenshot(page, 'ratings-leaderboard-2p-phone-en');
        // Another mode's tab: nobody yet; the score tab: today's board as before.
        await click(page, '[data-testid=leaderboard-tab-4p]');
        await until(
          'the 4-player tab',
          async () => (await page.getAttribute('[data-testid=leaderboard-tab-4p]', 'aria-current')) === 'page' || null,
          10_000,
        );
        await until('nobody in 4-player', async () => (await page.$('[data-testid=leaderboard]')) === null || null, 10_000);
        await click(page, '[data-testid=leaderboard-tab-score]');
        await until(
          'the score board',
          async () => (await page.getAttribute('[data-testid=leaderboard-tab-score]', 'aria-current')) === 'page' || null,
          10_000,
        );
        assert.equal(page.url().endsWith('#/leaderboard'), true);

        // The profile: the 2-player card with the same rating, provisional, and its chart.
        await page.goto(`${server.url}#/profile/${me.playerId}`);
        await page.waitForSelector('[data-testid=rating-2p] svg.rating-chart', { timeout: 10_000 });
        assert.match(await text(page, '[data-testid=rating-2p] .rating-value'), new RegExp(`^${after}\\?$`));
        await page.evaluate(() => document.querySelector('[data-testid=ratings]')?.scrollIntoView());
        await screenshot(page, 'ratings-profile-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
