/**
 * A seat taken over by a friend, at the server's default pace: at Ann's casual table Bob leaves mid-game;
 * his seat plays on by auto-play and says so; Ann (Chinese) asks her friend Cat (English), who is on the
 * site, to take it over; Cat sees the call at once, takes the seat in one tap, is shown the position and
 * plays on in it; Ann sees Cat playing for Bob. When the game is over, the match page and the replay say
 * who played which part. Three phones, screenshots of each step.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import { type TestCase, answerConfirm, click, myTurn, screenshot, shownVersion, storedPlayer, threePhones, until } from './support';

/** The words of the seat chip of `name` on the game screen ('' when it is not shown). */
const seatChip = (page: Page, name: string) =>
  page.evaluate((n) => [...document.querySelectorAll('.seat-panel li')].find((li) => li.textContent?.includes(n))?.textContent ?? '', name);

export const takeOverCases: TestCase[] = [
  {
    name: 'friends: a seat its player left, taken over mid-game by a friend the table asked; the record and the replay say who played which part (phone, zh and en)',
    async run(browser) {
      const server = await startGameServer('default');
      const phones = await threePhones(browser, server.url, false);
      const { ann, bob, cat, errors } = phones;
      try {
        // Three players on their friends pages; Ann is a friend of both (the case is about what follows).
        for (const { page } of [ann, bob, cat]) {
          await click(page, '[data-testid=mode-friends]');
          await page.waitForSelector('[data-testid=friend-own-code]');
        }
        const [a, b, c] = [await storedPlayer(ann.page), await storedPlayer(bob.page), await storedPlayer(cat.page)];
        const post = (path: string, body: object) =>
          fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        for (const friend of [b, c]) {
          await post('api/friends/requests', { playerId: a.playerId, secret: a.secret, to: friend.playerId });
          await post('api/friends/requests/accept', { playerId: friend.playerId, secret: friend.secret, from: a.playerId });
        }

        // Ann's private (casual) table of three: Bob, invited, and a bot; the game starts.
        await ann.page.selectOption('#create-seats', '3');
        await click(ann.page, '[data-testid=create]');
        await ann.page.waitForSelector('[data-testid=invite-button]', { timeout: 20_000 });
        await until(
          'Bob to invite',
          async () => ((await ann.page.textContent('[data-testid=invite-panel]')) ?? '').includes('Bob') || null,
          10_000,
        );
        await ann.page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-testid=invite-friend]')]
            .find((li) => li.textContent?.includes('Bob'))
            ?.querySelector<HTMLElement>('[data-testid=invite-button]')
            ?.click(),
        );
        await bob.page.waitForSelector('[data-testid=table-invitation]:not([hidden])', { timeout: 5_000 });
        await click(bob.page, '[data-testid=table-invitation-join]');
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 10_000 });
        await ann.page.waitForSelector('[data-testid^=add-bot-]', { timeout: 10_000 });
        await click(ann.page, '[data-testid^=add-bot-]');
        await click(bob.page, '[data-testid=ready]');
        await ann.page.waitForSelector('[data-testid=start]:not([disabled])', { timeout: 20_000 });
        await click(ann.page, '[data-testid=start]');
        await ann.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await bob.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });

        // Bob leaves the game (asked first): his seat plays on by auto-play, and Ann's page says so.
        await click(bob.page, '[data-testid=leave]');
        await answerConfirm(bob.page, 'yes');
        await until('his seat playing on', async () => /已离开 · 托管续玩/.test(await seatChip(ann.page, 'Bob')) || null, 10_000);

        // Below her board: ask a friend online to take his seat over. Cat is there (Bob is not: he left).
        await ann.page.waitForSelector('[data-testid=take-over-panel]', { timeout: 5_000 });
        assert.match((await ann.page.textContent('[data-testid=take-over-panel]'))!, /请好友接手 Bob 的座位/);
        await until(
          'Cat listed',
          async () => ((await ann.page.textContent('[data-testid=take-over-panel]')) ?? '').includes('Cat') || null,
          10_000,
        );
        await screenshot(ann.page, 'take-over-left-phone-zh');
        // His seat's chip leads to it (the panel is below the fold on a phone).
        await click(ann.page, '[data-testid=offer-seat]');
        await until(
          'the panel in view',
          async () =>
            (await ann.page.evaluate(() => {
              const r = document.querySelector('[data-testid=take-over-panel]')!.getBoundingClientRect();
              return r.top >= 0 && (r.bottom <= window.innerHeight || r.top < window.innerHeight / 3);
            })) || null,
          5_000,
        );
        await ann.page.waitForTimeout(300); // the smooth scroll's end
        await screenshot(ann.page, 'take-over-offer-phone-zh');
        await click(ann.page, '[data-testid=take-over-panel] [data-testid=invite-button]');

        // Cat is called at once, wherever she is on the site; one tap and she is in Bob's seat, shown the position.
        const called = Date.now();
        await cat.page.waitForSelector('[data-testid=table-invitation]:not([hidden])', { timeout: 5_000 });
        assert.ok(Date.now() - called < 2_000, 'the call shows within 2 s');
        assert.match(
          (await cat.page.textContent('[data-testid=table-invitation]'))!,
          /小安 asks you to take over Bob's seat in a game in progress/,
        );
        await screenshot(cat.page, 'take-over-call-phone-en');
        await click(cat.page, '[data-testid=table-invitation-join]');
        await cat.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await until('Cat playing for Bob', async () => /Playing for Bob/.test(await seatChip(cat.page, 'Cat')) || null, 10_000);
        await until('her seen playing for him', async () => /替 Bob 接手/.test(await seatChip(ann.page, 'Cat')) || null, 10_000);
        // Her turns are hers now: she rolls when it comes (auto-play is off for her).
        const turn = await myTurn(cat.page);
        assert.ok(turn.canRoll || turn.movable.length > 0);
        await screenshot(cat.page, 'take-over-playing-phone-en');
        await screenshot(ann.page, 'take-over-seen-phone-zh');
        if (turn.canRoll) {
          const before = await shownVersion(cat.page);
          await click(cat.page, '[data-testid=roll]');
          await until('her roll taken', async () => (await shownVersion(cat.page)) > before || null, 10_000);
        }
        // The offer is gone from Ann's page: the seat is taken.
        await ann.page.waitForSelector('[data-testid=take-over-panel]', { state: 'detached', timeout: 5_000 });

        // Ann leaves too: only the bot stands, and wins. Cat's page shows how the game ended.
        await click(ann.page, '[data-testid=leave]');
        await answerConfirm(ann.page, 'yes');
        await cat.page.waitForSelector('[data-testid=results]', { timeout: 30_000 });
        const matchId = await cat.page.evaluate(
          () => /#\/match\/([^/?]+)/.exec(document.querySelector<HTMLAnchorElement>('a[href*="#/match/"]')?.href ?? '')?.[1] ?? '',
        );
        assert.ok(matchId, 'the results link to the match page');

        // The match page and the replay say who played which part, in both languages.
        await cat.page.goto(`${server.url}?lang=en#/match/${matchId}`);
        await cat.page.waitForSelector('[data-testid=stand-in]', { timeout: 10_000 });
        assert.match((await cat.page.textContent('[data-testid=stand-ins]'))!, /Cat played Bob's seat from step \d+ to step \d+/);
        await cat.page.evaluate(() => document.querySelector('[data-testid=stand-ins]')?.scrollIntoView());
        await screenshot(cat.page, 'take-over-record-phone-en');
        await ann.page.goto(`${server.url}#/replay/${matchId}`);
        await ann.page.waitForSelector('[data-testid=stand-in]', { timeout: 20_000 });
        assert.match((await ann.page.textContent('[data-testid=stand-ins]'))!, /Cat 接手 Bob 的座位：第 \d+ 步到第 \d+ 步/);
        await ann.page.evaluate(() => document.querySelector('[data-testid=stand-ins]')?.scrollIntoView());
        await screenshot(ann.page, 'take-over-replay-phone-zh');
        assert.deepEqual(errors, []);
      } finally {
        await phones.close();
        await server.stop();
      }
    },
  },
];
