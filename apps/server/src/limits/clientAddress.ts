import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose `X-Forwarded-For` is believed (TRUST_PROXY: addresses and CIDR ranges, IPv4 or
 * IPv6). Anyone else could write any address there, so without a trusted proxy the socket's peer is
 * the client.
 */
export class ProxyTrust {
  private readonly list = new BlockList();
  readonly empty: boolean;

  private constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const [address, bits] = entry.split('/') as [string, string | undefined];
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.list.addAddress(address, family);
      else this.list.addSubnet(address, Number(bits), family);
    }
    this.empty = entries.length === 0;
  }

  /** Parse the list; an entry that is not an address or a range is an error naming it. */
  static parse(entries: readonly string[]): { ok: true; trust: ProxyTrust } | { ok: false; error: string } {
    for (const entry of entries) {
      const [address, bits, ...rest] = entry.split('/');
      const family = isIP(address ?? '');
      const max = family === 6 ? 128 : 32;
      const goodBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
      if (!family || !goodBits || rest.length > 0) return { ok: false, error: `'${entry}' is not an address or an address/bits range` };
    }
    return { ok: true, trust: new ProxyTrust(entries) };
  }

  trusts(address: string): boolean {
    const family = isIP(address);
    return family !== 0 && this.list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** IPv4 seen through an IPv6 socket (::ffff:1.2.3.4) is the IPv4 address. */
export const plainAddress = (address: string): string =>
  address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;

/**
 * The address of the client behind a request: the socket's peer, unless that peer is a trusted proxy —
 * then the X-Forwarded-For hops are read from the right (the nearest first), past every trusted proxy.
 */
export function clientAddressOf(req: Pick<IncomingMessage, 'headers' | 'socket'>, trust: ProxyTrust): string {
  let address = plainAddress(req.socket.remoteAddress ?? '');
  if (trust.empty || !trust.trusts(address)) return address;
  const header = req.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => plainAddress(h.trim()))
    .filter((h) => isIP(h) !== 0);
  while (hops.length > 0 && trust.trusts(address)) address = hops.pop()!;
  return address;
}

/**
 * Whether the request reached the client over https: this server's own TLS, or a trusted proxy saying so
 * (X-Forwarded-Proto from anyone else means nothing).
 */
export function overHttps(req: Pick<IncomingMessage, 'headers' | 'socket'>, trust: ProxyTrust): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  const peer = plainAddress(req.socket.remoteAddress ?? '');
  const proto = req.headers['x-forwarded-proto'];
  return !trust.empty && trust.trusts(peer) && (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim() === 'https';
}
