import { createECDH, randomBytes } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload, PushSubscriptionJson } from '@flightchess/protocol';
// http_ece has no types: the one call used here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: 'aes128gcm'; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer }): Buffer;
};

/** A push as the push service received it: to which device, its headers, its payload decrypted with the device's keys. */
export interface ReceivedPush {
  readonly device: string;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly payload: PushPayload;
}

/** A browser's side of a subscription: the endpoint at this service and the keys only the browser holds. */
export interface TestDevice {
  readonly name: string;
  readonly subscription: PushSubscriptionJson;
}

/**
 * A push service run by the test (as Chrome's or Firefox's, on loopback): it takes pushes for its devices,
 * decrypts each with the device's private key (RFC 8291, as a browser would) and keeps it; a device
 * marked gone answers 410, as a push service does for a subscription that was dropped.
 */
export class TestPushService {
  readonly pushes: ReceivedPush[] = [];
  private readonly keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  private readonly gone = new Set<string>();
  private server: Server | null = null;
  origin = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const device = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
        const keys = device ? this.keys.get(device) : undefined;
        if (!device || !keys) return void res.writeHead(404).end();
        if (this.gone.has(device)) return void res.writeHead(410).end();
        const body = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
        this.pushes.push({ device, headers: req.headers, payload: JSON.parse(body.toString('utf8')) as PushPayload });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new device's subscription (its keys kept here for decrypting). */
  device(name = randomBytes(6).toString('hex')): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(name, { ecdh, auth });
    return {
      name,
      subscription: {
        endpoint: `${this.origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  /** The browser dropped the subscription: the service answers 410 Gone. */
  drop(device: TestDevice): void {
    this.gone.add(device.name);
  }

  to(device: TestDevice): ReceivedPush[] {
    return this.pushes.filter((p) => p.device === device.name);
  }

  async stop(): Promise<void> {
    await new Promise((r) => this.server?.close(r));
  }
}
