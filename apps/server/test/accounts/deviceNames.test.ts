import { deviceNameOf } from '../../src/accounts/deviceNames';

const ua = (userAgent: string) => ({ 'user-agent': userAgent });

describe('device names, from real User-Agent strings and client hints', () => {
  test.each([
    [
      'iPhone Safari',
      ua(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
      'iPhone · Safari',
    ],
    [
      'iPhone Chrome',
      ua(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      ),
      'iPhone · Chrome',
    ],
    [
      'iPad Safari',
      ua('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
      'iPad · Safari',
    ],
    [
      'Android Chrome, model in the User-Agent',
      ua('Mozilla/5.0 (Linux; Android 13; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Mobile Safari/537.36'),
      'Android (SM-S918B) · Chrome',
    ],
    [
      'Android Chrome, reduced User-Agent ("K"), no hint',
      ua('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'),
      'Android · Chrome',
    ],
    [
      'Android Chrome, reduced User-Agent, the model from Sec-CH-UA-Model',
      {
        ...ua('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'),
        'sec-ch-ua-model': '"Pixel 8"',
        'sec-ch-ua-platform': '"Android"',
      },
      'Android (Pixel 8) · Chrome',
    ],
    [
      'Samsung Internet',
      ua(
        'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/21.0 Chrome/110.0.5481.154 Mobile Safari/537.36',
      ),
      'Android (SAMSUNG SM-S918B) · Samsung Internet',
    ],
    ['Firefox on Android (no model)', ua('Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0'), 'Android · Firefox'],
    [
      'WeChat on Android (model before Build/, WebView)',
      ua(
        'Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
      ),
      'Android (V2227A) · WeChat',
    ],
    [
      'an old Android browser (locale before the model)',
      ua(
        'Mozilla/5.0 (Linux; U; Android 4.0.3; ko-kr; LG-L160L Build/IML74K) AppleWebkit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30',
      ),
      'Android (LG-L160L) · Safari',
    ],
    [
      'Windows Chrome',
      ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'),
      'Windows · Chrome',
    ],
    [
      'Windows Edge',
      ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0'),
      'Windows · Edge',
    ],
    ['Windows Firefox', ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'), 'Windows · Firefox'],
    [
      'mac Chrome',
      ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'),
      'macOS · Chrome',
    ],
    [
      'mac Safari',
      ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15'),
      'macOS · Safari',
    ],
    ['mac Firefox', ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0'), 'macOS · Firefox'],
    [
      'mac Edge',
      ua(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
      'macOS · Edge',
    ],
    [
      'Linux Chrome',
      ua('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'),
      'Linux · Chrome',
    ],
    ['Linux Firefox', ua('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'), 'Linux · Firefox'],
    [
      'ChromeOS',
      ua('Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'),
      'ChromeOS · Chrome',
    ],
    ['a system from the platform hint only', { 'user-agent': 'Mozilla/5.0', 'sec-ch-ua-platform': '"Windows"' }, 'Windows'],
    ['curl', ua('curl/8.5.0'), ''],
    ['nothing at all', {}, ''],
  ])('%s', (_what, headers, name) => expect(deviceNameOf(headers)).toBe(name));

  test('a long model hint is cut short', () => {
    expect(deviceNameOf({ ...ua('Mozilla/5.0 (Linux; Android 10; K) Chrome/126.0'), 'sec-ch-ua-model': `"${'X'.repeat(200)}"` })).toBe(
      `Android (${'X'.repeat(40)}) · Chrome`,
    );
  });
});
