import { ERROR_CODES } from '@flightchess/protocol';
import { setLanguage } from '../src/i18n';
import { ERROR_MESSAGES, errorMessage } from '../src/i18n/errorMessages';

describe('error messages', () => {
  afterEach(() => setLanguage('zh-CN'));

  it('has words for every code in both languages, a Chinese page in Chinese', () => {
    for (const code of ERROR_CODES) {
      expect([code, ERROR_MESSAGES.en[code].length > 0]).toEqual([code, true]);
      expect([code, /[\u4e00-\u9fff]/.test(ERROR_MESSAGES['zh-CN'][code])]).toEqual([code, true]);
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
