/**
 * A whole game against bots at the server's own pace (600 ms before an automatic roll, 900 ms before an
 * automatic move), no fast flag: what a player meets. At every state change the panel must show the
 * server's current seat within a second; 托管 switched on during another seat's turn can be switched off;
 * 认输 works while auto-played; the results table is the stored record.
 */
import assert from 'node:assert/strict';
import type { MatchRecord } from '@flightchess/protocol';
import type { Page } from 'playwright-core';
import { assertFollowed, heardTimes, panelEntries, recordPanel, watchServer } from './follow';
import { startGameServer } from './gameServer';
import {
  DESKTOP,
  type TestCase,
  answerConfirm,
  click,
  matchAs,
  newPage,
  openHome,
  ownProfile,
  screenshot,
  startAgainstBots,
  storedPlayer,
  ui,
  until,
  watchErrors,
} from './support';

/** How late the panel may show a state change: at most a second after it reached the page. */
const WITHIN_MS = 1000;

/** A seat's name as the results show it in Chinese: a bot by its colour and strength. */
const shownName = (s: MatchRecord['seats'][number]) =>
  s.kind === 'bot'
    ? `${{ red: '红', green: '绿', yellow: '黄', blue: '蓝' }[s.colour]}方电脑${{ random: '（弱）', heuristic: '（中）', strong: '（强）', expert: '（专家）' }[s.bot as string] ?? ''}`
    : s.name;

const autoButton = (page: Page) =>
  page.evaluate(() => {
    const b = document.querySelector<HTMLButtonElement>('[data-testid=auto]');
    return b ? { on: b.classList.contains('on'), text: b.textContent ?? '' } : null;
  });

const currentSeat = (page: Page) => page.evaluate(() => document.querySelector<HTMLElement>('.seats .seat.current')?.dataset.colour ?? '');

/** Click 托管 and see the button say the opposite within a second. */
async function switchAutoPlay(page: Page, on: boolean): Promise<void> {
  const clicked = Date.now();
  await click(page, '[data-testid=auto]');
  await until(`托管 ${on ? 'on' : 'off'}`, async () => (await autoButton(page))?.on === on || null, 5_000, 20);
  assert.ok(Date.now() - clicked < WITHIN_MS, `托管 ${on ? 'on' : 'off'} showed after ${Date.now() - clicked} ms`);
  assert.equal((await autoButton(page))?.text, on ? '取消托管' : '托管');
}

export const paceCases: TestCase[] = [
  {
    name: 'a whole game against bots at the server’s default pace: the panel keeps up, 托管 on and off, resign while auto-played, results as recorded',
    async run(browser) {
      const server = await startGameServer('default');
      const { context, page } = await newPage(browser, DESKTOP);
      const errors = watchErrors(page, 'pace');
      await recordPanel(page);
      let watcher: ReturnType<typeof watchServer> | null = null;
      try {
        await openHome(page, server.url, '实时玩家', 'zh-CN', false);
        // Three planes, one already out: a whole game in a few minutes at the real pace.
        const { seat: me } = await startAgainstBots(page, 3, 'wango-quick');

        // A private table's game in progress: the player's own profile and record show it.
        const player = await storedPlayer(page);
        const matchId = (await ownProfile(server.url, player)).recentMatches[0]!.id;
        watcher = watchServer(server.url, matchId, player);

        // 托管 on during another seat's turn, then off again: the button follows each time.
        await until(
          'another seat’s turn',
          async () => ((await currentSeat(page)) !== me && (await currentSeat(page)) !== '') || null,
          60_000,
          50,
        );
        // When this player had the first turn, the wait let it time out into 托管: off first.
        if ((await autoButton(page))?.on) await switchAutoPlay(page, false);
        await switchAutoPlay(page, true);
        const version = () => page.evaluate(() => Number(document.querySelector<HTMLElement>('.screen.game')?.dataset.version ?? 0));
        const onAt = await version();
        await until('the bots and 托管 to play on', async () => (await version()) >= onAt + 12 || null, 120_000, 100);
        await screenshot(page, 'pace-auto-play-desktop');
        await switchAutoPlay(page, false);
        // Off means off: the game waits for this player to act (a roll, or a choice of planes if 托管 had just rolled).
        const mine = await until(
          'this player’s own turn',
          async () => {
            const state = await ui(page);
            return state.canRoll || state.movable.length > 0 ? state : null;
          },
          120_000,
          50,
        );
        // The turn timer, read as the turn begins (the board may still show the step before): never more
        // than the table's 15 s a step, the server's grace for that showing aside.
        const timer = await until(
          'the own timer',
          async () => (await page.textContent('[data-testid=timer]').catch(() => null)) || null,
          5_000,
          20,
        );
        const shownSeconds = Number(/\d+/.exec(timer)?.[0]);
        assert.ok(shownSeconds >= 10 && shownSeconds <= 15, `the turn timer at the start of the turn: ${timer}`);
        const before = await version();
        if (mine.canRoll) {
          await click(page, '[data-testid=roll]');
        } else {
          await click(page, `.plane-button[data-plane="${mine.movable[0]}"]`);
          await click(page, '[data-testid=confirm]');
        }
        await until('the own action to be taken', async () => (await version()) > before || null, 10_000, 50);

        // On again, and resign while the seat is auto-played (allowed after 15 rolls).
        await switchAutoPlay(page, true);
        await until(
          'resigning to be allowed',
          () => page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false || null),
          240_000,
          100,
        );
        await click(page, '[data-testid=resign]');
        await answerConfirm(page, 'yes', 'resign-confirm-phone-zh');
        // Out, or whatever the page shows instead (a refusal, the link taken for lost): said when it fails.
        const resigned = await until(
          'the own seat out',
          () =>
            page.evaluate((c) => {
              const refusal = document.querySelector('[data-testid=table-error]')?.textContent?.trim() ?? '';
              if (refusal) return `refused: ${refusal}`;
              return document.querySelector(`.seats .seat.is-out[data-colour="${c}"]`) ? 'out' : null;
            }, me),
          5_000,
          50,
        ).catch(async (error: Error) => {
          throw new Error(`${error.message}; the page shows ${JSON.stringify(await ui(page))}`);
        });
        assert.equal(resigned, 'out', 'no refusal was shown');

        // The two bots play it out; the results are the stored record.
        await until(
          'the results',
          async () => {
            // The page stays at the table to the end: had it left (its link lost, the table closed), say where it went now.
            if (!page.url().includes('#/table/')) throw new Error(`the page left the table for ${page.url()}`);
            return (await page.$('[data-testid=results] .results-table')) !== null || null;
          },
          480_000,
          250,
        );
        await watcher.stop();
        const match = await matchAs(server.url, matchId, player);
        assert.equal(match.status, 'finished');
        // Cell texts without the winner's crown, the reader's "（你）", the badge of a seat that left (checked below)
        // and a place's note (its score explained where it does not follow the place: the results' unit tests).
        const rows = await page.$$eval('.results-table tbody tr', (trs) =>
          trs.map((tr) =>
            [...tr.querySelectorAll('td')].map((td) => {
              const copy = td.cloneNode(true) as HTMLElement;
              copy.querySelector('.crown')?.remove();
              copy.querySelector('.you')?.remove();
              copy.querySelector('.badge.out')?.remove();
              copy.querySelector('.place-note')?.remove();
              return copy.textContent?.trim() ?? '';
            }),
          ),
        );
        const leftBadges = await page.$$eval('.results-table tbody tr', (trs) =>
          trs.map((tr) => tr.querySelector('.badge.out')?.textContent ?? ''),
        );
        const expected = [...match.seats]
          .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
          .map((s) => [String(s.rank), shownName(s), String(s.arrived), s.score! > 0 ? `+${s.score}` : String(s.score), String(s.coins)]);
        assert.deepEqual(
          rows.map((r) => r.slice(0, 5)),
          expected,
        );
        for (const [i, s] of [...match.seats].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).entries())
          assert.match(rows[i]![5]!, new RegExp(`Lv ${s.levelAfter}`));
        assert.equal(match.seats.find((s) => s.colour === me)?.out, 'resign');
        assert.deepEqual(
          leftBadges,
          [...match.seats].sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)).map((s) => (s.out === 'resign' ? '已退出 · 认输' : '')),
          'the seat that resigned says so, and only that seat',
        );
        await screenshot(page, 'pace-results-desktop');

        // Every state the server reached was on the panel within a second of reaching the page, with the server's current seat.
        const states = watcher.entries;
        const panel = await panelEntries(page);
        const slowest = assertFollowed(panel, states, { what: 'version', withinMs: WITHIN_MS, heard: await heardTimes(page) });
        const behind = assertFollowed(panel, states, { what: 'version', withinMs: Infinity });
        console.log(
          `    panel behind the page's messages: at most ${slowest} ms, behind the server ${behind} ms, over ${states.length} states`,
        );
        assert.ok(states.length > 60, `a whole game (${states.length} states)`);
        assert.deepEqual(errors, []);
      } finally {
        await watcher?.stop();
        await context.close();
        await server.stop();
      }
    },
  },
];
