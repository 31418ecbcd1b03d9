/**
 * What happens is told on screen, at the server's default pace (no fast flag): a game against bots on
 * seeded dice (TEST_DICE_SEED: a roll with no plane to move at once, a capture some fifteen actions in),
 * played by auto-play. The caption says both under the prompt, never over the board (a visible element, not
 * the live region); a watcher sees the same words in English and the move list; the replay's move list steps
 * the board to the move tapped. Screenshots of the capture being told, on a phone, in Chinese and English.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { startGameServer } from './gameServer';
import {
  PHONE,
  assertAccessible,
  assertCaptionBesideBoard,
  type TestCase,
  click,
  newPage,
  openHome,
  ownProfile,
  screenshot,
  startAgainstBots,
  storedPlayer,
  until,
  watchingErrors,
} from './support';

/** Red first; red's first roll moves nothing; the first capture comes at action 16 (all seats played by the strong bot). */
const SEED = (397).toString(16).padStart(64, '0');

/** Remember every text the caption shows, when it can be seen (page script). */
const CAPTION_RECORDER = `
  window.__captions = [];
  new MutationObserver(() => {
    const el = document.querySelector('[data-testid=event-caption]');
    if (!el || !el.checkVisibility({ visibilityProperty: true })) return;
    const text = el.innerText;
    if (text !== window.__captions.at(-1)) window.__captions.push(text);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

const captions = (page: Page) => page.evaluate(() => (window as unknown as { __captions: string[] }).__captions);

/** Wait until the caption has said something matching `words`; returns that text. */
const told = (page: Page, what: string, words: RegExp, ms = 120_000) =>
  until(what, async () => (await captions(page)).find((c) => words.test(c)), ms, 25);

/**
 * Wait for the own seat's turn under auto-play (a second or so, every fourth turn): the prompt says it;
 * photographed then (again at its next turn if the turn was over before the picture was).
 */
async function autoPlayPrompt(page: Page, words: string, shot: string): Promise<void> {
  const says = async () => (await page.textContent('[data-testid=prompt]')) === words;
  for (let tries = 0; tries < 5; tries++) {
    await until(`the prompt '${words}'`, async () => (await says()) || null, 60_000, 25);
    await screenshot(page, shot);
    if (await says()) return;
    await until('the turn over', async () => !(await says()) || null, 30_000, 25);
  }
  assert.fail(`'${words}' was never still there once photographed`);
}

/** The move list's rows as shown (opened first). */
async function moveRows(page: Page): Promise<string[]> {
  await page.evaluate(() => {
    const list = document.querySelector<HTMLDetailsElement>('[data-testid=move-list]');
    if (list) list.open = true;
  });
  return page.$$eval('[data-testid=move-list] li[data-position]', (rows) => rows.map((r) => (r as HTMLElement).innerText));
}

export const eventsCases: TestCase[] = [
  {
    name: 'events told on screen at the default pace: no move and a capture in the caption (player zh, watcher en), the move list in game, watch and replay, a tapped replay move steps the board',
    async run(browser) {
      const server = await startGameServer('default', { TEST_DICE_SEED: SEED });
      const player = await newPage(browser, PHONE);
      const watcher = await newPage(browser, PHONE);
      const errors = watchingErrors([player.page, 'player'], [watcher.page, 'watcher']);
      try {
        for (const { page } of [player, watcher]) await page.addInitScript({ content: CAPTION_RECORDER });
        await openHome(player.page, server.url, '小红', 'zh-CN', false);
        const { code } = await startAgainstBots(player.page, 4);
        await click(player.page, '[data-testid=auto]');

        // The first roll moves nothing: said on screen, in the caption under the prompt.
        const none = await told(player.page, 'the no-move words', /掷出 \d，没有可走的飞机/, 30_000);
        assert.match(none, /^小红掷出 \d，没有可走的飞机$/m);
        // Red is the player's own seat, played by auto-play: its turn is said as theirs, never by its name.
        await autoPlayPrompt(player.page, '托管正在替你走这一回合', 'events-auto-play-prompt-phone-zh');

        // A watcher in English, on a phone.
        await openHome(watcher.page, server.url, 'Wat', 'en', false);
        await watcher.page.goto(`${server.url}?lang=en&join=${code}`);
        await watcher.page.waitForSelector('[data-testid=watch-instead]', { timeout: 20_000 });
        await click(watcher.page, '[data-testid=watch-instead]');
        await watcher.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });

        // The capture: which planes go home, told to both as the planes are hit; photographed as soon as the
        // words are there (a busy machine may paint the board a moment later).
        const capture = (page: Page, words: RegExp, shot: string) =>
          told(page, shot, words).then(async (text) => {
            await screenshot(page, shot);
            await assertCaptionBesideBoard(page, shot);
            // Legible as it is (its older line greyed, not made transparent).
            await assertAccessible(page, shot);
            return text;
          });
        const [zh, en] = await Promise.all([
          capture(player.page, /撞回了/, 'events-capture-phone-zh'),
          capture(watcher.page, / sent .* home/, 'events-capture-phone-en'),
        ]);
        assert.match(zh, /撞回了(红|绿|黄|蓝)方 \d( 号|、)/);
        assert.match(en, /(Red|Green|Yellow|Blue) \d(, \d)* home/);

        // The move list, in play and watching: the no-move roll and the capture are among its rows.
        const playerRows = await moveRows(player.page);
        assert.ok(
          playerRows.some((r) => /不能走/.test(r)),
          `no no-move row in ${playerRows.join(' / ')}`,
        );
        assert.ok(
          playerRows.some((r) => /撞回 \d 架/.test(r)),
          `no capture row in ${playerRows.join(' / ')}`,
        );
        const watcherRows = await moveRows(watcher.page);
        assert.ok(
          watcherRows.some((r) => /sends \d home/.test(r)),
          `no capture row in ${watcherRows.join(' / ')}`,
        );
        // The watcher came after the first roll: the list still starts with it, from the stored log.
        assert.equal(
          await watcher.page.$eval('[data-testid=move-list] li[data-position]', (li) => (li as HTMLElement).dataset.position),
          '1',
        );
        await screenshot(watcher.page, 'events-move-list-watch-phone-en');

        // The replay (of the game going on): its move list steps the board to the move tapped.
        const matchId = (await ownProfile(server.url, await storedPlayer(player.page))).recentMatches[0]!.id;
        const replay = await player.context.newPage();
        await replay.goto(`${server.url}#/replay/${matchId}`);
        await replay.waitForSelector('[data-testid=move-list] li[data-position] button');
        const row = replay.locator('[data-testid=move-list] li[data-position]', { hasText: /撞回 \d 架/ }).first();
        const position = Number(await row.getAttribute('data-position'));
        await row.locator('button').click();
        await until(
          'the replay at the tapped move',
          async () => (await replay.inputValue('[data-testid=replay-slider]')) === String(position),
          5_000,
        );
        assert.equal(await row.getAttribute('class').then((c) => c?.includes('current')), true, 'the tapped move is marked');
        await screenshot(replay, 'events-replay-move-list-phone');

        await click(player.page, '#lang');
        await autoPlayPrompt(player.page, 'Auto-play is playing your turn', 'events-auto-play-prompt-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await player.context.close();
        await watcher.context.close();
        await server.stop();
      }
    },
  },
];
