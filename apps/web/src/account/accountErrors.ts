import { type MessageKey, t } from '../i18n';
import type { ServerFailure } from '../net/netSession';

/** The accounts API's refusals in the player's language; anything else as the server said it. */
const KNOWN: Readonly<Record<string, MessageKey>> = {
  ERR_BAD_LOGIN_NAME: 'account.error.badName',
  ERR_BAD_PASSWORD: 'account.error.badPassword',
  ERR_NAME_TAKEN: 'account.error.nameTaken',
  ERR_WRONG_PASSWORD: 'account.error.wrongPassword',
  ERR_BAD_CREDENTIALS: 'account.error.badCredentials',
  ERR_NO_LINK_CODE: 'account.error.noLinkCode',
  ERR_TOO_MANY: 'account.error.tooMany',
  ERR_PASSKEY_FAILED: 'account.error.passkey',
  ERR_NETWORK: 'account.error.network',
  ERR_BANNED: 'admin.banned',
};

export function accountError(failure: ServerFailure): string {
  const key = KNOWN[failure.code];
  // A passkey ceremony the player called off (the browser's NotAllowedError) is no error worth a word.
  if (!key && /NotAllowed|AbortError|cancel/i.test(failure.message)) return t('account.error.passkeyCancelled');
  return key ? t(key) : t('error.generic', { message: failure.message });
}
