/**
 * Quick phrases at a real table: the menu in the top bar, a phrase shown by the speaker's seat for
 * everyone (each in their own language), a per-player mute that the browser remembers, and the limit —
 * in the lobby and during the game, at phone and desktop sizes.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import { DESKTOP, PHONE, type TestCase, click, newPage, openHome, screenshot, until, watchingErrors } from './support';

const bubbles = (page: Page) =>
  page.$$eval('[data-testid=phrase-bubble]', (els) =>
    els.map((e) => ({ colour: (e as HTMLElement).dataset.colour ?? '', text: e.textContent ?? '' })),
  );

async function say(page: Page, phrase: string): Promise<void> {
  if (await page.$('[data-testid=phrase-menu][hidden]')) await click(page, '[data-testid=phrases]');
  await page.waitForSelector('[data-testid=phrase-menu]:not([hidden])');
  await click(page, `[data-testid=phrase-${phrase}]`);
}

/** The seat a page's player sits in, in the lobby. */
const lobbySeat = (page: Page) =>
  until('the own seat', () =>
    page.evaluate(
      () => document.querySelector<HTMLElement>('.lobby-seat .badge.you')?.closest<HTMLElement>('.lobby-seat')?.dataset.colour ?? null,
    ),
  );

export const phraseCases: TestCase[] = [
  {
    name: 'quick phrases: said from the top-bar menu, shown by the speaker’s seat to everyone in their language, muted per player, limited',
    async run(browser) {
      // The table's countdown is put off: the phrases are tried in the lobby first.
      const server = await startGameServer('fast', { QUICK_START_SECONDS: '300', QUICK_ALONE_SECONDS: '300' });
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, DESKTOP);
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob']);
      try {
        await openHome(ann.page, server.url, '小安');
        await click(ann.page, '[data-testid=play-now]');
        await ann.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        await openHome(bob.page, server.url, 'Bob', 'en');
        await click(bob.page, '[data-testid=play-now]');
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const annSeat = await lobbySeat(ann.page);
        const bobSeat = await lobbySeat(bob.page);

        // In the lobby: Ann greets; both see it by Ann's seat, each in their own language.
        await say(ann.page, 'hello');
        await until(
          'Ann’s greeting at Bob',
          async () => (await bubbles(bob.page)).find((b) => b.colour === annSeat && b.text === 'Hello!') ?? null,
          10_000,
        );
        await until(
          'Ann’s greeting at Ann',
          async () => (await bubbles(ann.page)).find((b) => b.colour === annSeat && b.text === '大家好！') ?? null,
          10_000,
        );
        await screenshot(bob.page, 'phrase-lobby-desktop-en');

        // Too many at once: the limit says so, and the extra phrase reaches nobody.
        await say(ann.page, 'luck');
        await say(ann.page, 'oops');
        await until(
          'the limit notice',
          async () => ((await ann.page.textContent('[data-testid=phrase-menu]')) ?? '').includes('说得太快了') || null,
          10_000,
        );
        await screenshot(ann.page, 'phrase-menu-phone-zh');
        await ann.page.waitForTimeout(500);
        assert.equal(
          (await bubbles(bob.page)).some((b) => b.text === 'Oops!'),
          false,
          'a refused phrase is not shown',
        );

        // Bob mutes Ann: her next phrase does not reach his screen; the choice survives a reload.
        await click(bob.page, '[data-testid=phrases]');
        await click(bob.page, `[data-testid=mute-${annSeat}]`);
        assert.match((await bob.page.textContent(`[data-testid=mute-${annSeat}]`)) ?? '', /Unmute 小安/);
        await bob.page.reload();
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        await ann.page.waitForTimeout(3_100); // the limit's next phrase
        await say(ann.page, 'gg');
        await until('Ann’s own bubble', async () => (await bubbles(ann.page)).find((b) => b.text === '打得好！') ?? null, 10_000);
        await bob.page.waitForTimeout(500);
        assert.equal(
          (await bubbles(bob.page)).some((b) => b.text === 'Good game!'),
          false,
          'a muted player is not shown',
        );

        // In the game: Bob's phrase shows by his seat in Ann's seat list.
        await click(ann.page, '[data-testid=start]');
        for (const p of [ann.page, bob.page]) await p.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await say(bob.page, 'nice');
        const shown = await until(
          'Bob’s phrase in Ann’s game',
          async () => (await bubbles(ann.page)).find((b) => b.colour === bobSeat && b.text === '漂亮！') ?? null,
          10_000,
        );
        assert.ok(shown);
        const near = await ann.page.evaluate((colour) => {
          const seat = document.querySelector(`.seats .seat[data-colour="${colour}"]`)!.getBoundingClientRect();
          const panel = document.querySelector('.seat-panel')!.getBoundingClientRect();
          const bubble = document.querySelector(`[data-testid=phrase-bubble][data-colour="${colour}"]`)!.getBoundingClientRect();
          // Under the seat panel, in line with the speaker's chip: over no one's name.
          const overName = [...document.querySelectorAll('.seats .seat .name')].some((n) => {
            const r = n.getBoundingClientRect();
            return r.bottom > bubble.top && r.top < bubble.bottom && r.right > bubble.left && r.left < bubble.right;
          });
          return (
            !overName &&
            bubble.top >= panel.bottom &&
            bubble.top - panel.bottom < 20 &&
            bubble.left >= seat.left - 180 &&
            bubble.left <= seat.right
          );
        }, bobSeat);
        assert.ok(near, 'the bubble sits under the seats, by the speaker’s chip, over no name');
        await screenshot(ann.page, 'phrase-game-phone-zh');
        assert.deepEqual(errors, []);
      } finally {
        for (const c of [ann.context, bob.context]) await c.close();
        await server.stop();
      }
    },
  },
];
