/**
 * Friends as people meet them, at the server's default pace: one sends her friend link, the other opens it
 * and asks; she sees the request arrive on the page she has open and accepts; each then sees the other
 * online, sees him go offline when he closes his page (5 s later: a reload shows nothing) and come back,
 * then is invited to her private table (declines, then joins in one tap, no code), sees her at a table
 * waiting and playing, and watches her game in one tap. Also: an invitation nobody answers expires (2 minutes);
 * a player asks a watcher of her game from the watcher list; a block refuses a request, saying why; "appear
 * offline" hides a player from his friends and back; a player whose link goes silent is shown offline. Two
 * phones, Chinese and English, screenshots of each step.
 */
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { blackHole } from './blackHole';
import { type RunningServer, startGameServer } from './gameServer';
import {
  PHONE,
  type TestCase,
  click,
  newPage,
  openHome,
  screenshot,
  startTable,
  storedPlayer,
  until,
  watchErrors,
  watchingErrors,
} from './support';

/** A friend's row on the page: its state (data-state) and words. */
const friendRow = (page: Page, name: string) =>
  page.evaluate((n) => {
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid=friend]')].find(
      (r) => r.querySelector('.friend-name')?.textContent === n,
    );
    return row ? { state: row.dataset.state ?? '', words: row.querySelector('[data-testid=friend-state]')?.textContent ?? '' } : null;
  }, name);

/** Wait until the friend shows in `state`; how long it took. */
async function seen(page: Page, name: string, state: string, ms = 10_000): Promise<number> {
  const started = Date.now();
  await until(`${name} shown ${state}`, async () => (await friendRow(page, name))?.state === state || null, ms);
  return Date.now() - started;
}

/** Ann (Chinese) and Bob (English) on two phones, the server at its default pace: `story`, then its pages' errors checked and all closed. */
async function twoPhones(
  browser: Browser,
  story: (people: { server: RunningServer; ann: Page; bob: Page }) => Promise<void>,
): Promise<void> {
  const server = await startGameServer('default');
  const ann = await newPage(browser, PHONE);
  const bob = await newPage(browser, PHONE, { locale: 'en' });
  const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob']);
  try {
    await story({ server, ann: ann.page, bob: bob.page });
    assert.deepEqual(errors, []);
  } finally {
    await Promise.all([ann.context.close(), bob.context.close()]);
    await server.stop();
  }
}

/**
 * Ann and Bob on their friends pages (Bob's at `bobUrl`: the server, or a proxy in front of it), made
 * friends through the API (the case is about what follows); she sees him online.
 */
async function befriended(server: RunningServer, ann: Page, bob: Page, bobUrl = server.url): Promise<void> {
  for (const [page, url, name, lang] of [
    [ann, server.url, '小安', 'zh-CN'],
    [bob, bobUrl, 'Bob', 'en'],
  ] as const) {
    await openHome(page, url, name, lang, false);
    await click(page, '[data-testid=mode-friends]');
    await page.waitForSelector('[data-testid=friend-own-code]');
  }
  const [a, b] = [await storedPlayer(ann), await storedPlayer(bob)];
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('api/friends/requests', { playerId: a.playerId, secret: a.secret, to: b.playerId });
  await post('api/friends/requests/accept', { playerId: b.playerId, secret: b.secret, from: a.playerId });
  await seen(ann, 'Bob', 'online');
}

export const friendsCases: TestCase[] = [
  {
    name: 'friends: his link goes silent (a proxy stops forwarding): she sees him offline within about 2 minutes, and online again when it is back (phone, zh and en)',
    run: (browser) =>
      twoPhones(browser, async ({ server, ann, bob }) => {
        const proxy = await blackHole(server.url);
        try {
          await befriended(server, ann, bob, proxy.url);
          proxy.cut();
          const cut = Date.now();
          // Nothing closes: the server's writes to his stream go into the proxy, which never says a word.
          const gone = await seen(ann, 'Bob', 'offline', 180_000);
          console.log(`    shown offline ${gone} ms after the link went silent`);
          assert.ok(gone >= 90_000 && gone <= 160_000, `shown offline after ${Date.now() - cut} ms`);
          assert.match((await friendRow(ann, 'Bob'))!.words, /离线/);
          await screenshot(ann, 'friends-silent-link-offline-phone-zh');
          proxy.restore();
          const back = await seen(ann, 'Bob', 'online', 30_000);
          console.log(`    online again ${back} ms after the link came back`);
          await seen(bob, '小安', 'online');
          await screenshot(bob, 'friends-silent-link-back-phone-en');
        } finally {
          await proxy.close();
        }
      }),
  },
  {
    name: 'friends: “appear offline” — his friend sees him offline at once and online when he turns it off; it stays set after a reload (phone, zh and en)',
    run: (browser) =>
      twoPhones(browser, async ({ server, ann, bob }) => {
        await befriended(server, ann, bob);
        await seen(bob, '小安', 'online');
        await bob.waitForSelector('#appear-offline');
        await click(bob, '#appear-offline');
        const hidden = await seen(ann, 'Bob', 'offline', 5_000);
        assert.ok(hidden < 2_000, `shown offline after ${hidden} ms`);
        assert.equal(await bob.isChecked('#appear-offline'), true);
        // He still sees her: appearing offline hides him, not his friends.
        assert.equal((await friendRow(bob, '小安'))?.state, 'online');
        await screenshot(ann, 'friends-appear-offline-phone-zh');
        await bob.reload();
        await bob.waitForSelector('[data-testid=friend-own-code]');
        await until('the box still set', async () => (await bob.isChecked('#appear-offline')) || null, 5_000);
        await screenshot(bob, 'friends-appear-offline-phone-en');
        assert.equal((await friendRow(ann, 'Bob'))?.state, 'offline', 'his reload did not show him');
        await click(bob, '#appear-offline');
        const back = await seen(ann, 'Bob', 'online', 5_000);
        assert.ok(back < 2_000, `shown online again after ${back} ms`);
      }),
  },
  {
    name: 'friends: an invitation nobody answers expires after 2 minutes: gone from the invitee’s page, “expired” on the host’s (phone, zh and en)',
    run: (browser) =>
      twoPhones(browser, async ({ server, ann, bob }) => {
        // Friends already (asked and accepted through the API: the people's part is the invitation).
        await befriended(server, ann, bob);

        await ann.selectOption('#create-seats', '3');
        await click(ann, '[data-testid=create]');
        await ann.waitForSelector('[data-testid=invite-button]', { timeout: 20_000 });
        await click(ann, '[data-testid=invite-button]');
        await bob.waitForSelector('[data-testid=table-invitation]:not([hidden])', { timeout: 5_000 });
        const invited = Date.now();
        await until(
          '已邀请',
          async () => /已邀请，等回复/.test((await ann.textContent('[data-testid=invite-panel]')) ?? '') || null,
          5_000,
        );

        // Nobody answers: two minutes on, his banner goes by itself and her list says it expired.
        await bob.waitForSelector('[data-testid=table-invitation]', { state: 'hidden', timeout: 150_000 });
        const after = Date.now() - invited;
        assert.ok(after >= 115_000, `the banner went after ${after} ms`);
        await until(
          '邀请已过期',
          async () => /邀请已过期/.test((await ann.textContent('[data-testid=invite-panel]')) ?? '') || null,
          15_000,
        );
        await screenshot(ann, 'friends-invitation-expired-phone-zh');
        await click(ann, '#lang');
        await until(
          'expired in English',
          async () => /The invitation expired/.test((await ann.textContent('[data-testid=invite-panel]')) ?? '') || null,
          5_000,
        );
        await screenshot(ann, 'friends-invitation-expired-phone-en');
      }),
  },
  {
    name: 'friends: befriend by link, the request arrives live, online and offline after the page closes, invited to a private table (declined, then seated in one tap), waiting and playing, watch in one tap',
    async run(browser) {
      const server = await startGameServer('default');
      const ann = await newPage(browser, PHONE);
      let bob = await newPage(browser, PHONE, { locale: 'en' });
      const errors = watchingErrors([ann.page, 'ann'], [bob.page, 'bob']);
      try {
        // Ann (Chinese) opens "play with friends": her friends (none yet), her friend code and link.
        await openHome(ann.page, server.url, '小安', 'zh-CN', false);
        await click(ann.page, '[data-testid=mode-friends]');
        await ann.page.waitForSelector('[data-testid=friend-own-code]');
        const code = /([2-9A-Z]{4})-([2-9A-Z]{4})/.exec((await ann.page.textContent('[data-testid=friend-own-code]'))!)!;
        await screenshot(ann.page, 'friends-empty-phone-zh');

        // Bob (English) opens her link and asks.
        await openHome(bob.page, server.url, 'Bob', 'en', false);
        await bob.page.goto(`${server.url}?lang=en#/friend/${code[1]}${code[2]}`);
        await bob.page.waitForSelector('[data-testid=friend-link-ask]');
        await until(
          'her name on the page',
          async () => /小安/.test((await bob.page.textContent('[data-testid=friend-link-question]')) ?? '') || null,
          5_000,
        );
        await screenshot(bob.page, 'friends-link-phone-en');
        await click(bob.page, '[data-testid=friend-link-ask]');
        await bob.page.waitForSelector('[data-testid=friend-link-done]');
        assert.match((await bob.page.textContent('[data-testid=friend-link-done]'))!, /Friend request sent to 小安/);

        // The request shows on Ann's open page without a reload; she accepts.
        const arrived = Date.now();
        await ann.page.waitForSelector('[data-testid=friend-request]', { timeout: 5_000 });
        assert.ok(Date.now() - arrived < 2_000, 'the request arrives within 2 s');
        assert.match((await ann.page.textContent('[data-testid=friend-request]'))!, /Bob 想加你为好友/);
        await screenshot(ann.page, 'friends-request-phone-zh');
        // The bell says so too; opened, it lists the notice and reads it.
        await until('the bell at 1', async () => (await ann.page.textContent('[data-testid=bell-count]'))?.trim() === '1' || null, 5_000);
        await click(ann.page, '[data-testid=bell]');
        await ann.page.waitForSelector('[data-testid=bell-item]');
        assert.match((await ann.page.textContent('[data-testid=bell-list]'))!, /Bob 想加你为好友/);
        await screenshot(ann.page, 'friends-bell-phone-zh');
        await ann.page.waitForSelector('[data-testid=bell-count]', { state: 'hidden' });
        await click(ann.page, '[data-testid=bell]');
        await click(ann.page, '[data-testid=friend-accept]');

        // Bob's friends: 小安, online; hers: Bob, online.
        await bob.page.goto(`${server.url}?lang=en#/friends`);
        assert.ok((await seen(bob.page, '小安', 'online')) < 2_000);
        assert.ok((await seen(ann.page, 'Bob', 'online')) < 2_000);
        assert.equal((await friendRow(bob.page, '小安'))!.words, 'Online');
        await screenshot(ann.page, 'friends-online-phone-zh');

        // Bob closes his page: after the 5 s grace (a reload would not show), Ann's list says he is offline, seen just now.
        const player = await bob.page.evaluate(() => localStorage.getItem('flightchess.player'));
        await bob.context.close();
        const gone = await seen(ann.page, 'Bob', 'offline', 15_000);
        assert.ok(gone >= 4_000 && gone < 8_000, `offline ${gone} ms after the page closed`);
        assert.match((await friendRow(ann.page, 'Bob'))!.words, /离线 · 刚刚来过/);
        await screenshot(ann.page, 'friends-offline-phone-zh');

        // He comes back (the same player on a new page): online again for her.
        bob = await newPage(browser, PHONE, { locale: 'en' });
        watchErrors(bob.page, 'bob again', errors);
        await bob.context.addInitScript((p) => localStorage.setItem('flightchess.player', p), player!);
        await bob.page.goto(`${server.url}?lang=en#/friends`);
        assert.ok((await seen(ann.page, 'Bob', 'online')) < 2_000);

        // At her private table she invites him from the list of friends online; the call shows on his page at once.
        await ann.page.selectOption('#create-seats', '3');
        await click(ann.page, '[data-testid=create]');
        await ann.page.waitForSelector('[data-testid=invite-button]', { timeout: 20_000 });
        await screenshot(ann.page, 'friends-invite-panel-phone-zh');
        await click(ann.page, '[data-testid=invite-button]');
        const called = Date.now();
        await bob.page.waitForSelector('[data-testid=table-invitation]:not([hidden])', { timeout: 5_000 });
        assert.ok(Date.now() - called < 2_000, 'the invitation shows within 2 s');
        assert.match(
          (await bob.page.textContent('[data-testid=table-invitation]'))!,
          /小安 invites you to a table · 3 players · [12]:\d\d/,
        );
        await screenshot(bob.page, 'friends-invitation-phone-en');
        // He declines: her list says so, and she may invite him again.
        await click(bob.page, '[data-testid=table-invitation-decline]');
        await until(
          'declined shown to her',
          async () => /拒绝了邀请/.test((await ann.page.textContent('[data-testid=invite-panel]')) ?? '') || null,
          5_000,
        );
        await bob.page.waitForSelector('[data-testid=table-invitation]', { state: 'hidden' });
        await click(ann.page, '[data-testid=invite-button]');
        await bob.page.waitForSelector('[data-testid=table-invitation]:not([hidden])', { timeout: 5_000 });
        // One tap: he sits at her private table, no code typed.
        await click(bob.page, '[data-testid=table-invitation-join]');
        await bob.page.waitForSelector('[data-testid=lobby]', { timeout: 10_000 });
        await until(
          'him seated at her table',
          async () => ((await ann.page.textContent('[data-testid=lobby]')) ?? '').includes('Bob') || null,
          5_000,
        );
        // Seated, he is no longer among the friends to invite (the seats show him).
        await until(
          'him gone from her list',
          async () => !((await ann.page.textContent('[data-testid=invite-panel]')) ?? '').includes('Bob') || null,
          5_000,
        );
        await screenshot(ann.page, 'friends-invite-accepted-phone-zh');
        await screenshot(bob.page, 'friends-invited-seated-phone-en');
        // Both go back to their friends (leaving a table before its game is just leaving).
        await ann.page.goto(`${server.url}#/friends`);
        await bob.page.goto(`${server.url}?lang=en#/friends`);
        await seen(bob.page, '小安', 'online');

        // She sits at a table (public, to be watched): Bob sees her waiting, then playing, within 2 s each.
        await ann.page.selectOption('#create-seats', '2');
        await ann.page.uncheck('#create-private');
        await click(ann.page, '[data-testid=create]');
        assert.ok((await seen(bob.page, '小安', 'waiting')) < 2_000);
        assert.match((await friendRow(bob.page, '小安'))!.words, /At a table, waiting for the game · 2 players/);
        await screenshot(bob.page, 'friends-waiting-phone-en');
        await ann.page.waitForSelector('[data-testid=start]:not([disabled])', { timeout: 20_000 });
        await click(ann.page, '[data-testid=start]');
        assert.ok((await seen(bob.page, '小安', 'playing')) < 2_000);
        assert.match((await friendRow(bob.page, '小安'))!.words, /Playing · 2 players · \d+% home/);
        await screenshot(bob.page, 'friends-playing-phone-en');

        // One tap: Bob watches her game.
        await click(bob.page, '[data-testid=friend-watch]');
        await bob.page.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });
        await screenshot(bob.page, 'friends-watching-phone-en');
        assert.deepEqual(errors, []);
      } finally {
        await Promise.all([ann.context.close(), bob.context.close().catch(() => undefined)]);
        await server.stop();
      }
    },
  },
  {
    name: 'friends: a watcher asked from the watcher list; blocked, a request is refused with a reason (phone, zh and en)',
    run: (browser) =>
      twoPhones(browser, async ({ server, ann, bob }) => {
        // Ann plays at a public table; Bob watches it.
        await openHome(ann, server.url, '小安', 'zh-CN', false);
        await click(ann, '[data-testid=mode-friends]');
        await ann.waitForSelector('[data-testid=create]');
        await ann.selectOption('#create-seats', '2');
        await ann.uncheck('#create-private');
        await click(ann, '[data-testid=create]');
        await startTable(ann);
        const roomId = decodeURIComponent(/#\/table\/([^/?]+)/.exec(ann.url())![1]!);
        await openHome(bob, server.url, 'Bob', 'en', false);
        await bob.goto(`${server.url}?lang=en#/watch/${encodeURIComponent(roomId)}`);
        await bob.waitForSelector('[data-testid=board] canvas', { timeout: 20_000 });

        // She opens the list of who watches: Bob, asked in one tap.
        await until('1 人观战', async () => (await ann.textContent('[data-testid=watchers-count]'))?.trim() === '1 人观战' || null, 10_000);
        await click(ann, '[data-testid=watchers-count]');
        await ann.waitForSelector('[data-testid=watchers-list] [data-testid=friend-from-table]');
        assert.equal(await ann.textContent('[data-testid=watchers-list] [data-testid=friend-from-table]'), '加 Bob 为好友');
        await screenshot(ann, 'friends-watcher-list-phone-zh');
        await click(ann, '[data-testid=watchers-list] [data-testid=friend-from-table]');
        await until(
          'sent',
          async () =>
            (await ann.textContent('[data-testid=watchers-list] [data-testid=friend-from-table]')) === '已向 Bob 发送请求' || null,
          5_000,
        );
        await until('his bell', async () => (await bob.textContent('[data-testid=bell-count]'))?.trim() === '1' || null, 5_000);

        // He blocks her (from her profile): her request is gone, and asking again is refused, saying why.
        const annId = (await storedPlayer(ann)).playerId;
        await bob.goto(`${server.url}?lang=en#/profile/${annId}`);
        await bob.waitForSelector('[data-testid=block-player]');
        await click(bob, '[data-testid=block-player]');
        await until(
          'blocked',
          async () => (await bob.getAttribute('[data-testid=block-player]', 'aria-pressed')) === 'true' || null,
          5_000,
        );
        await bob.goto(`${server.url}?lang=en#/friends`);
        await bob.waitForSelector('[data-testid=friend-own-code]');
        // Told on his page's stream, which writes at most every 250 ms: gone soon, not at once.
        await until('no request from her any more', async () => (await bob.$('[data-testid=friend-request]')) === null || null, 3_000);
        await ann.goto(`${server.url}#/friends`);
        await ann.waitForSelector('[data-testid=friend-own-code]');
        const bobsCode = /([2-9A-Z]{4}-[2-9A-Z]{4})/.exec((await bob.textContent('[data-testid=friend-own-code]'))!)![1]!;
        await ann.fill('#friend-code', bobsCode);
        await click(ann, '[data-testid=friend-ask]');
        await until(
          'refused',
          async () => /你们之间有一方屏蔽了对方/.test((await ann.textContent('[data-testid=friends-said]')) ?? '') || null,
          5_000,
        );
        await screenshot(ann, 'friends-blocked-phone-zh');
        await click(ann, '#lang');
        await click(ann, '[data-testid=friend-ask]');
        await until(
          'refused in English',
          async () => /One of you has blocked the other/.test((await ann.textContent('[data-testid=friends-said]')) ?? '') || null,
          5_000,
        );
        await screenshot(ann, 'friends-blocked-phone-en');
      }),
  },
];
