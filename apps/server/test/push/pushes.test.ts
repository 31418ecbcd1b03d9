import { LocalPresence } from '@colyseus/core';
import { VISIBLE_LEASE_MS } from '@flightchess/protocol';
import { createGuest } from '../../src/accounts/guests';
import { createLogger } from '../../src/logger';
import type { PushDevice } from '../../src/push/pushRepository';
import type { PushOptions } from '../../src/push/pushSender';
import { Pushes, VISIBLE_PAGES_KEPT } from '../../src/push/pushes';
import { openSqliteStorage } from '../../src/repositories';

const HOUR = 3_600_000;
/** 2026-12-05 21:30 UTC. */
const EVENING = Date.parse('2026-12-05T21:30:00Z');

async function setup() {
  const storage = await openSqliteStorage(':memory:');
  const player = await createGuest(storage, 'Ann');
  const sent: { endpoint: string; kind: string; options: PushOptions }[] = [];
  let now = EVENING;
  const pushes = new Pushes({
    storage: storage.push,
    presence: new LocalPresence(),
    alone: true,
    log: createLogger('silent'),
    now: () => now,
    nickname: async (playerId) => playerId,
    send: async (device: PushDevice, payload, options) => {
      sent.push({ endpoint: device.endpoint, kind: payload.kind, options });
      return 'sent';
    },
  });
  const device = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/1',
    keys: { p256dh: 'p', auth: 'a' },
    kinds: ['friend-request' as const],
    lang: 'en',
  };
  await storage.push.subscribe(player.playerId, (await storage.accounts.devices(player.playerId))[0]!.id, device, now);
  return { storage, pushes, sent, playerId: player.playerId, later: (ms: number) => (now += ms) };
}

describe('Pushes: when a notice is pushed', () => {
  test('a sleep window ending by the clock: the sweep sends one summary, and nothing before it ends', async () => {
    const { storage, pushes, sent, playerId, later } = await setup();
    await storage.push.setQuiet(playerId, { from: 22 * 60, to: 7 * 60, timeZone: 'UTC' });
    await pushes.notice(playerId, 'friend-request', 'Bob'); // 21:30: pushed
    later(HOUR); // 22:30: held
    await pushes.notice(playerId, 'friend-request', 'Cat');
    await pushes.notice(playerId, 'friend-request', 'Dan');
    await pushes.notice(playerId, 'invitation', 'Eve'); // a kind the device does not take: not even held
    await pushes.sweep();
    expect(sent.map((s) => s.kind)).toEqual(['friend-request']);
    later(8 * HOUR); // 06:30: still asleep
    await pushes.sweep();
    expect(sent).toHaveLength(1);
    later(HOUR); // 07:30
    await pushes.sweep();
    await pushes.sweep();
    expect(sent.map((s) => s.kind)).toEqual(['friend-request', 'summary']);
    expect(sent[1]!.options).toEqual({ topic: 'summary', ttlSeconds: 86_400, urgency: 'normal' });
  });

  test('at most VISIBLE_PAGES_KEPT visible pages are kept per player: page ids made up by the thousand grow nothing', async () => {
    const presence = new LocalPresence();
    const { storage, playerId } = await setup();
    const pushes = new Pushes({
      storage: storage.push,
      presence,
      alone: true,
      log: createLogger('silent'),
      now: () => EVENING,
      nickname: async (id) => id,
      send: async () => 'sent',
    });
    for (let i = 0; i < 1000; i++) await pushes.visible(playerId, `page-${i}`, true);
    expect(Object.keys(await presence.hgetall(`flightchess:visible:${playerId}`))).toHaveLength(VISIBLE_PAGES_KEPT);
    expect(await pushes.looking(playerId)).toBe(true);
  });

  test("a visible page's word lasts VISIBLE_LEASE_MS: a page gone without a word stops holding pushes back", async () => {
    const { pushes, sent, playerId, later } = await setup();
    await pushes.visible(playerId, 'page-aaaa', true);
    await pushes.notice(playerId, 'friend-request', 'Bob');
    expect(sent).toEqual([]);
    expect(await pushes.looking(playerId)).toBe(true);
    later(VISIBLE_LEASE_MS + 1);
    expect(await pushes.looking(playerId)).toBe(false);
    await pushes.notice(playerId, 'friend-request', 'Cat');
    expect(sent.map((s) => s.kind)).toEqual(['friend-request']);
  });
});
