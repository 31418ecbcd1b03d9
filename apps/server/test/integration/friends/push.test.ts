import type { PushKey, PushSettings, VisibleAnswer } from '@flightchess/protocol';
import { newVapidKeys } from '../../../src/push/pushSender';
import { type Guest, create, credentials, getJson, newGuest, postJson, sleep, waitFor } from '../../support/players';
import { type TestDevice, TestPushService } from '../../support/pushService';
import { type TestServer, startTestServer } from '../../support/server';

const service = new TestPushService();
let t: TestServer;

beforeAll(async () => {
  await service.start();
  t = await startTestServer({ pushServices: [service.origin] });
});
afterAll(async () => {
  await t.close();
  await service.stop();
});

const ALL = ['friend-request', 'friend-accepted', 'invitation'] as const;

async function subscribe(g: Guest, device: TestDevice, kinds: readonly string[] = ALL, lang = 'en') {
  return postJson<PushSettings>(t, '/api/push/subscribe', { ...credentials(g), subscription: device.subscription, kinds, lang });
}
const ask = (from: Guest, to: Guest) => postJson(t, '/api/friends/requests', { ...credentials(from), to: to.playerId });
/** The claims of a push's VAPID token (`Authorization: vapid t=<JWT>, k=<key>`). */
const claimsOf = (authorization: string | string[] | undefined) =>
  JSON.parse(Buffer.from(/^vapid t=[\w-]+\.([\w-]+)\./.exec(String(authorization))![1]!, 'base64url').toString()) as {
    aud: string;
    sub: string;
  };
/** The UTC minute of day now, give or take. */
const minuteNow = () => {
  const d = new Date();
  return d.getUTCHours() * 60 + d.getUTCMinutes();
};

describe('Web Push: a notice reaches a device whose page is closed or hidden', () => {
  test('the VAPID keys are made once and kept: the key served is the stored one, and a second start finds it', async () => {
    const { body } = await getJson<PushKey>(t, '/api/push/key');
    expect(Buffer.from(body.key, 'base64url')).toHaveLength(65);
    expect((await t.storage.push.keys(newVapidKeys, Date.now())).publicKey).toBe(body.key);
  });

  test('a friend request is pushed to each device that takes it, encrypted for it, signed, with its kind as topic', async () => {
    const [ann, bob] = [await newGuest(t, 'Ann'), await newGuest(t, 'Bob')];
    const [phone, laptop, invitesOnly] = [service.device(), service.device(), service.device()];
    expect((await subscribe(bob, phone, ALL, 'zh-CN')).status).toBe(201);
    expect((await subscribe(bob, laptop)).body).toEqual({ quiet: null, kinds: [...ALL] });
    expect((await subscribe(bob, invitesOnly, ['invitation'])).status).toBe(201);
    expect((await ask(ann, bob)).status).toBe(200);
    // Pushed after the answer (a slow push service holds up no request).
    await waitFor(() => service.to(phone).length === 1 && service.to(laptop).length === 1, 'the pushes');

    expect(service.to(phone).map((p) => p.payload)).toEqual([{ kind: 'friend-request', from: 'Ann', lang: 'zh-CN' }]);
    expect(service.to(laptop).map((p) => p.payload)).toEqual([{ kind: 'friend-request', from: 'Ann', lang: 'en' }]);
    expect(service.to(invitesOnly)).toEqual([]);
    const { headers } = service.to(phone)[0]!;
    const key = (await getJson<PushKey>(t, '/api/push/key')).body.key;
    expect(headers.topic).toBe('friend-request');
    expect(headers.ttl).toBe('86400');
    expect(headers['content-encoding']).toBe('aes128gcm');
    expect(headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    // Signed for the push service, naming as contact the https site the device subscribed from (none here: a placeholder).
    expect(claimsOf(headers.authorization)).toMatchObject({ aud: service.origin, sub: 'mailto:flightchess@localhost' });

    // Accepted: Ann has no device; an invitation goes to Bob's three, urgent and short-lived.
    await postJson(t, '/api/friends/requests/accept', { ...credentials(bob), from: ann.playerId });
    const host = await create(t, ann, { size: 2, private: true });
    await postJson(t, '/api/invitations', { ...credentials(ann), to: bob.playerId, roomId: host.room.roomId });
    await waitFor(() => service.to(invitesOnly).length === 1, 'the invitation pushed');
    const invitation = service.to(invitesOnly)[0]!;
    expect(invitation.payload).toEqual({ kind: 'invitation', from: 'Ann', roomId: host.room.roomId, lang: 'en' });
    expect(invitation.headers).toMatchObject({ topic: 'invitation', ttl: '120', urgency: 'high' });
    await host.room.leave(true);
  });

  test('a device subscribed from an https site has its pushes name that site as contact (Apple refuses one it cannot resolve)', async () => {
    const [ann, eve] = [await newGuest(t, 'Ann4'), await newGuest(t, 'Eve2')];
    const phone = service.device();
    const answer = await fetch(`${t.baseUrl}/api/push/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://play.example.org' },
      body: JSON.stringify({ ...credentials(eve), subscription: phone.subscription, kinds: ALL, lang: 'en' }),
    });
    expect(answer.status).toBe(201);
    await ask(ann, eve);
    await waitFor(() => service.to(phone).length === 1, 'the push');
    expect(claimsOf(service.to(phone)[0]!.headers.authorization)).toMatchObject({ sub: 'https://play.example.org' });
  });

  test('nothing is pushed while a page of the player is open and visible; once hidden (or its word runs out), it is', async () => {
    const [ann, cat] = [await newGuest(t, 'Ann2'), await newGuest(t, 'Cat')];
    const phone = service.device();
    await subscribe(cat, phone);
    const seen = await postJson<VisibleAnswer>(t, '/api/push/visible', { ...credentials(cat), page: 'desk-page-1', visible: true });
    expect(seen.body).toEqual({ wanted: true });
    await ask(ann, cat);
    await sleep(300);
    expect(service.to(phone)).toEqual([]);
    await postJson(t, '/api/push/visible', { ...credentials(cat), page: 'desk-page-1', visible: false });
    await postJson(t, '/api/friends/requests/decline', { ...credentials(cat), from: ann.playerId });
    await ask(ann, cat);
    await waitFor(() => service.to(phone).length === 1, 'the push');
    expect(service.to(phone).map((p) => p.payload.kind)).toEqual(['friend-request']);
    // A player with no device is told so: their pages need not say it again.
    expect(
      (await postJson<VisibleAnswer>(t, '/api/push/visible', { ...credentials(ann), page: 'ann-page-1', visible: true })).body,
    ).toEqual({
      wanted: false,
    });
  });

  test('in the sleep window notices are held, and told as one summary when it ends', async () => {
    const sleeper = await newGuest(t, 'Sleeper');
    const askers = await Promise.all(['D1', 'D2', 'D3'].map((n) => newGuest(t, n)));
    const phone = service.device();
    await subscribe(sleeper, phone);
    const now = minuteNow();
    const quiet = { from: (now + 1440 - 5) % 1440, to: (now + 10) % 1440, timeZone: 'UTC' };
    expect((await postJson<PushSettings>(t, '/api/push/quiet', { ...credentials(sleeper), quiet })).body.quiet).toEqual(quiet);
    for (const a of askers) await ask(a, sleeper);
    await sleep(300);
    expect(service.to(phone)).toEqual([]);
    expect(await t.storage.push.holding()).toContain(sleeper.playerId);

    // The window ends (here: the player clears it): one summary.
    await postJson(t, '/api/push/quiet', { ...credentials(sleeper), quiet: null });
    await waitFor(() => service.to(phone).length === 1, 'the summary');
    expect(service.to(phone).map((p) => p.payload)).toEqual([{ kind: 'summary', counts: { 'friend-request': 3 }, lang: 'en' }]);
    expect(service.to(phone)[0]!.headers.topic).toBe('summary');
    expect(await t.storage.push.holding()).not.toContain(sleeper.playerId);
  });

  test('a device its push service says is gone (410) is forgotten; one unsubscribed takes no more', async () => {
    const [ann, dan] = [await newGuest(t, 'Ann3'), await newGuest(t, 'Dan')];
    const [old, current] = [service.device(), service.device()];
    await subscribe(dan, old);
    await subscribe(dan, current);
    service.drop(old);
    await ask(ann, dan);
    await waitFor(async () => (await t.storage.push.devices(dan.playerId)).length === 1, 'the gone device forgotten');
    expect((await t.storage.push.devices(dan.playerId)).map((d) => d.endpoint)).toEqual([current.subscription.endpoint]);
    // Only the device's own player unsubscribes it.
    await postJson(t, '/api/push/unsubscribe', { ...credentials(ann), endpoint: current.subscription.endpoint });
    expect(await t.storage.push.devices(dan.playerId)).toHaveLength(1);
    const left = await postJson<PushSettings>(t, '/api/push/unsubscribe', { ...credentials(dan), endpoint: current.subscription.endpoint });
    expect(left.body.kinds).toBeNull();
    expect(await t.storage.push.devices(dan.playerId)).toEqual([]);
  });

  test('bad subscriptions are refused with a reason and change nothing', async () => {
    const eve = await newGuest(t, 'Eve');
    const device = service.device();
    const body = { ...credentials(eve), subscription: device.subscription, kinds: ALL, lang: 'en' };
    const refusals = [
      // Where the server would post: only the push services it knows.
      [{ ...body, subscription: { ...device.subscription, endpoint: 'http://127.0.0.1:6379/' } }, 'ERR_PUSH_SERVICE'],
      [{ ...body, subscription: { ...device.subscription, endpoint: 'https://fcm.googleapis.com.evil.example/x' } }, 'ERR_PUSH_SERVICE'],
      [{ ...body, subscription: { ...device.subscription, keys: { ...device.subscription.keys, p256dh: 'AAAA' } } }, 'ERR_BAD_REQUEST'],
      [
        { ...body, subscription: { ...device.subscription, keys: { ...device.subscription.keys, auth: 'x'.repeat(40) } } },
        'ERR_BAD_REQUEST',
      ],
      [{ ...body, kinds: ['everything'] }, 'ERR_BAD_REQUEST'],
      [{ ...body, kinds: ['invitation', 'invitation'] }, 'ERR_BAD_REQUEST'],
      [{ ...body, lang: 'fr' }, 'ERR_BAD_REQUEST'],
      [{ ...body, extra: 1 }, 'ERR_BAD_REQUEST'],
    ] as const;
    for (const [sent, code] of refusals) {
      const answer = await postJson(t, '/api/push/subscribe', sent);
      expect([answer.status, answer.body.error.code]).toEqual([400, code]);
    }
    expect((await postJson(t, '/api/push/subscribe', { ...body, secret: 'wrong' })).status).toBe(401);
    expect(await t.storage.push.devices(eve.playerId)).toEqual([]);
    for (const quiet of [
      { from: 0, to: 1440, timeZone: 'UTC' },
      { from: 0, to: 60, timeZone: 'Mars/Olympus' },
      { from: 0.5, to: 60, timeZone: 'UTC' },
    ]) {
      expect((await postJson(t, '/api/push/quiet', { ...credentials(eve), quiet })).status).toBe(400);
    }
    expect(await t.storage.push.quiet(eve.playerId)).toBeNull();
    for (const page of ['short', 'x'.repeat(41), 'has space in it']) {
      expect((await postJson(t, '/api/push/visible', { ...credentials(eve), page, visible: true })).status).toBe(400);
    }
  });
});
