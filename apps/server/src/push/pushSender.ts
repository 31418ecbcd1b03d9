import type { PushPayload } from '@flightchess/protocol';
import webPush from 'web-push';
import type { PushDevice, VapidKeys } from './pushRepository';

/** What became of a push: taken by the push service, the device gone (404, 410: forget it), or not taken now. */
export type Delivery = 'sent' | 'gone' | 'failed';

export interface PushOptions {
  /** A newer push of the same topic replaces one the device has not fetched yet. */
  readonly topic: string;
  /** How long the push service keeps it for a device that is offline. */
  readonly ttlSeconds: number;
  readonly urgency: 'normal' | 'high';
}

/** Posts one encrypted push to a device's push service. */
export type PushSender = (device: PushDevice, payload: PushPayload, options: PushOptions) => Promise<Delivery>;

/** A contact for a device subscribed from no https site (a test's, or a LAN's plain http): Apple's would refuse it. */
const NO_CONTACT = 'mailto:flightchess@localhost';

/** The push service's answer in time, or none. */
const ANSWER_MS = 10_000;

/**
 * RFC 8030 pushes, encrypted for the device (RFC 8291, aes128gcm) and signed with the server's VAPID keys
 * (RFC 8292) by `web-push`; posted here with fetch, bounded in time (web-push's own request has no
 * timeout by default and would follow no plain-http test service).
 */
export function webPushSender(keys: VapidKeys, contact: string | undefined): PushSender {
  return async (device, payload, options) => {
    const request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, JSON.stringify(payload), {
      vapidDetails: { subject: contact ?? device.origin ?? NO_CONTACT, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: options.ttlSeconds,
      topic: options.topic,
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    });
    const answer = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      redirect: 'error',
      signal: AbortSignal.timeout(ANSWER_MS),
    }).catch(() => null);
    if (!answer) return 'failed';
    await answer.body?.cancel();
    if (answer.status === 404 || answer.status === 410) return 'gone';
    return answer.ok ? 'sent' : 'failed';
  };
}

/** A new pair of VAPID keys (base64url), for a server's first start. */
export const newVapidKeys = (): VapidKeys => webPush.generateVAPIDKeys();
