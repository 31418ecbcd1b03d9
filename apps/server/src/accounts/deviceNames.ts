/** Browsers and systems by a token of their User-Agent, most specific first. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/MicroMessenger/i, 'WeChat'],
  [/MQQBrowser|QQ\//i, 'QQ'],
  [/EdgA?\/|EdgiOS/, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrome\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];
/** `Sec-CH-UA-Platform` values (Chromium's), for a User-Agent that names no system. */
const PLATFORMS: Readonly<Record<string, string>> = {
  Android: 'Android',
  'Chrome OS': 'ChromeOS',
  Windows: 'Windows',
  macOS: 'macOS',
  Linux: 'Linux',
  iOS: 'iPhone',
};
/** What stands where an Android model would: Chrome's reduced User-Agent says "K" for every phone. */
const NOT_A_MODEL = /^(K|Mobile|Tablet|wv|U|rv:.*|[a-z]{2}[-_][a-z]{2})$/i;

const first = (ua: string, list: readonly (readonly [RegExp, string])[]) => list.find(([pattern]) => pattern.test(ua))?.[1];

/** The headers a device name is made from (Node's request headers fit). */
export type DeviceHeaders = Readonly<Record<string, string | readonly string[] | undefined>>;

/** A header's value as one short string; a client hint's structured-header quotes dropped (`"Pixel 8"` → Pixel 8). */
function header(headers: DeviceHeaders, name: string): string {
  const value = headers[name];
  const text = (typeof value === 'string' ? value : (value?.[0] ?? '')).slice(0, 512);
  return text.replace(/^"(.*)"$/, '$1').trim();
}

/** The Android model in the User-Agent ("Linux; Android 14; SM-S918B Build/…"), where the browser still tells it. */
function androidModel(ua: string): string {
  const inside = /\(([^)]*)\)/.exec(ua)?.[1] ?? '';
  const parts = inside.split(';').map((p) => p.trim().replace(/\s+Build\/.*$/, ''));
  const after = parts.findIndex((p) => p.startsWith('Android'));
  if (after < 0) return '';
  return parts.slice(after + 1).find((p) => p !== '' && !NOT_A_MODEL.test(p)) ?? '';
}

/**
 * A device's name as its player would know it — "iPhone · Safari", "Android (Pixel 8) · Chrome",
 * "Windows · Edge" — from the User-Agent and, where the browser sends them, the client hints
 * `Sec-CH-UA-Model` (the only source of an Android model under Chrome's reduced User-Agent) and
 * `Sec-CH-UA-Platform`. Empty when nothing is recognised.
 */
export function deviceNameOf(headers: DeviceHeaders): string {
  const ua = header(headers, 'user-agent');
  const system = first(ua, SYSTEMS) ?? PLATFORMS[header(headers, 'sec-ch-ua-platform')];
  const model = (header(headers, 'sec-ch-ua-model') || (system === 'Android' ? androidModel(ua) : '')).slice(0, 40);
  const device = system && model ? `${system} (${model})` : (system ?? model);
  return [device, first(ua, BROWSERS)].filter(Boolean).join(' · ');
}
