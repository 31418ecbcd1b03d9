/**
 * Whether the server may post pushes to this endpoint: over https to one of the push services (a host
 * named, or under it), or to an origin named exactly. A subscription is a URL the player gives, and the
 * server posts to it: anywhere else (an address inside the operator's network) is refused.
 */
export function pushTargetAllowed(endpoint: string, services: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return services.some((service) => {
    if (/^https?:\/\//.test(service)) return url.origin === new URL(service).origin;
    const host = service.toLowerCase();
    return url.protocol === 'https:' && url.port === '' && (url.hostname === host || url.hostname.endsWith(`.${host}`));
  });
}
