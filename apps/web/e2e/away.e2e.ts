/**
 * Coming back to the same game (RULES.md §7), in Chromium on a phone: a link that goes silent (a proxy that
 * stops forwarding) is found within 10 s, nothing acts meanwhile, and the game is back by itself when the
 * link is; a page closed and opened again within 3 minutes finds the game going on, says what was played
 * for the player meanwhile, and the player takes over; a page that comes back after the seat was forfeited
 * and the table closed shows how the game ended. At the server's default pace but for the last case.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { blackHole } from './blackHole';
import { startGameServer } from './gameServer';
import {
  PHONE,
  type TestCase,
  click,
  enabledActions,
  myTurn,
  newPage,
  openHome,
  ownSeat,
  screenshot,
  shownText,
  shownVersion,
  startAgainstBots,
  until,
  watchErrors,
} from './support';

/** Every text the status banner shows from now on (the page is loaded: an observer, not an init script). */
async function recordBanner(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(`window.__banner = [];
    new MutationObserver(() => window.__banner.push(document.getElementById('status').textContent))
      .observe(document.getElementById('status'), { childList: true, characterData: true, subtree: true });`);
  return () => page.evaluate('window.__banner') as Promise<string[]>;
}

/** Each websocket close the page sees (code, reason, ms since the page loaded): why a link dropped that no test cut. */
const recordSocketCloses = (page: Page) =>
  page.addInitScript(`window.__closes = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(...args) {
        super(...args);
        this.addEventListener('close', (e) => window.__closes.push([e.code, e.reason, Math.round(performance.now())]));
      }
    };`);
const socketCloses = (page: Page) => page.evaluate('window.__closes') as Promise<unknown[]>;

/**
 * Back with 托管 on: the banner says why and holds the way back; the line says what was missed. Both read in
 * each language (screenshots); then the player takes over. `awayAtLeast`: the seconds the link was down, which
 * the line counts at least (from when the link was lost, not from when the server noticed), and the banner
 * then blames the absence, not a timeout.
 */
async function backAndTakeOver(page: Page, shot: string, awayAtLeast?: number): Promise<void> {
  await until('the 托管 banner', async () => (await shownText(page, '[data-testid=auto-banner]')) || null, 20_000);
  const why =
    awayAtLeast === undefined
      ? /^托管中：你(离开期间|的回合超时)，系统.*在替你走棋取消托管$/
      : /^托管中：你离开期间，系统一直在替你走棋取消托管$/;
  assert.match(await shownText(page, '[data-testid=auto-banner]'), why);
  const missed = await shownText(page, '[data-testid=returned]');
  const [, m, s] = /^你离开了 (?:(\d+) 分 )?(\d+) 秒，(?:托管替你走了 \d+ 步|期间还没有替你走棋)知道了$/.exec(missed) ?? [];
  assert.ok(s !== undefined, `what was missed: ${missed}`);
  const seconds = Number(m ?? 0) * 60 + Number(s);
  if (awayAtLeast !== undefined) assert.ok(seconds >= awayAtLeast, `away ${awayAtLeast} s at least, the line says ${missed}`);
  await screenshot(page, `${shot}-phone`);
  await click(page, '#lang');
  await until('English', async () => /^Auto-play is on/.test(await shownText(page, '[data-testid=auto-banner]')) || null, 5000);
  assert.match(
    await shownText(page, '[data-testid=auto-banner]'),
    /^Auto-play is on: (you were away|your turn timed out), the computer play(s|ed) for youStop auto-play$/,
  );
  assert.match(
    await shownText(page, '[data-testid=returned]'),
    /^(While you were away \(\d+ (s|min \d+ s)\), auto-play made \d+ moves? for you|You were away for .*; no moves were made for you)OK$/,
  );
  await screenshot(page, `${shot}-phone-en`);
  await click(page, '#lang');
  await until('Chinese again', async () => /^托管中/.test(await shownText(page, '[data-testid=auto-banner]')) || null, 5000);

  // One tap takes the seat back; the next turn is the player's own. (The button works once the link is up.)
  await until('取消托管 to work', async () => (await page.$('[data-testid=auto]:not([disabled])')) !== null || null, 10_000);
  await click(page, '[data-testid=auto]');
  await until(
    '托管 off',
    async () =>
      ((await shownText(page, '[data-testid=auto-banner]')) === '' && (await page.textContent('[data-testid=auto]')) === '托管') || null,
    5000,
  );
  const mine = await myTurn(page);
  const before = await shownVersion(page);
  if (mine.canRoll) await click(page, '[data-testid=roll]');
  else {
    await click(page, `.plane-button[data-plane="${mine.movable[0]}"]`);
    await click(page, '[data-testid=confirm]');
  }
  await until('the own action to be taken', async () => (await shownVersion(page)) > before || null, 10_000);
}

export const awayCases: TestCase[] = [
  {
    name: 'the link goes silent (a proxy stops forwarding): 正在重连 within 10 s and nothing acts; back by itself when the link returns, with 托管 saying why and what was played meanwhile',
    async run(browser) {
      const server = await startGameServer('default');
      const proxy = await blackHole(server.url);
      const { context, page } = await newPage(browser, PHONE);
      await recordSocketCloses(page);
      const errors = watchErrors(page, 'silent link');
      try {
        await openHome(page, proxy.url, '隧道里', 'zh-CN', false);
        const { seat } = await startAgainstBots(page, 4);
        const banners = await recordBanner(page);
        await page.waitForTimeout(2000);
        // Linked before the cut. A drop before it (a busy machine's page or server, found by the heartbeat and mended
        // by itself) is not this outage: it is waited out and printed with how the sockets closed.
        await until('托管 to be switchable (linked)', async () => (await enabledActions(page)).includes('auto') || null, 30_000);
        const beforeCut = await banners();
        if (beforeCut.some((b) => /正在重连/.test(b))) {
          console.log(
            `    a reconnection before the cut: ${JSON.stringify(beforeCut)}; closes ${JSON.stringify(await socketCloses(page))}`,
          );
        }
        proxy.cut();
        const cut = Date.now();
        const sinceCut = async () => (await banners()).slice(beforeCut.length);
        await until('正在重连', async () => (await sinceCut()).some((b) => /正在重连/.test(b)) || null, 12_000, 50);
        const noticed = Date.now() - cut;
        console.log(`    the page noticed the silent link after ${noticed} ms`);
        assert.ok(noticed <= 10_000, `正在重连 after ${noticed} ms`);
        assert.deepEqual(await enabledActions(page), [], 'nothing that acts while the link is down');
        // The page says so where the player looks: the banner, the own seat, the prompt.
        assert.match(await shownText(page, '[data-testid=prompt]'), /^正在重连/);
        assert.match(await shownText(page, `.seats .seat[data-colour=${seat}] .conn`), /^离线/);
        await screenshot(page, 'away-link-silent-phone');
        await click(page, '#lang');
        await until('English', async () => /^Reconnecting/.test(await shownText(page, '[data-testid=prompt]')) || null, 5000);
        assert.match(await shownText(page, '#status'), /^Connection lost, reconnecting/);
        await screenshot(page, 'away-link-silent-phone-en');
        await click(page, '#lang');
        await until('Chinese again', async () => /^正在重连/.test(await shownText(page, '[data-testid=prompt]')) || null, 5000);

        // Away long enough for the own turn to time out into 托管 (a 15 s turn, three bots before it at most).
        await page.waitForTimeout(35_000 - (Date.now() - cut));
        const versionAway = await shownVersion(page);
        proxy.restore();
        const downFor = Math.floor((Date.now() - cut) / 1000);
        await until('已重新连接', async () => (await sinceCut()).some((b) => /已重新连接/.test(b)) || null, 30_000, 100);
        // The same seat, and the game went on meanwhile (the bots at their pace).
        assert.equal(await ownSeat(page), seat);
        await until('the game as it is now', async () => (await shownVersion(page)) > versionAway || null, 10_000);
        await backAndTakeOver(page, 'away-back-after-silence', downFor);
        // Back once and for all: no second outage of its own making (a late try taking the seat from the new connection).
        const shown = await sinceCut();
        const back = shown.findIndex((b) => /已重新连接/.test(b));
        assert.deepEqual(
          shown.slice(back).filter((b) => /正在重连/.test(b)),
          [],
          `the link stayed up once back: ${JSON.stringify(shown)}`,
        );
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        await proxy.close();
        await server.stop();
      }
    },
  },
  {
    name: 'a page closed mid-game and opened again within 3 minutes: the same game going on, what auto-play did meanwhile, and the player takes over',
    async run(browser) {
      const server = await startGameServer('default');
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'closed page');
      try {
        await openHome(page, server.url, '回来了', 'zh-CN', false);
        const { seat, roomId, code } = await startAgainstBots(page, 4);
        const versionAtClose = await shownVersion(page);
        await page.close();
        const closed = Date.now();

        // Someone else watching meanwhile (by the private table's link: the game has started, so they watch) sees
        // the seat held, with the time left, and played by auto-play.
        const other = await newPage(browser, PHONE);
        try {
          // With a name already: a link opened without one asks for it first (the invite's name prompt).
          await openHome(other.page, server.url, '路人', 'zh-CN', false);
          await other.page.goto(`${server.url}?join=${code}`);
          await other.page.waitForSelector('[data-testid=watch-instead]', { timeout: 20_000 });
          await click(other.page, '[data-testid=watch-instead]');
          await other.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
          const held = await until(
            'the held seat',
            async () => /^离线 · [23]:\d\d$/.exec(await shownText(other.page, `.seats .seat[data-colour=${seat}] .conn`))?.[0] ?? null,
            20_000,
          );
          console.log(`    the watcher sees "${held}"`);
          await until(
            '托管 on the held seat',
            async () => (await other.page.$(`.seats .seat[data-colour=${seat}] .badge.auto`)) !== null || null,
            30_000,
          );
          await screenshot(other.page, 'away-watcher-sees-held-seat-phone');
        } finally {
          await other.context.close();
        }
        await new Promise((r) => setTimeout(r, closed + 40_000 - Date.now()));

        const again = await context.newPage();
        const errorsAgain = watchErrors(again, 'page opened again');
        await again.goto(`${server.url}#/`);
        await again.waitForSelector(`[data-testid=return-${roomId}]`, { timeout: 10_000 });
        await click(again, `[data-testid=return-${roomId}]`);
        await again.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        assert.equal(await ownSeat(again), seat);
        assert.ok((await shownVersion(again)) > versionAtClose + 10, 'the game went on while the page was closed');
        assert.equal(
          await again.evaluate(() => document.querySelector('.screen.game')?.classList.contains('over')),
          false,
          'and is still going on',
        );
        // Told after the snapshot, as a message of its own: the board may show before it is read.
        const returned = await until('what was missed', async () => (await shownText(again, '[data-testid=returned]')) || null, 5_000);
        assert.match(returned, /^你离开了 4\d 秒/);
        await backAndTakeOver(again, 'away-page-reopened');
        assert.deepEqual([...errors, ...errorsAgain], []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'a page that comes back after its seat was forfeited (a short hold here) and the table closed shows how the game ended',
    async run(browser) {
      const server = await startGameServer('fast', {
        RECONNECT_SECONDS: '6',
        CODE_LOOKUPS_PER_MINUTE: '1000',
        CODE_MISSES_PER_HOUR: '1000',
      });
      const { context, page } = await newPage(browser, PHONE);
      const errors = watchErrors(page, 'forfeited');
      try {
        await openHome(page, server.url, '没回来');
        const { code } = await startAgainstBots(page, 2);
        const address = page.url();
        await page.close();
        // Six seconds held, then the forfeit ends a game of two; once it is recorded the table closes (its code with it).
        await until(
          'the table to close',
          async () => (await fetch(`${server.url}api/tables/code/${code}`)).status === 404 || null,
          60_000,
          250,
        );

        const again = await context.newPage();
        const errorsAgain = watchErrors(again, 'forfeited, back');
        await again.goto(address);
        await again.waitForURL(/#\/match\//, { timeout: 20_000 });
        await until('the result', async () => /掉线超时/.test((await again.textContent('main')) ?? '') || null, 20_000);
        await screenshot(again, 'away-forfeited-result-phone');
        assert.deepEqual([...errors, ...errorsAgain], []);
      } finally {
        await context.close();
        await server.stop();
      }
    },
  },
];
