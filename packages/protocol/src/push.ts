import { NOTIFICATION_KINDS, type NotificationKind } from './friends';

/**
 * Web Push (issue 41): a notice reaches a device whose page is closed or hidden, through the browser's
 * push service. The routes (docs/server/friends.md), each a POST with the player's credentials in the
 * body but the key: GET /api/push/key, POST /api/push (settings), /push/subscribe, /push/unsubscribe,
 * /push/quiet, /push/visible.
 */

/** The kinds a device may take pushes of: every notice of the bell. */
export const PUSH_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;

/** GET /api/push/key: the server's VAPID public key (base64url), made on its first start and kept. */
export interface PushKey {
  readonly key: string;
}

/** A browser's subscription as `PushSubscription.toJSON()` gives it. */
export interface PushSubscriptionJson {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/**
 * A sleep window: notices that come in it are held and pushed as one summary when it ends. Minutes after
 * local midnight in the player's time zone (an IANA name); `from` after `to` spans midnight.
 */
export interface QuietHours {
  readonly from: number;
  readonly to: number;
  readonly timeZone: string;
}

/** POST /api/push: the player's sleep window, and the kinds this device (`endpoint`, if given) takes. */
export interface PushSettings {
  readonly quiet: QuietHours | null;
  /** Of the subscription named by `endpoint` (null: this device takes no pushes). */
  readonly kinds: readonly NotificationKind[] | null;
}

/** POST /api/push/visible: whether the player has a device to push to (a page without one need not say again). */
export interface VisibleAnswer {
  readonly wanted: boolean;
}

/** What a push carries (encrypted for the device): the service worker words it in `lang`. */
export type PushPayload =
  | {
      readonly kind: NotificationKind;
      readonly from: string;
      readonly roomId?: string;
      readonly lang: string;
    }
  /** The notices held in a sleep window, told at its end: how many of each kind. */
  | { readonly kind: 'summary'; readonly counts: Partial<Record<NotificationKind, number>>; readonly lang: string };

/** How long a page's word that it is visible lasts unless said again. */
export const VISIBLE_LEASE_MS = 90_000;
/** A visible page says so again this often. */
export const VISIBLE_RENEW_MS = 30_000;
/** Devices per player that take pushes: a newer one replaces the oldest. */
export const PUSH_DEVICES_KEPT = 10;
