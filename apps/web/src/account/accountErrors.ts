import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import type { ServerFailure } from '../online/netSession';

/** A failure of the accounts API in the player's language. */
export function accountError(failure: ServerFailure): string {
  // A passkey ceremony the player called off (the browser's NotAllowedError) is no error worth a word;
  // it reaches here without a server's code, as a network failure would.
  if (/NotAllowed|AbortError|cancel/i.test(failure.message)) return t('account.error.passkeyCancelled');
  return errorMessage(failure.code);
}
