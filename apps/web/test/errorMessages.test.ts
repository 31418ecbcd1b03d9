import { ERROR_CODES } from '@flightchess/protocol';
import { setLanguage } from '../src/i18n';
import { ERROR_MESSAGES, errorMessage } from '../src/i18n/errorMessages';
import { failureOf } from '../src/online/netSession';

describe('error messages', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('has words for every code in both languages, a Chinese page in Chinese', () => {
    for (const code of ERROR_CODES) {
      expect([code, ERROR_MESSAGES.en[code].length > 0]).toEqual([code, true]);
      expect([code, /[\u4e00-\u9fff]/.test(ERROR_MESSAGES['zh-CN'][code])]).toEqual([code, true]);
    }
  });

  it('says a browser’s own failure (fetch, a refused socket) in the player’s words, never its English text', () => {
    for (const failure of [new TypeError('Failed to fetch'), new Error('WebSocket connection failed'), 'offline']) {
      expect(errorMessage(failureOf(failure).code)).toBe('无法连接服务器，请检查网络后重试');
      setLanguage('en');
      expect(errorMessage(failureOf(failure).code)).toBe('Can’t reach the server. Check your connection and try again.');
      setLanguage('zh-CN');
    }
  });

  it('says a code in the page language, and names a code it does not know', () => {
    expect(errorMessage('ERR_NO_TABLE')).toBe('找不到这个牌桌');
    expect(errorMessage('HTTP_502')).toBe('出错了（HTTP_502）');
    setLanguage('en');
    expect(errorMessage('ERR_NO_TABLE')).toBe('No such table');
    expect(errorMessage('ERR_SOMETHING_NEW')).toBe('Something went wrong (ERR_SOMETHING_NEW)');
  });
});
