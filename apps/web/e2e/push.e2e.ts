/**
 * Web Push as a person meets it, at the server's default pace: Bob turns notifications on for his phone;
 * a friend request while he looks at the page rings the bell and is not pushed; with the page closed it
 * is pushed — to a push service run by this test, which decrypts it with the keys only Bob's browser
 * would hold; in his sleep hours nothing comes, and when they end, one summary; in English once he
 * switches. (Headless Chromium has no push service of its own: the page's PushManager hands out this
 * test's subscription; everything else — the page, its service worker, the server — is real.)
 */
import assert from 'node:assert/strict';
import { type GuestCredentials, PUSH_KINDS, type PushSettings } from '@flightchess/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { type TestDevice, TestPushService } from '../../server/test/support/pushService';
import { startGameServer } from './gameServer';
import { PHONE, type TestCase, click, newPage, openHome, screenshot, storedPlayer, until, watchErrors } from './support';

/**
 * The browser's PushManager, giving out the test's subscription (kept across reloads, as a browser keeps its
 * own). Written as the page's own script: a function from here would carry tsx's name helper along.
 */
const fakePushManager = (subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) => `
  (() => {
    const SUBSCRIPTION = ${JSON.stringify(subscription)};
    const KEY = 'test.push.subscribed';
    const made = () => ({
      endpoint: SUBSCRIPTION.endpoint,
      expirationTime: null,
      toJSON: () => ({ endpoint: SUBSCRIPTION.endpoint, expirationTime: null, keys: SUBSCRIPTION.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return made();
    };
    PushManager.prototype.getSubscription = async function () {
      return localStorage.getItem(KEY) ? made() : null;
    };
  })();
`;

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  assert.ok(res.ok, `${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Bob's friends screen, in a new page of his phone. */
async function friendsPage(context: BrowserContext, url: string, lang: 'zh-CN' | 'en' = 'zh-CN'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}${lang === 'en' ? '?lang=en' : ''}#/friends`);
  await page.waitForSelector('[data-testid=push-toggle]');
  return page;
}

/** Close the page as a person does (its last word, hidden, goes out as it closes), and give that word a moment to land. */
async function closePage(page: Page): Promise<void> {
  await page.close({ runBeforeUnload: true });
  await new Promise((r) => setTimeout(r, 2000));
}

/** Now in Shanghai, as "HH:MM" `shift` minutes away. */
const shanghai = (shift: number) => {
  const minute = ((((new Date().getUTCHours() + 8) * 60 + new Date().getUTCMinutes() + shift) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};

export const pushCases: TestCase[] = [
  {
    name: 'notifications: turned on for a phone; a friend request not pushed while Bob looks at the page, pushed once it is closed (decrypted at the test’s push service); none in his sleep hours, then one summary; worded in English once he switches',
    async run(browser) {
      const service = new TestPushService();
      await service.start();
      const server = await startGameServer('default', { PUSH_SERVICES: service.origin });
      const device: TestDevice = service.device('bob-phone');
      const bob = await newPage(browser, PHONE, { timezoneId: 'Asia/Shanghai' });
      await bob.context.grantPermissions(['notifications'], { origin: server.url });
      await bob.context.addInitScript({ content: fakePushManager(device.subscription) });
      const errors = watchErrors(bob.page, 'bob');
      const asker = async (nickname: string) => {
        const guest = await post<GuestCredentials>(server.url, 'api/guests', { nickname });
        return async (to: string) => post(server.url, 'api/friends/requests', { playerId: guest.playerId, secret: guest.secret, to });
      };
      try {
        await openHome(bob.page, server.url, '小波', 'zh-CN', false);
        await click(bob.page, '[data-testid=mode-friends]');
        await bob.page.waitForSelector('[data-testid=friend-own-code]');
        await bob.page.waitForSelector('[data-testid=push-toggle]');
        assert.equal(await bob.page.textContent('[data-testid=push-toggle]'), '在这台设备上接收通知');
        await click(bob.page, '[data-testid=push-toggle]');
        await until(
          'notifications on',
          async () => (await bob.page.textContent('[data-testid=push-toggle]')) === '关闭这台设备的通知' || null,
          15_000,
        );
        assert.equal(await bob.page.locator('[data-testid^=push-kind-]').count(), PUSH_KINDS.length);
        await bob.page.locator('[data-testid=push-panel]').scrollIntoViewIfNeeded();
        await screenshot(bob.page, 'push-on-phone-zh');
        const me = await storedPlayer(bob.page);

        // Bob looks at his page: the request rings the bell there, and nothing is pushed.
        await (
          await asker('Ann')
        )(me.playerId);
        await until('the bell', async () => (await bob.page.textContent('[data-testid=bell-count]'))?.trim() === '1' || null, 5_000);
        // (Pushes go after the request is answered: a moment for one that should not come.)
        await new Promise((r) => setTimeout(r, 500));
        assert.deepEqual(service.to(device), []);

        // His page closed (its last word: hidden): the next one is pushed, in his language.
        await closePage(bob.page);
        await (
          await asker('Cat')
        )(me.playerId);
        await until('the push', async () => service.to(device).length === 1 || null, 10_000, 100);
        assert.deepEqual(service.to(device)[0]!.payload, { kind: 'friend-request', from: 'Cat', lang: 'zh-CN' });

        // Sleep hours around now, where he lives: set on the page, held while it is closed, one summary when they end.
        let page = await friendsPage(bob.context, server.url);
        await click(page, '#push-quiet');
        await until('the hours editable', async () => (await page.$('input[type=time]:not([disabled])')) !== null || null, 5_000);
        const [from, to] = [shanghai(-60), shanghai(60)];
        await page.fill('[aria-label=睡眠时段开始]', from);
        await page.fill('[aria-label=睡眠时段结束]', to);
        const quiet = {
          from: Number(from.slice(0, 2)) * 60 + Number(from.slice(3)),
          to: Number(to.slice(0, 2)) * 60 + Number(to.slice(3)),
        };
        await until(
          'the sleep hours stored',
          async () => {
            const settings = await post<PushSettings>(server.url, 'api/push', { playerId: me.playerId, secret: me.secret });
            return (
              (settings.quiet?.from === quiet.from && settings.quiet.to === quiet.to && settings.quiet.timeZone === 'Asia/Shanghai') || null
            );
          },
          5_000,
        );
        await page.locator('[data-testid=push-panel]').scrollIntoViewIfNeeded();
        await screenshot(page, 'push-sleep-hours-phone-zh');
        await closePage(page);
        await (
          await asker('Dan')
        )(me.playerId);
        await (
          await asker('Eve')
        )(me.playerId);
        await new Promise((r) => setTimeout(r, 500));
        assert.equal(service.to(device).length, 1, 'nothing pushed in the sleep hours');
        page = await friendsPage(bob.context, server.url);
        await until('the hours shown', async () => (await page.isChecked('#push-quiet')) || null, 5_000);
        await click(page, '#push-quiet');
        await until('the summary', async () => service.to(device).length === 2 || null, 10_000, 100);
        assert.deepEqual(service.to(device)[1]!.payload, { kind: 'summary', counts: { 'friend-request': 2 }, lang: 'zh-CN' });

        // In English: the panel, and the next push.
        await click(page, '#lang');
        await until(
          'English',
          async () => (await page.textContent('[data-testid=push-toggle]')) === 'Turn off notifications on this device' || null,
          5_000,
        );
        await page.locator('[data-testid=push-panel]').scrollIntoViewIfNeeded();
        await screenshot(page, 'push-on-phone-en');
        await page.waitForSelector('[data-testid=push-panel][data-lang=en]', { timeout: 10_000 });
        await closePage(page);
        await (
          await asker('Fay')
        )(me.playerId);
        await until('the English push', async () => service.to(device).length === 3 || null, 10_000, 100);
        assert.deepEqual(service.to(device)[2]!.payload, { kind: 'friend-request', from: 'Fay', lang: 'en' });
        assert.deepEqual(errors, []);
      } finally {
        await bob.context.close();
        await server.stop();
        await service.stop();
      }
    },
  },
];
