import type { Presence } from '@colyseus/core';
import { type NotificationKind, type PushPayload, VISIBLE_LEASE_MS } from '@flightchess/protocol';
import type { Logger } from 'pino';
import { randomId } from '../core/ids';
import type { PushDevice, PushStorage } from './pushRepository';
import type { PushOptions, PushSender } from './pushSender';
import { inQuietHours } from './quietHours';

/** Each player's visible pages, page id → until when (shared by every process). */
const visibleKey = (playerId: string) => `flightchess:visible:${playerId}`;

/** Visible pages counted per player: more say nothing more (a player cannot grow the store without bound). */
export const VISIBLE_PAGES_KEPT = 16;

/** An invitation is worth nothing once it expires (2 minutes); the rest keep a day for a device that is off. */
const optionsOf = (kind: NotificationKind | 'summary'): PushOptions => ({
  topic: kind,
  ttlSeconds: kind === 'invitation' ? 120 : 86_400,
  urgency: kind === 'invitation' ? 'high' : 'normal',
});

export interface PushesDeps {
  readonly storage: PushStorage;
  readonly presence: Presence;
  readonly send: PushSender;
  readonly log: Logger;
  readonly now: () => number;
  /** A player's name, as a push says who it is from. */
  readonly nickname: (playerId: string) => Promise<string>;
  /** One process (no Redis): the pages' words are kept in memory, where a key cannot expire by itself. */
  readonly alone?: boolean;
}

/**
 * Which notice goes to which device, and when: never to a player with a page open and visible (they see
 * the bell), held in their sleep window and told as one summary when it ends, and a device its push
 * service says is gone is forgotten.
 */
export class Pushes {
  constructor(private readonly deps: PushesDeps) {}

  /** A notice for the player: pushed to their devices that take its kind, unless they look or sleep. */
  async notice(playerId: string, kind: NotificationKind, fromId: string, roomId?: string): Promise<void> {
    const { storage, now } = this.deps;
    const devices = (await storage.devices(playerId)).filter((d) => d.kinds.includes(kind));
    if (devices.length === 0 || (await this.looking(playerId))) return;
    if (inQuietHours(await storage.quiet(playerId), now())) return storage.hold(randomId(12), playerId, kind, now());
    const from = await this.deps.nickname(fromId);
    await this.sendAll(devices, (lang) => ({ kind, from, ...(roomId ? { roomId } : {}), lang }), optionsOf(kind));
  }

  /** The page says whether it is visible (a visible one says so again within VISIBLE_LEASE_MS). */
  async visible(playerId: string, page: string, visible: boolean): Promise<void> {
    const { presence, now } = this.deps;
    const key = visibleKey(playerId);
    // Pages that closed without a word: their fields go at the next word of another page of the player's…
    let live = 0;
    for (const [other, until] of Object.entries((await presence.hgetall(key)) ?? {}))
      if (Number(until) <= now()) await presence.hdel(key, other);
      else if (other !== page) live++;
    if (!visible) return void (await presence.hdel(key, page));
    // Page ids are the player's to make up: a few visible ones are as good as any number of them.
    if (live >= VISIBLE_PAGES_KEPT) return;
    await presence.hset(key, page, String(now() + VISIBLE_LEASE_MS));
    // …and in Redis with the key, a while after the last visible page's word.
    if (!this.deps.alone) await presence.expire(key, Math.ceil((2 * VISIBLE_LEASE_MS) / 1000));
  }

  /** Whether a page of the player's is open and visible somewhere. */
  async looking(playerId: string): Promise<boolean> {
    const pages = (await this.deps.presence.hgetall(visibleKey(playerId))) ?? {};
    const now = this.deps.now();
    return Object.values(pages).some((until) => Number(until) > now);
  }

  /** Every player whose sleep window is over and who has notices held: one summary each. */
  async sweep(): Promise<void> {
    for (const playerId of await this.deps.storage.holding()) await this.wake(playerId);
  }

  /** `wake`, not waited for (a push service may take seconds): a failure is logged. */
  wakeSoon(playerId: string): void {
    this.wake(playerId).catch((err: unknown) =>
      this.deps.log.error({ event: 'push-wake-failed', playerId, err }, 'could not send the held notices'),
    );
  }

  /** The player's held notices, as one summary, if their sleep window is over. */
  async wake(playerId: string): Promise<void> {
    const { storage, now } = this.deps;
    if (inQuietHours(await storage.quiet(playerId), now())) return;
    const counts = await storage.takeHeld(playerId);
    const kinds = Object.keys(counts);
    if (kinds.length === 0) return;
    const devices = (await storage.devices(playerId)).filter((d) => d.kinds.some((k) => kinds.includes(k)));
    await this.sendAll(devices, (lang) => ({ kind: 'summary', counts, lang }), optionsOf('summary'));
  }

  private async sendAll(devices: readonly PushDevice[], payload: (lang: string) => PushPayload, options: PushOptions): Promise<void> {
    const { send, storage, log } = this.deps;
    await Promise.all(
      devices.map(async (device) => {
        const delivery = await send(device, payload(device.lang), options).catch((err: unknown) => {
          log.warn({ event: 'push-failed', err }, 'could not push a notice');
          return 'failed' as const;
        });
        if (delivery === 'gone') {
          await storage.forget(device.endpoint);
          log.info({ event: 'push-device-gone' }, 'a push service says a device is gone: forgotten');
        }
      }),
    );
  }
}
