import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  PUSH_DEVICES_KEPT,
  type PushSubscriptionJson,
  type QuietHours,
} from '@flightchess/protocol';
import type { Row, Sql } from '../storage/sql';

/** A device that takes pushes: where to post, its keys, the kinds it takes, the language its notices are worded in. */
export interface PushDevice extends PushSubscriptionJson {
  readonly kinds: readonly NotificationKind[];
  readonly lang: string;
  /** The https site the device subscribed from (the pushes' contact when the operator names none). */
  readonly origin?: string;
}

export interface VapidKeys {
  readonly publicKey: string;
  readonly privateKey: string;
}

/** What push/ keeps (migration 18). */
export interface PushStorage {
  /** The server's VAPID keys: `made` stored if there are none yet (the first start of any process wins). */
  keys(made: () => VapidKeys, at: number): Promise<VapidKeys>;
  /**
   * The browser takes pushes for this player, as this device of theirs (another player's on the same browser
   * before: now this one's); signed out, the device's subscriptions go with it.
   */
  subscribe(playerId: string, deviceId: string, device: PushDevice, at: number): Promise<void>;
  /** The device takes no more pushes (of this player's); whether it did. */
  unsubscribe(playerId: string, endpoint: string): Promise<boolean>;
  /** A device the push service says is gone (404, 410). */
  forget(endpoint: string): Promise<void>;
  devices(playerId: string): Promise<PushDevice[]>;
  quiet(playerId: string): Promise<QuietHours | null>;
  setQuiet(playerId: string, quiet: QuietHours | null): Promise<void>;
  /** A notice came in the player's sleep window. */
  hold(id: string, playerId: string, kind: NotificationKind, at: number): Promise<void>;
  /** The players with notices held. */
  holding(): Promise<string[]>;
  /** The player's held notices, taken (no other process takes the same ones): how many of each kind. */
  takeHeld(playerId: string): Promise<Partial<Record<NotificationKind, number>>>;
}

const kindsOf = (text: string): NotificationKind[] =>
  text.split(',').filter((k): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k));

const deviceOf = (r: Row): PushDevice => ({
  endpoint: r.endpoint as string,
  keys: { p256dh: r.p256dh as string, auth: r.auth as string },
  kinds: kindsOf(r.kinds as string),
  lang: r.lang as string,
  ...(r.origin ? { origin: r.origin as string } : {}),
});

export function pushRepository(sql: Sql): PushStorage {
  return {
    keys: async (made, at) => {
      const stored = async () => {
        const row = await sql.get('SELECT public_key, private_key FROM push_keys WHERE id = 1');
        return row ? { publicKey: row.public_key as string, privateKey: row.private_key as string } : null;
      };
      const known = await stored();
      if (known) return known;
      const keys = made();
      await sql.run('INSERT INTO push_keys (id, public_key, private_key, created_at) VALUES (1, ?, ?, ?) ON CONFLICT DO NOTHING', [
        keys.publicKey,
        keys.privateKey,
        at,
      ]);
      return (await stored())!;
    },
    subscribe: (playerId, deviceId, d, at) =>
      sql.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO push_subscriptions (endpoint, player_id, device_id, p256dh, auth, kinds, lang, origin, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (endpoint) DO UPDATE SET player_id = excluded.player_id, device_id = excluded.device_id, p256dh = excluded.p256dh, auth = excluded.auth,
             kinds = excluded.kinds, lang = excluded.lang, origin = excluded.origin, created_at = excluded.created_at`,
          [d.endpoint, playerId, deviceId, d.keys.p256dh, d.keys.auth, d.kinds.join(','), d.lang, d.origin ?? null, at],
        );
        await tx.run(
          `DELETE FROM push_subscriptions WHERE player_id = ? AND endpoint NOT IN
           (SELECT endpoint FROM push_subscriptions WHERE player_id = ? ORDER BY created_at DESC, endpoint LIMIT ${PUSH_DEVICES_KEPT})`,
          [playerId, playerId],
        );
      }),
    unsubscribe: async (playerId, endpoint) =>
      (await sql.run('DELETE FROM push_subscriptions WHERE player_id = ? AND endpoint = ?', [playerId, endpoint])) > 0,
    forget: async (endpoint) => void (await sql.run('DELETE FROM push_subscriptions WHERE endpoint = ?', [endpoint])),
    devices: async (playerId) =>
      (
        await sql.all(
          'SELECT endpoint, p256dh, auth, kinds, lang, origin FROM push_subscriptions WHERE player_id = ? ORDER BY created_at',
          [playerId],
        )
      ).map(deviceOf),
    quiet: async (playerId) => {
      const row = await sql.get('SELECT from_minute, to_minute, time_zone FROM push_quiet WHERE player_id = ?', [playerId]);
      return row ? { from: Number(row.from_minute), to: Number(row.to_minute), timeZone: row.time_zone as string } : null;
    },
    setQuiet: async (playerId, quiet) => {
      if (!quiet) return void (await sql.run('DELETE FROM push_quiet WHERE player_id = ?', [playerId]));
      await sql.run(
        `INSERT INTO push_quiet (player_id, from_minute, to_minute, time_zone) VALUES (?, ?, ?, ?)
         ON CONFLICT (player_id) DO UPDATE SET from_minute = excluded.from_minute, to_minute = excluded.to_minute, time_zone = excluded.time_zone`,
        [playerId, quiet.from, quiet.to, quiet.timeZone],
      );
    },
    hold: async (id, playerId, kind, at) =>
      void (await sql.run('INSERT INTO push_held (id, player_id, kind, created_at) VALUES (?, ?, ?, ?)', [id, playerId, kind, at])),
    holding: async () => (await sql.all('SELECT DISTINCT player_id FROM push_held')).map((r) => r.player_id as string),
    takeHeld: async (playerId) => {
      const counts: Partial<Record<NotificationKind, number>> = {};
      // Each row taken by the one delete that removes it: two processes sweeping at once count it once.
      for (const row of await sql.all('SELECT id, kind FROM push_held WHERE player_id = ?', [playerId])) {
        if ((await sql.run('DELETE FROM push_held WHERE id = ?', [row.id])) === 0) continue;
        const kind = row.kind as NotificationKind;
        counts[kind] = (counts[kind] ?? 0) + 1;
      }
      return counts;
    },
  };
}
