/**
 * The game on a 375×667 phone at the server's default pace, in English, with the longest name a player
 * may have and the operator's notice showing: every control that acts is on the first screen and does
 * not move when the plane buttons come; one tap on a plane with one move moves it; tokens show their
 * numbers. Screenshots go to artifacts/screenshots/.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import {
  PHONE,
  type TestCase,
  assertCaptionBesideBoard,
  click,
  myTurn,
  newPage,
  openHome,
  screenshot,
  shownVersion,
  startAgainstBots,
  ui,
  until,
} from './support';

const TOKEN = 'e2e-operator-token-0123456789';
/** As long as a nickname may be (home's maxLength, the server's limit). */
const LONGEST_NAME = 'Maximilian Alexander';
/** What a player uses in a game, besides the plane buttons. */
const ACTING = [
  '[data-testid=roll]',
  '[data-testid=confirm]',
  '[data-testid=auto]',
  '[data-testid=resign]',
  '[data-testid=leave]',
  '[data-testid=phrases]',
];

type Box = { selector: string; top: number; bottom: number; left: number; right: number };

/** Where each acting control is on the first screen (scrolled to the top), and the page's viewport. */
function boxes(page: Page, selectors: readonly string[]): Promise<Box[]> {
  return page.evaluate((list) => {
    window.scrollTo(0, 0);
    return list.map((selector) => {
      const el = document.querySelector(selector);
      if (!el) throw new Error(`no ${selector} on the game screen`);
      const r = el.getBoundingClientRect();
      return { selector, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
  }, selectors);
}

function assertOnFirstScreen(found: readonly Box[], what: string): void {
  const { width, height } = PHONE.viewport;
  for (const b of found) {
    assert.ok(
      b.top >= 0 && b.bottom <= height && b.left >= 0 && b.right <= width,
      `${b.selector} is on the first screen ${what}: ${JSON.stringify(b)}`,
    );
  }
}

export const phoneLayoutCases: TestCase[] = [
  {
    name: 'phone layout: English, a 20-character name and a notice, every control on the first screen and still when the plane buttons come; one tap moves a plane; tokens show numbers',
    run: async (browser) => {
      assert.equal(LONGEST_NAME.length, 20);
      const server = await startGameServer('default', { ADMIN_TOKEN: TOKEN });
      const { context, page } = await newPage(browser, PHONE, { oneTap: true });
      try {
        const set = await fetch(`${server.url}api/admin/notice`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ text: 'Maintenance: the server restarts in 10 minutes, finish your games' }),
        });
        assert.equal(set.status, 200);
        await openHome(page, server.url, LONGEST_NAME, 'en', false);
        await startAgainstBots(page, 4);
        await page.waitForSelector('[data-testid=notice]:not([hidden])', { timeout: 10_000 });

        // Roll until the plane buttons come; the controls stay where they were.
        for (;;) {
          const turn = await myTurn(page);
          assert.equal(turn.over, false);
          if (turn.movable.length > 1) break;
          const before = await boxes(page, ACTING);
          await screenshot(page, 'phone-layout-en-roll');
          assertOnFirstScreen(before, 'before the roll');
          const version = await shownVersion(page);
          await click(page, '[data-testid=roll]');
          await until('the roll taken', async () => (await shownVersion(page)) > version || null, 10_000);
          const now = await ui(page);
          if (now.movable.length > 1) {
            const after = await boxes(page, [...ACTING, '.plane-buttons']);
            assertOnFirstScreen(after, 'with the plane buttons');
            for (const b of before) {
              const a = after.find((x) => x.selector === b.selector)!;
              assert.ok(Math.abs(a.top - b.top) < 1 && Math.abs(a.left - b.left) < 1, `${b.selector} stays put: ${JSON.stringify([b, a])}`);
            }
            break;
          }
        }
        await page.waitForTimeout(600);
        await screenshot(page, 'phone-layout-en-planes');
        const keyboardWords = await page.evaluate(() => document.body.innerText.match(/Enter|回车/g));
        assert.equal(keyboardWords, null, 'no keyboard words on a touch screen');

        // One tap on a plane with one move moves it: no preview, no confirm.
        const { movable } = await ui(page);
        const version = await shownVersion(page);
        await page.tap(`.plane-button[data-plane="${movable[0]}"]`);
        await until('the move made by one tap', async () => (await shownVersion(page)) > version || null, 10_000);
        assert.equal((await ui(page)).summary, '');
        await page.waitForTimeout(1500);
        await screenshot(page, 'phone-layout-en-moved');
        // What the move did is told where the plane buttons were, not over the board.
        await assertCaptionBesideBoard(page, 'after the move');

        await click(page, '#lang');
        await until('Chinese', async () => (await page.textContent('[data-testid=leave]'))?.includes('离开') || null, 5_000);
        await screenshot(page, 'phone-layout-zh');
        assertOnFirstScreen(await boxes(page, ACTING), 'in Chinese');
        const rules = await page.getAttribute('[data-testid=rules-link]', 'href');
        assert.equal(rules, '#/rules/online');
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
