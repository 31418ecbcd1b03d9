/**
 * Watching a table, at the server's default pace (no fast flag), in real Chromium: a friend
 * opens the link of a game in progress (desktop, English), is offered to watch and watches it — its
 * board and turn follow the server within 3 s for a minute, no acting button is enabled — while the
 * player's page (phone, Chinese) shows "1 人观战"; a third person opens the live game from the home
 * screen's list (phone, Chinese), then goes; the server restarts and the watcher comes back by itself; at
 * the rematch the watcher takes the free seat and plays.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertFollowed, panelEntries, recordPanel, watchServer } from './follow';
import { startGameServer } from './gameServer';
import {
  DESKTOP,
  PHONE,
  answerConfirm,
  type TestCase,
  assertNoSideScroll,
  click,
  enabledActions,
  myTurn,
  newPage,
  openFriends,
  ownProfile,
  screenshot,
  shownVersion,
  storedPlayer,
  until,
  watchingErrors,
} from './support';

/** How late a watcher's board and turn may be: at most 3 s behind the game. */
const WITHIN_MS = 3000;
/** How long the watcher is followed. */
const WATCH_MS = 60_000;

/** The top bar's watcher count, when shown. */
const watchersText = (page: Page) =>
  page.evaluate(() => {
    const badge = document.querySelector<HTMLElement>('[data-testid=watchers]');
    return badge && !badge.hidden ? (badge.querySelector('[data-testid=watchers-count]')?.textContent ?? '') : '';
  });

const showsWatchers = (page: Page, text: string) =>
  until(`“${text}”`, async () => (await watchersText(page)) === text || null, 30_000, 100);

/** A home screen at the default pace, with a nickname typed in. */
async function home(page: Page, url: string, nickname: string, lang: 'zh-CN' | 'en'): Promise<void> {
  await page.goto(`${url}${lang === 'en' ? '?lang=en' : ''}#/`);
  await page.waitForSelector('[data-testid=play-now]');
  await page.fill('#nickname', nickname);
}

/** Every text the status banner shows (connection trouble), and when: page script text, as in follow.ts. */
const STATUS_RECORDER = `
  window.__status = [];
  document.addEventListener('DOMContentLoaded', () => {
    const bar = document.getElementById('status');
    new MutationObserver(() => window.__status.push({ t: Date.now(), text: bar.hidden ? '' : bar.textContent }))
      .observe(bar, { childList: true, characterData: true, subtree: true, attributes: true });
  });
`;
const statuses = (page: Page) => page.evaluate(() => (window as unknown as { __status: { t: number; text: string }[] }).__status);

const roomOf = (page: Page) => decodeURIComponent(new URL(page.url()).hash.replace(/^#\/table\//, ''));

export const watchCases: TestCase[] = [
  {
    name: 'watching at the server’s default pace: the link of a started game offers to watch; the watcher follows within 3 s for a minute with nothing to press; “1 人观战”; a live game from the home list; back after a restart; a seat at the rematch',
    async run(browser) {
      // The public table's countdown after the rematch is put off, so that Bob has time to take the bot's seat.
      const server = await startGameServer('default', { QUICK_START_SECONDS: '300' });
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, DESKTOP);
      const cy = await newPage(browser, PHONE);
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob'], [cy.page, 'cy']);
      await recordPanel(bob.page);
      await bob.page.addInitScript({ content: STATUS_RECORDER });
      let follower: ReturnType<typeof watchServer> | null = null;
      try {
        // Ann opens a public two-seat table and starts it against a bot; 托管 plays her seat at the server's pace.
        await home(ann.page, server.url, '小安', 'zh-CN');
        await openFriends(ann.page);
        await ann.page.selectOption('#create-seats', '2');
        await ann.page.uncheck('#create-private');
        assert.equal(await ann.page.isChecked('#create-watchable'), true, 'watching is allowed by default');
        await click(ann.page, '[data-testid=create]');
        await ann.page.waitForSelector('[data-testid=lobby] [data-testid=join-code]', { timeout: 20_000 });
        const code = (await ann.page.textContent('[data-testid=join-code]'))!.trim();
        const roomId = roomOf(ann.page);
        await click(ann.page, '[data-testid=start]');
        await ann.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await click(ann.page, '[data-testid=auto]');
        await until(
          '托管 on',
          () => ann.page.evaluate(() => document.querySelector('[data-testid=auto]')?.classList.contains('on') || null),
          5_000,
        );
        const annIs = await storedPlayer(ann.page);
        const matchId = (await ownProfile(server.url, annIs)).recentMatches[0]!.id;
        follower = watchServer(server.url, matchId, annIs);

        // Bob's home screen lists the game in progress; then he opens its link: the game has started, he may watch.
        await home(bob.page, server.url, 'Bob', 'en');
        await bob.page.waitForSelector(`[data-testid=live-games] [data-testid=watch-${roomId}]`, { timeout: 20_000 });
        assert.match(
          (await bob.page.textContent('[data-testid=live-games]')) ?? '',
          /Games in progress.*Watch a live game.*Online classic · 1 playing.*小安 \(\d home\)/s,
        );
        await screenshot(bob.page, 'watch-home-live-desktop-en');
        await bob.page.goto(`${server.url}?lang=en&join=${code}`);
        await bob.page.waitForSelector('[data-testid=watch-instead]', { timeout: 20_000 });
        assert.match((await bob.page.textContent('.watch-offer')) ?? '', /This game has started: you can watch it/);
        await click(bob.page, '[data-testid=watch-instead]');
        await bob.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        assert.equal(roomOf(bob.page), roomId, 'the address names the table, for a reload');

        // Ann's page says one person watches; Bob's has nothing to press, and says he is watching.
        await showsWatchers(ann.page, '1 人观战');
        await screenshot(ann.page, 'watch-indicator-phone');
        await showsWatchers(bob.page, 'Watching (1)');
        assert.deepEqual(await enabledActions(bob.page), []);
        assert.equal(await bob.page.isHidden('[data-testid=phrases]'), true, 'a watcher has no quick-phrase menu');
        await screenshot(bob.page, 'watch-watcher-desktop-en');

        // Cy, on her phone: "观看一局" on the home screen opens the liveliest game — Ann's.
        await home(cy.page, server.url, '小西', 'zh-CN');
        await cy.page.waitForSelector('[data-testid=watch-live]', { timeout: 20_000 });
        await assertNoSideScroll(cy.page, 'the home screen with live games');
        await screenshot(cy.page, 'watch-home-live-phone');
        await click(cy.page, '[data-testid=watch-live]');
        await cy.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        assert.equal(roomOf(cy.page), roomId);
        await showsWatchers(ann.page, '2 人观战');
        await click(ann.page, '[data-testid=watchers-count]');
        await until(
          'the names',
          async () =>
            (await ann.page.$$eval('[data-testid=watchers-list] li', (lis) => lis.map((li) => li.textContent))).join() === 'Bob,小西' ||
            null,
          5_000,
        );
        await screenshot(ann.page, 'watch-names-phone');
        await click(ann.page, '[data-testid=watchers-count]');
        await assertNoSideScroll(cy.page, 'the watcher’s game');
        await screenshot(cy.page, 'watch-watcher-phone');
        // Cy goes (one page fewer drawing the board for the minute below); she is no longer counted.
        await cy.context.close();
        await showsWatchers(ann.page, '1 人观战');

        // A minute of the game: Bob's panel and board follow the server within 3 s, and nothing is his to press.
        const started = Date.now();
        while (Date.now() - started < WATCH_MS) {
          await bob.page.waitForTimeout(5_000);
          assert.deepEqual(await enabledActions(bob.page), [], 'no acting button is enabled for a watcher');
        }
        const before = await shownVersion(bob.page);
        await follower.stop();
        const states = follower.entries;
        const panel = await panelEntries(bob.page);
        const seen = Date.now() - WITHIN_MS;
        const lagPanel = assertFollowed(panel, states, { what: 'version', withinMs: WITHIN_MS, until: seen });
        const lagBoard = assertFollowed(panel, states, { what: 'board', withinMs: WITHIN_MS, until: seen });
        const watched = states.filter((s) => s.version >= panel[0]!.version);
        assert.ok(
          watched.length > 20 && watched.at(-1)!.t - watched[0]!.t >= WATCH_MS - 5_000,
          `a minute of play (${watched.length} states)`,
        );
        console.log(`    watcher behind the server: panel ${lagPanel} ms, board ${lagBoard} ms at most, over ${watched.length} states`);

        // The server restarts (kill -9): the watcher comes back by itself, still watching.
        await server.crashAndRestart();
        await until('Bob’s game again', async () => (await shownVersion(bob.page)) > before || null, 30_000);
        await showsWatchers(ann.page, '1 人观战');
        await showsWatchers(bob.page, 'Watching (1)');
        assert.deepEqual(await enabledActions(bob.page), []);
        const backAt = Date.now();

        // Ann resigns (unless 托管 has finished the game meanwhile: a game's length is the dice's); the results show no rematch to a watcher.
        const resignable = () =>
          document.querySelector('[data-testid=results]')
            ? 'over'
            : document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false
              ? 'resign'
              : null;
        const next = await until('resigning allowed, or the game over', () => ann.page.evaluate(resignable), 60_000);
        if (next === 'resign') {
          await click(ann.page, '[data-testid=resign]');
          await answerConfirm(ann.page, 'yes');
        }
        await bob.page.waitForSelector('[data-testid=results]', { timeout: 30_000 });
        await ann.page.waitForSelector('[data-testid=rematch]', { timeout: 30_000 });
        assert.equal(await bob.page.$('[data-testid=rematch]'), null, 'a watcher cannot ask for the rematch');

        // The rematch: Ann frees the bot's seat, Bob takes it ("Take a seat") and plays the next game.
        await click(ann.page, '[data-testid=rematch]');
        await ann.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const botRemove = await until('the bot seat', () =>
          ann.page.evaluate(() => document.querySelector<HTMLElement>('[data-testid^=remove-bot-]')?.dataset.testid ?? null),
        );
        const colour = botRemove.replace('remove-bot-', '');
        await click(ann.page, `[data-testid=${botRemove}]`);
        await bob.page.waitForSelector(`[data-testid=watch-sit-${colour}]`, { timeout: 20_000 });
        assert.equal((await bob.page.textContent(`[data-testid=watch-sit-${colour}]`))?.trim(), 'Take a seat');
        await screenshot(bob.page, 'watch-take-seat-desktop-en');
        await click(bob.page, `[data-testid=watch-sit-${colour}]`);
        await bob.page.waitForSelector(`.lobby-seat[data-colour=${colour}] .badge.you`, { timeout: 10_000 });
        assert.equal((await bob.page.textContent('[data-testid=join-code]'))?.trim(), code, 'the same table and code');
        await until('nobody watching', async () => (await watchersText(ann.page)) === '' || null, 10_000);
        // People in every seat of a public table: it starts by itself a moment later (3 s), nobody presses anything.
        await bob.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        const turn = await myTurn(bob.page);
        const at = await shownVersion(bob.page);
        if (turn.canRoll) {
          await click(bob.page, '[data-testid=roll]');
        } else {
          await click(bob.page, `.plane-button[data-plane="${turn.movable[0]}"]`);
          await click(bob.page, '[data-testid=confirm]');
        }
        await until('Bob’s own action', async () => (await shownVersion(bob.page)) > at || null, 10_000);
        // Bob's connection held from the restart on: no reconnection but that one.
        assert.deepEqual(
          (await statuses(bob.page)).filter((s) => s.t > backAt && /Reconnecting/.test(s.text)),
          [],
        );
        assert.deepEqual(errors, []);
      } catch (error) {
        // What each page showed when it failed (CI keeps the screenshots).
        for (const [name, p] of [
          ['ann', ann.page],
          ['bob', bob.page],
          ['cy', cy.page],
        ] as const)
          await screenshot(p, `watch-failed-${name}`).catch(() => undefined);
        throw error;
      } finally {
        await follower?.stop().catch(() => undefined);
        for (const c of [ann.context, bob.context, cy.context]) await c.close().catch(() => undefined);
        await server.stop();
      }
    },
  },
];
