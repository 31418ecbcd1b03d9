/** Browsers and systems by a token of their User-Agent, most specific first. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/MicroMessenger/i, 'WeChat'],
  [/MQQBrowser|QQ\//i, 'QQ'],
  [/EdgA?\//, 'Edge'],
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

const first = (ua: string, list: readonly (readonly [RegExp, string])[]) => list.find(([pattern]) => pattern.test(ua))?.[1];

/** A device's name from the browser that signed in ("Chrome · Android"); empty when nothing is recognised. */
export function deviceNameOf(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512);
  return [first(ua, BROWSERS), first(ua, SYSTEMS)].filter(Boolean).join(' · ');
}
