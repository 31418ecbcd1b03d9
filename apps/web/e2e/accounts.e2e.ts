/**
 * One player on every device, against the real game server, with browser contexts as devices:
 * a device linked by its code shows the same level and history, a third signs in with a name and
 * password (its own guest, with games, is kept and the page says so first), a device signed out from
 * another loses its table connection at once and starts over as a guest, a passkey is added and used
 * (Chromium's virtual authenticator). Phone and desktop, Chinese and English. The site is opened as
 * http://localhost:<port>: a secure context with a domain, as WebAuthn needs.
 */
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import type { GuestCredentials } from '@flightchess/protocol';
import { Client } from 'colyseus.js';
import type { BrowserContext, Page } from 'playwright-core';
import { type RunningServer, startGameServer } from './gameServer';
import { DESKTOP, PHONE, type TestCase, answerConfirm, click, newPage, screenshot, until, watchErrors, watchingErrors } from './support';

/** A phone that says what it is, so that its row in the device list reads "Chrome · Android". */
const ANDROID = {
  ...PHONE,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

const site = (server: RunningServer) => server.url.replace('127.0.0.1', 'localhost');

/**
 * The site as a family's other computer reaches it over plain http: by this machine's network address
 * (not a secure context). Without one, loopback by address (secure to Chromium, but still no domain).
 */
function plainHttp(server: RunningServer): { url: string; secure: boolean } {
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((i) => i?.family === 'IPv4' && !i.internal)?.address;
  return lan ? { url: server.url.replace('127.0.0.1', lan), secure: false } : { url: server.url, secure: true };
}

async function api<T>(server: RunningServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(path, server.url), {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A guest with one game in its history (against a bot, left at once): what a player brings to a new device. */
async function guestWithAGame(server: RunningServer, nickname: string): Promise<GuestCredentials> {
  const guest = await api<GuestCredentials>(server, 'POST', '/api/guests', { nickname });
  const room = await new Client(server.url).create('table', { size: 2, private: true, playerId: guest.playerId, secret: guest.secret });
  room.onMessage('*', () => undefined); // the game stream: not needed here
  room.send('add-bot', {});
  room.send('start', {});
  await until('the game to start', async () => (room.state as { status?: string }).status === 'playing' || null, 10_000);
  await room.leave(true);
  await until(
    'the game in the history',
    async () => (await api<{ games: number }>(server, 'GET', `/api/players/${guest.playerId}`)).games === 1 || null,
    15_000,
  );
  return guest;
}

/** This browser context plays as `guest` (its credentials in the page's storage, as the client keeps them). */
async function playAs(page: Page, url: string, guest: GuestCredentials): Promise<void> {
  await page.goto(`${url}?fast=1#/`);
  await page.evaluate((g) => localStorage.setItem('flightchess.player', JSON.stringify(g)), guest);
}

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('flightchess.player') ?? 'null') as GuestCredentials | null);
const text = async (page: Page, selector: string) => ((await page.textContent(selector)) ?? '').trim();

async function openProfile(page: Page, url: string, lang: 'zh-CN' | 'en'): Promise<void> {
  const me = (await stored(page))!;
  // A fresh load: going to the same page by its hash alone would find the old list still shown.
  await page.goto('about:blank');
  await page.goto(`${url}?fast=1${lang === 'en' ? '&lang=en' : ''}#/profile/${me.playerId}`);
  await page.waitForSelector('[data-testid=devices]');
}

/** "Use on another device": the dialog's code (its QR code drawn), then closed. */
async function linkCodeOn(page: Page, shot: string | null): Promise<string> {
  await click(page, '[data-testid=link-open]');
  await page.waitForSelector('[data-testid=link-dialog] [data-testid=link-qr]');
  const code = (await page.getAttribute('[data-testid=link-code]', 'data-code'))!;
  assert.match(code, /^[ACDEFGHJKMNPRTWXY34679]{8}$/);
  assert.ok((await page.getAttribute('[data-testid=link-url]', 'href'))!.endsWith(`/?link=${code}`));
  const qr = await page.$eval('[data-testid=link-qr]', (img) => ({
    w: (img as HTMLImageElement).naturalWidth,
    loaded: (img as HTMLImageElement).complete,
  }));
  assert.ok(qr.loaded && qr.w > 0, 'the QR code is drawn');
  if (shot) await screenshot(page, shot);
  await click(page, '[data-testid=link-close]');
  return code;
}

const deviceCount = (page: Page) => page.$$eval('[data-testid=device]', (items) => items.length);

export const accountCases: TestCase[] = [
  {
    name: 'accounts: link a device by code (same level and history), sign in by name and password on a third, sign out a device from another (its table closed, a new guest)',
    async run(browser) {
      // Play now's table counts down as long as any (10 s), so that the new guest leaves it before it starts.
      const server = await startGameServer('fast', { QUICK_ALONE_SECONDS: '300' });
      const url = site(server);
      const devices: { context: BrowserContext; page: Page }[] = [];
      const open = async (device: typeof PHONE | typeof DESKTOP, label: string) => {
        const d = await newPage(browser, device);
        devices.push(d);
        return { ...d, errors: watchErrors(d.page, label) };
      };
      try {
        const ann = await guestWithAGame(server, '小安');
        const desk = await open(DESKTOP, 'desk');
        const phone = await open(ANDROID, 'phone');
        const third = await open(DESKTOP, 'third');

        // A (desktop, Chinese): the profile lists this one device; a code for another.
        await playAs(desk.page, url, ann);
        await openProfile(desk.page, url, 'zh-CN');
        assert.equal(await deviceCount(desk.page), 1);
        const level = /Lv \d+/.exec(await text(desk.page, '[data-testid=profile-level]'))![0];
        const code = await linkCodeOn(desk.page, 'accounts-link-dialog-desktop-zh');

        // B (phone, English): the sign-in page (a link on home) takes the code; B is now Ann, with Ann's level and history.
        await phone.page.goto(`${url}?fast=1&lang=en#/sign-in`);
        await phone.page.waitForSelector('[data-testid=sign-in]');
        assert.equal((await phone.page.$('[data-testid=passkey-sign-in]')) !== null, true, 'passkeys are offered on localhost');
        await screenshot(phone.page, 'accounts-sign-in-phone-en');
        await phone.page.goto(`${url}?fast=1&lang=en#/`);
        await click(phone.page, '[data-testid=sign-in-link]');
        await phone.page.waitForSelector('#link-code');
        await phone.page.fill('#link-code', `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`);
        await click(phone.page, '[data-testid=link-use]');
        await phone.page.waitForSelector('[data-testid=devices]', { timeout: 15_000 });
        assert.equal((await stored(phone.page))?.playerId, ann.playerId);
        assert.notEqual((await stored(phone.page))?.secret, ann.secret, 'the phone has a secret of its own');
        assert.match(await text(phone.page, '[data-testid=profile-name]'), /小安/);
        assert.ok((await text(phone.page, '[data-testid=profile-level]')).endsWith(level), 'the same level');
        assert.equal(await phone.page.$$eval('[data-testid=recent-matches] li', (li) => li.length), 1);
        assert.equal(await deviceCount(phone.page), 2);
        await screenshot(phone.page, 'accounts-devices-phone-en');
        await linkCodeOn(phone.page, 'accounts-link-dialog-phone-en');

        // The code was used once: typed again it is refused.
        await third.page.goto(`${url}?fast=1&lang=en#/link/${code}`);
        await third.page.waitForSelector('[data-testid=sign-in-error]:not(:empty)');
        await until(
          'the refusal',
          async () => /wrong, used or expired/.test(await text(third.page, '[data-testid=sign-in-error]')) || null,
          10_000,
        );

        // A claims a login; C (desktop, English), whose own guest has played, is told first, then signs in with it.
        await openProfile(desk.page, url, 'zh-CN');
        assert.equal(await deviceCount(desk.page), 2);
        await screenshot(desk.page, 'accounts-devices-desktop-zh');
        await desk.page.fill('#login-name', 'Ann.Li');
        await desk.page.fill('#login-password', 'correct horse battery');
        await click(desk.page, '[data-testid=login-save]');
        await until('the login saved', async () => (await text(desk.page, '[data-testid=login-state]')).includes('Ann.Li') || null, 10_000);
        const cy = await guestWithAGame(server, 'Cy');
        await playAs(third.page, url, cy);
        await third.page.goto(`${url}?fast=1&lang=en#/sign-in`);
        await third.page.waitForSelector('[data-testid=switch-warning]');
        assert.match(await text(third.page, '[data-testid=switch-warning]'), /Cy \(Lv \d+, games played: 1\) stays on the server/);
        await third.page.fill('#sign-in-name', 'ann.li');
        await third.page.fill('#sign-in-password', 'wrong password');
        await click(third.page, '[data-testid=sign-in]');
        await until(
          'the refusal',
          async () => (await text(third.page, '[data-testid=sign-in-error]')).includes('Wrong login name or password') || null,
          10_000,
        );
        await third.page.fill('#sign-in-password', 'correct horse battery');
        await screenshot(third.page, 'accounts-sign-in-desktop-en');
        await click(third.page, '[data-testid=sign-in]');
        await third.page.waitForSelector('[data-testid=devices]', { timeout: 15_000 });
        assert.equal((await stored(third.page))?.playerId, ann.playerId);
        assert.equal(await deviceCount(third.page), 3);
        // Cy is kept as Cy was: nothing merged.
        const cyNow = await api<{ games: number; nickname: string }>(server, 'GET', `/api/players/${cy.playerId}`);
        assert.deepEqual([cyNow.nickname, cyNow.games], ['Cy', 1]);

        // B sits at a table; A signs B out: B's table connection closes at once and B says it is signed out.
        await phone.page.goto(`${url}?fast=1&lang=en#/friends`);
        await phone.page.waitForSelector('[data-testid=create]');
        await phone.page.selectOption('#create-seats', '2');
        await click(phone.page, '[data-testid=create]');
        await phone.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        // Seated under the player's own name: linking took the name along (no rename to a made-up one).
        assert.equal((await api<{ nickname: string }>(server, 'GET', `/api/players/${ann.playerId}`)).nickname, '小安');
        await openProfile(desk.page, url, 'zh-CN');
        const phoneRow = desk.page.locator('[data-testid=device][data-current=false]', { hasText: 'Android' });
        await phoneRow.locator('[data-testid=device-sign-out]').click();
        // Asked first, in the page, by keyboard: "Cancel" has the focus and Escape keeps the device signed in; Tab, Enter signs it out.
        await desk.page.waitForSelector('[data-testid=confirm-dialog]');
        const focused = () => desk.page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
        assert.equal(await focused(), 'confirm-no', 'the safe answer has the focus');
        await screenshot(desk.page, 'accounts-sign-out-confirm-desktop-zh');
        await desk.page.keyboard.press('Escape');
        await desk.page.waitForSelector('[data-testid=confirm-dialog]', { state: 'detached' });
        assert.equal(await deviceCount(desk.page), 3);
        await phoneRow.locator('[data-testid=device-sign-out]').click();
        await desk.page.waitForSelector('[data-testid=confirm-dialog]');
        await desk.page.keyboard.press('Tab');
        assert.equal(await focused(), 'confirm-yes');
        await desk.page.keyboard.press('Enter');
        await phone.page.waitForSelector('[data-testid=signed-out]', { timeout: 5_000 });
        assert.match(await text(phone.page, '[data-testid=signed-out]'), /no longer signed in as 小安/);
        assert.equal(await stored(phone.page), null, 'the phone forgot the secret');
        await screenshot(phone.page, 'accounts-signed-out-phone-en');
        await until('two devices left', async () => (await deviceCount(desk.page)) === 2 || null, 10_000);

        // B starts over as a new guest: play now makes one; then a link from A brings it back to Ann.
        await click(phone.page, '[data-testid=signed-out-home]');
        await phone.page.waitForSelector('[data-testid=play-now]');
        assert.equal(await phone.page.$('[data-testid=home-signed-out]'), null, 'said once');
        await click(phone.page, '[data-testid=play-now]');
        await phone.page.waitForSelector('[data-testid=lobby]', { timeout: 20_000 });
        const fresh = (await stored(phone.page))!;
        assert.notEqual(fresh.playerId, ann.playerId);
        await click(phone.page, '[data-testid=leave-table]');
        await phone.page.waitForSelector('[data-testid=play-now]');
        const again = await linkCodeOn(desk.page, null);
        await phone.page.goto(`${url}?link=${again}`);
        await phone.page.waitForSelector('[data-testid=devices]', { timeout: 15_000 });
        assert.equal((await stored(phone.page))?.playerId, ann.playerId);

        const errors = [...desk.errors, ...phone.errors, ...third.errors].filter((e) => !/status of 40[14]/.test(e));
        assert.deepEqual(errors, []);
      } finally {
        for (const d of devices) await d.context.close();
        await server.stop();
      }
    },
  },
  {
    name: 'accounts: a passkey added on one device signs in on another (virtual authenticator); this device signed out shows it; over plain http by address no passkeys are offered and a code links the device',
    async run(browser) {
      const server = await startGameServer();
      const url = site(server);
      const desk = await newPage(browser, DESKTOP);
      const phone = await newPage(browser, PHONE);
      const bare = await newPage(browser, PHONE);
      const errors = watchingErrors([desk.page, 'desk'], [phone.page, 'phone'], [bare.page, 'bare']);
      try {
        const ann = await api<GuestCredentials>(server, 'POST', '/api/guests', { nickname: 'Ann' });
        const authenticator = async (page: Page) => {
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('WebAuthn.enable');
          const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
            options: {
              protocol: 'ctap2',
              transport: 'internal',
              hasResidentKey: true,
              hasUserVerification: true,
              isUserVerified: true,
              automaticPresenceSimulation: true,
            },
          });
          return { cdp, authenticatorId };
        };
        const deskKey = await authenticator(desk.page);
        await playAs(desk.page, url, ann);
        await openProfile(desk.page, url, 'en');
        await click(desk.page, '[data-testid=passkey-add]');
        await desk.page.waitForSelector('[data-testid=passkeys] li', { timeout: 15_000 });
        const { credentials } = await deskKey.cdp.send('WebAuthn.getCredentials', { authenticatorId: deskKey.authenticatorId });
        assert.equal(credentials.length, 1);
        assert.equal(credentials[0]!.isResidentCredential, true);

        // The same passkey on the phone (as a synced passkey would be): it signs in as Ann, a device of its own.
        const phoneKey = await authenticator(phone.page);
        await phoneKey.cdp.send('WebAuthn.addCredential', { authenticatorId: phoneKey.authenticatorId, credential: credentials[0]! });
        await phone.page.goto(`${url}?fast=1#/sign-in`);
        await phone.page.waitForSelector('[data-testid=passkey-sign-in]');
        await screenshot(phone.page, 'accounts-sign-in-phone-zh');
        await click(phone.page, '[data-testid=passkey-sign-in]');
        await phone.page.waitForSelector('[data-testid=devices]', { timeout: 15_000 });
        assert.equal((await stored(phone.page))?.playerId, ann.playerId);
        assert.equal(await deviceCount(phone.page), 2);

        // The desk signs itself out: it says so, and the phone signs in no more as that device.
        await openProfile(desk.page, url, 'en');
        await desk.page.locator('[data-testid=device][data-current=true] [data-testid=device-sign-out]').click();
        await answerConfirm(desk.page, 'yes', 'accounts-sign-out-this-confirm-desktop-en');
        await desk.page.waitForSelector('[data-testid=signed-out]');
        await screenshot(desk.page, 'accounts-signed-out-desktop-en');
        await desk.page.goto(`${url}?fast=1#/`);
        await desk.page.waitForSelector('[data-testid=home-signed-out]');
        await screenshot(desk.page, 'accounts-home-signed-out-desktop-zh');
        await openProfile(phone.page, url, 'zh-CN');
        assert.equal(await deviceCount(phone.page), 1);

        // Plain http by the machine's address: no passkeys there (the option is not shown), but a code links the device.
        const plain = plainHttp(server);
        await bare.page.goto(`${plain.url}?fast=1#/sign-in`);
        await bare.page.waitForSelector('[data-testid=sign-in]');
        assert.equal(await bare.page.evaluate(() => window.isSecureContext), plain.secure);
        assert.equal(await bare.page.$('[data-testid=passkey-sign-in]'), null);
        const code = await linkCodeOn(phone.page, null);
        await bare.page.fill('#link-code', code);
        await click(bare.page, '[data-testid=link-use]');
        await bare.page.waitForSelector('[data-testid=devices]', { timeout: 15_000 });
        assert.equal((await stored(bare.page))?.playerId, ann.playerId);
        assert.deepEqual(errors, []);
      } finally {
        for (const d of [desk, phone, bare]) await d.context.close();
        await server.stop();
      }
    },
  },
];
