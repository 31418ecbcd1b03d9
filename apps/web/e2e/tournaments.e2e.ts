/**
 * A duplicate Swiss as three people meet it: Ann (Chinese) creates one on the tournaments page; Bob and Cat
 * (English) open its link and join; at the start each is told their table on whatever page they are on and
 * goes to it in one tap; they play (a roll by hand, then 托管), a bot in the fourth seat; the standings move,
 * the round's board is revealed and one of its games checks; round two follows after the break, and the
 * tournament ends. Three phones, screenshots of each step in both languages.
 *
 * The game server runs at the test pace (the game's own pace is tested at the server's defaults elsewhere);
 * the start comes a minute after the creation, as the form offers, and the break between rounds is 10 s.
 *
 * And an arena: a minute of duels in which whoever is free is seated again at once, a latecomer joining
 * while it runs. And a duel at the server's default pace whose player's link goes silent at the table (a proxy
 * that stops forwarding) and comes back to the same seat.
 */
import assert from 'node:assert/strict';
import type { TournamentView } from '@flightchess/protocol';
import type { Page } from 'playwright-core';
import { blackHole } from './blackHole';
import { startGameServer } from './gameServer';
import {
  PHONE,
  type TestCase,
  answerConfirm,
  assertNoSideScroll,
  click,
  newPage,
  openHome,
  ownSeat,
  postJson,
  screenshot,
  shownText,
  threePhones,
  until,
  watchingErrors,
} from './support';

/** The points column of the standings, by player name. */
const standings = (page: Page) =>
  page.$$eval('[data-testid=tournament-standings] tbody tr', (rows) =>
    rows.map((r) => [r.querySelector('.who a')?.textContent ?? '', r.querySelector('[data-testid=standing-points]')?.textContent ?? '']),
  );

/** Go to the table the banner announces and hand the seat to auto-play once the board shows (a roll by hand first when it is our turn). */
async function playRound(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid=tournament-call]:not([hidden])', { timeout: 90_000 });
  await click(page, '[data-testid=tournament-call-play]');
  await page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
  const canRoll = await page
    .waitForSelector('[data-testid=roll]:not([disabled])', { timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  if (canRoll) await click(page, '[data-testid=roll]');
  await page.waitForSelector('[data-testid=auto]:not([disabled])', { timeout: 10_000 });
  await click(page, '[data-testid=auto]');
}

/** The tournament as the API shows it. */
const viewOf = async (url: string, id: string) => (await (await fetch(`${url}api/tournaments/${id}`)).json()) as TournamentView;

/** A tournament an organiser made through the API and then withdrew from: run without playing in it. */
async function organised(url: string, asked: Record<string, unknown>): Promise<TournamentView> {
  const org = await postJson<{ playerId: string; secret: string }>(`${url}api/guests`, { nickname: 'Org' });
  const made = await postJson<TournamentView>(`${url}api/tournaments`, { playerId: org.playerId, secret: org.secret, ...asked });
  await postJson(`${url}api/tournaments/${made.id}/withdraw`, { playerId: org.playerId, secret: org.secret });
  return made;
}

/** Join the tournament from its page (opened at `link` first, when given). */
async function join(page: Page, link?: string): Promise<void> {
  if (link) await page.goto(link);
  await page.waitForSelector('[data-testid=tournament-join]');
  await click(page, '[data-testid=tournament-join]');
  await page.waitForSelector('[data-testid=tournament-withdraw]');
}

/** Play every table the arena calls this page to (each once), until the arena is over; how many were played. */
async function playArena(page: Page, over: () => Promise<boolean>): Promise<number> {
  const played = new Set<string>();
  while (!(await over())) {
    const call = '[data-testid=tournament-call]:not([hidden]) [data-testid=tournament-call-play]';
    const href = await page.getAttribute(call, 'href', { timeout: 500 }).catch(() => null);
    if (!href || played.has(href)) continue;
    played.add(href);
    await playRound(page);
    await page.waitForSelector('[data-testid=results]', { timeout: 120_000 });
  }
  return played.size;
}

export const tournamentCases: TestCase[] = [
  {
    name: 'tournaments: three people join a two-round duplicate Swiss, are called to their tables, see the standings move and the board revealed and checked (phones, zh and en)',
    async run(browser) {
      const server = await startGameServer('fast', { TOURNAMENT_BREAK_SECONDS: '10' });
      const phones = await threePhones(browser, server.url);
      const { ann, bob, cat, errors } = phones;
      try {
        // Ann: the tournaments page from the home screen; a duplicate Swiss of tables of four, two rounds, in a minute.
        await click(ann.page, '[data-testid=tournaments-link]');
        await ann.page.waitForSelector('[data-testid=tournament-create]');
        await screenshot(ann.page, 'tournaments-list-phone-zh');
        await ann.page.fill('#tournament-name', '周五晚赛');
        await ann.page.selectOption('#tournament-rounds', '2');
        await ann.page.selectOption('#tournament-starts', '1');
        await click(ann.page, '[data-testid=tournament-create]');
        await ann.page.waitForSelector('[data-testid=tournament-status]');
        assert.match((await ann.page.textContent('[data-testid=tournament-status]'))!, /报名中 · [01]:\d\d 后开始/);
        const link = (await ann.page.textContent('[data-testid=tournament-link]'))!;
        assert.match(link, /#\/tournament\/[A-Za-z0-9_-]+$/);
        await screenshot(ann.page, 'tournament-created-phone-zh');

        // Bob and Cat open the link and join; everyone sees the three of them.
        for (const { page } of [bob, cat]) await join(page, link.replace('#', '?lang=en&fast=1#'));
        assert.match((await bob.page.textContent('main'))!, /You are in\. Once it starts, your table shows here\./);
        await screenshot(bob.page, 'tournament-joined-phone-en');
        // Cat waits on the home page: the call reaches her wherever she is.
        await cat.page.goto(server.url.replace(/\/$/, '/?lang=en&fast=1#/'));

        // Round one: each is called to the table (three people and a bot) and plays it.
        await Promise.all(
          [ann, bob, cat].map(({ page }) => page.waitForSelector('[data-testid=tournament-call]:not([hidden])', { timeout: 90_000 })),
        );
        assert.match((await cat.page.textContent('[data-testid=tournament-call]'))!, /round 1: your table is open and the game has begun/);
        await screenshot(cat.page, 'tournament-call-phone-en');
        await Promise.all([ann, bob, cat].map(({ page }) => playRound(page)));
        await screenshot(ann.page, 'tournament-table-phone-zh');
        await Promise.all([ann, bob, cat].map(({ page }) => page.waitForSelector('[data-testid=results]', { timeout: 120_000 })));

        // No rematch at a tournament's table: back to the tournament, where the standings moved, the round is
        // over, its board revealed, and its game checks against it.
        assert.equal(await ann.page.$('[data-testid=rematch]'), null);
        await screenshot(ann.page, 'tournament-results-phone-zh');
        await click(ann.page, '[data-testid=tournament-back]');
        await until(
          'round 1 on the page',
          async () => (await ann.page.$('[data-testid=round-1] [data-testid=board-seed]')) ?? null,
          30_000,
        );
        const after1 = await standings(ann.page);
        assert.equal(after1.length, 3);
        assert.ok(
          after1.some(([, points]) => points !== '0'),
          `points after round 1: ${JSON.stringify(after1)}`,
        );
        await assertNoSideScroll(ann.page, 'the standings on a phone');
        await screenshot(ann.page, 'tournament-round1-phone-zh');
        await click(ann.page, '[data-testid=round-1] [data-testid=tournament-check]');
        await ann.page.waitForSelector('[data-testid=match-verify]', { timeout: 20_000 });
        await click(ann.page, '[data-testid=match-verify]');
        await ann.page.waitForSelector('[data-testid=match-verdict]', { timeout: 20_000 });
        const verdict = await ann.page.$$eval('[data-testid=match-verdict] li', (lis) => lis.map((li) => li.className));
        assert.deepEqual(verdict, ['verify-result ok', 'verify-result ok']);
        await ann.page.evaluate(() => document.querySelector('[data-testid=fairness]')?.scrollIntoView());
        await screenshot(ann.page, 'tournament-verified-phone-zh');

        // Round two after the break; then the tournament is over.
        await ann.page.goto(link.replace('#', '?fast=1#'));
        await Promise.all([ann, bob, cat].map(({ page }) => playRound(page)));
        await Promise.all([ann, bob, cat].map(({ page }) => page.waitForSelector('[data-testid=results]', { timeout: 120_000 })));
        await bob.page.goto(link.replace('#', '?lang=en&fast=1#'));
        await until(
          'the end',
          async () => /Finished/.test((await bob.page.textContent('[data-testid=tournament-status]')) ?? '') || null,
          30_000,
        );
        const final = await standings(bob.page);
        assert.deepEqual(final.map(([name]) => name).sort(), ['Bob', 'Cat', '小安'].sort());
        assert.ok(await bob.page.$('[data-testid=round-2] [data-testid=board-seed]'), 'round 2 revealed');
        // Once every game is reviewed (the page polls), the rows are in the order of their ratings: results less the dice's part.
        const ended = Date.now();
        const rated = await until(
          'every game reviewed',
          async () => {
            const rows = await bob.page.$$eval('[data-testid=tournament-standings] tbody tr', (trs) =>
              trs.map((r) => ({
                rating: r.querySelector('[data-testid=standing-rating]')?.textContent ?? '',
                loss: r.querySelector('[data-testid=standing-decision-loss]')?.textContent ?? '',
              })),
            );
            return rows.every((r) => /^\d+(\.\d+)?$/.test(r.loss)) ? rows : null;
          },
          60_000,
        );
        console.log(`    every game reviewed ${Date.now() - ended} ms after the end was shown`);
        const ratings = rated.map((r) => Number(r.rating.replace('−', '-')));
        assert.ok(ratings.every(Number.isFinite), `ratings: ${JSON.stringify(rated)}`);
        assert.deepEqual(
          ratings,
          [...ratings].sort((x, y) => y - x),
          'ranked by rating',
        );
        await assertNoSideScroll(bob.page, 'the final standings on a phone');
        await screenshot(bob.page, 'tournament-final-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await phones.close();
        await server.stop();
      }
    },
  },
  {
    name: 'tournaments: a one-minute arena of duels — whoever is free is seated again at once, a latecomer joins while it runs, and it ends on time with the standings (phones, zh and en)',
    async run(browser) {
      const server = await startGameServer('fast');
      const phones = await threePhones(browser, server.url);
      const { ann, bob, cat, errors } = phones;
      try {
        // An organiser makes it through the API (the form offers arenas of ten minutes and more), and stays out of it.
        const made = await organised(server.url, {
          name: 'Lunch arena',
          format: 'arena',
          seats: 2,
          minutes: 1,
          startsAt: Date.now() + 20_000,
        });
        assert.equal(made.format, 'arena', JSON.stringify(made));
        const link = `${server.url}?fast=1#/tournament/${made.id}`;
        await join(ann.page, link);
        await join(bob.page, link.replace('?', '?lang=en&'));
        const over = async () => (await viewOf(server.url, made.id)).status === 'finished';
        const duels = [playArena(ann.page, over), playArena(bob.page, over)];

        // Cat comes once it runs: the page says how long it has left, and she may still join.
        await until('the start', async () => (await viewOf(server.url, made.id)).status === 'running' || null, 40_000);
        await cat.page.goto(link.replace('?', '?lang=en&'));
        await until(
          'the countdown to the end',
          async () => /Arena on · ends in 0:\d\d/.test((await cat.page.textContent('[data-testid=tournament-status]')) ?? '') || null,
          10_000,
        );
        await join(cat.page);
        await screenshot(cat.page, 'arena-joined-phone-en');
        await cat.page.waitForSelector('[data-testid=tournament-call]:not([hidden])', { timeout: 40_000 });
        assert.match((await cat.page.textContent('[data-testid=tournament-call]'))!, /Lunch arena: your next game has begun/);
        duels.push(playArena(cat.page, over));
        const games = await Promise.all(duels);
        // Ann and Bob, there from the start, were seated again after their first game.
        assert.ok(games[0]! >= 2 && games[1]! >= 2, `games played: ${JSON.stringify(games)}`);

        await ann.page.goto(link);
        await until(
          'the end',
          async () => /已结束/.test((await ann.page.textContent('[data-testid=tournament-status]')) ?? '') || null,
          10_000,
        );
        const final = await standings(ann.page);
        assert.deepEqual(final.map(([name]) => name).sort(), ['Bob', 'Cat', '小安'].sort());
        const done = await viewOf(server.url, made.id);
        assert.deepEqual(done.standings.map((s) => s.games).sort(), [...games].sort(), 'each played what their page was called to');
        await assertNoSideScroll(ann.page, 'the arena standings on a phone');
        await screenshot(ann.page, 'arena-final-phone-zh');

        // Cat's count of games, tapped: only her tables are shown, until every table is asked for again.
        const catGames = done.standings.find((s) => s.name === 'Cat')!.games;
        const all = (await ann.page.$$('[data-testid=tournament-table]')).length;
        await ann.page.click('[data-testid=tournament-standings] tr:has(a:text-is("Cat")) [data-testid=standing-games]');
        await ann.page.waitForSelector('[data-testid=games-of]');
        assert.match((await ann.page.textContent('[data-testid=games-of]'))!, /Cat 的对局/);
        const hers = await ann.page.$$eval('[data-testid=tournament-table]', (tables) => tables.map((x) => x.textContent ?? ''));
        assert.equal(hers.length, catGames);
        assert.ok(
          hers.every((text) => text.includes('Cat')),
          JSON.stringify(hers),
        );
        await screenshot(ann.page, 'arena-games-of-phone-zh');
        await ann.page.click('[data-testid=games-all]');
        assert.equal((await ann.page.$$('[data-testid=tournament-table]')).length, all);
        assert.deepEqual(errors, []);
      } finally {
        await phones.close();
        await server.stop();
      }
    },
  },
  {
    name: "tournaments at the server's default pace: both are called to their table within seconds; his link goes silent there (a proxy stops forwarding), she sees his seat offline, he is back at the same seat by himself; her resignation ends it and the standings show it (phones, zh and en)",
    async run(browser) {
      const server = await startGameServer('default');
      const proxy = await blackHole(server.url);
      const ann = await newPage(browser, PHONE);
      const bob = await newPage(browser, PHONE, { locale: 'en' });
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob']);
      try {
        // A Swiss of one round of duels, at Ply Yard (a resignation is allowed at once): Bob's page goes through the proxy.
        const made = await organised(server.url, {
          name: 'Tunnel cup',
          format: 'swiss',
          seats: 2,
          rounds: 1,
          preset: 'plyyard',
          startsAt: Date.now() + 15_000,
        });
        await openHome(ann.page, server.url, '小安', 'zh-CN', false);
        await openHome(bob.page, proxy.url, 'Bob', 'en', false);
        await join(ann.page, `${server.url}#/tournament/${made.id}`);
        await join(bob.page, `${proxy.url}?lang=en#/tournament/${made.id}`);

        // The call reaches each page within seconds of the pairing (the pages' event streams).
        const calls = '[data-testid=tournament-call]:not([hidden])';
        await Promise.all([ann, bob].map(({ page }) => page.waitForSelector(calls, { timeout: 40_000 })));
        const paired = (await viewOf(server.url, made.id)).roundList[0]!.startedAt!;
        const late = Date.now() - paired;
        console.log(`    both called ${late} ms after the pairing`);
        assert.ok(late <= 5_000, `called ${late} ms after the pairing`);
        for (const { page } of [ann, bob]) await click(page, '[data-testid=tournament-call-play]');
        await Promise.all([ann, bob].map(({ page }) => page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 })));
        const table = await bob.page.evaluate(() => location.hash);
        const seat = await ownSeat(bob.page);

        // Bob's link goes silent at the table: his page says so, and Ann sees his seat offline (held for him).
        await bob.page.waitForTimeout(2_000);
        proxy.cut();
        const cut = Date.now();
        await until(
          'Bob told he is reconnecting',
          async () => /^Reconnecting/.test(await shownText(bob.page, '[data-testid=prompt]')) || null,
          15_000,
        );
        console.log(`    his page noticed after ${Date.now() - cut} ms`);
        await screenshot(bob.page, 'tournament-link-silent-phone-en');
        await until(
          'his seat offline on hers',
          async () => /^离线/.test(await shownText(ann.page, `.seats .seat[data-colour=${seat}] .conn`)) || null,
          40_000,
        );
        console.log(`    her page showed his seat offline after ${Date.now() - cut} ms`);
        await screenshot(ann.page, 'tournament-opponent-offline-phone-zh');

        // The link comes back: the same table and seat, by itself.
        proxy.restore();
        await until(
          'his seat back on hers',
          async () => !/^离线/.test(await shownText(ann.page, `.seats .seat[data-colour=${seat}] .conn`)) || null,
          30_000,
        );
        assert.equal(await bob.page.evaluate(() => location.hash), table);
        assert.equal(await ownSeat(bob.page), seat);
        assert.doesNotMatch(await shownText(bob.page, '[data-testid=prompt]'), /^Reconnecting/);

        // Ann resigns: Bob has won the tournament's only game, and the standings say so.
        await until('resigning to be allowed', () =>
          ann.page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-testid=resign]')?.disabled === false || null),
        );
        await click(ann.page, '[data-testid=resign]');
        await answerConfirm(ann.page, 'yes');
        await Promise.all([ann, bob].map(({ page }) => page.waitForSelector('[data-testid=results]', { timeout: 30_000 })));
        await click(bob.page, '[data-testid=tournament-back]');
        await until('the end', async () => /Finished/.test(await shownText(bob.page, '[data-testid=tournament-status]')) || null, 30_000);
        assert.deepEqual(await standings(bob.page), [
          ['Bob', '1'],
          ['小安', '0'],
        ]);
        await screenshot(bob.page, 'tournament-after-silence-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await Promise.all([ann.context.close(), bob.context.close()]);
        await proxy.close();
        await server.stop();
      }
    },
  },
];
