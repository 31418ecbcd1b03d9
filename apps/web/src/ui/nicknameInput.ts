import { NICKNAME_MAX_LENGTH } from '@flightchess/protocol';
import { t } from '../i18n';
import { type Props, h } from './dom';

/**
 * A nickname box that stops at the most a nickname may have and says so as it is typed (a name typed or pasted
 * past it used to be cut without a word). `note` goes under the box, wherever the form puts it.
 */
export function nicknameInput(attributes: Props): { readonly input: HTMLInputElement; readonly note: HTMLElement } {
  const note = h('p', { class: 'field-note', role: 'status', hidden: true, data: { testid: 'nickname-limit' } });
  const input = h('input', { ...attributes, maxLength: NICKNAME_MAX_LENGTH });
  const check = () => {
    // UTF-16 units, as the box's maxLength and the server count them.
    const full = input.value.length >= NICKNAME_MAX_LENGTH;
    note.hidden = !full;
    note.textContent = full ? t('nickname.atMost', { n: NICKNAME_MAX_LENGTH }) : '';
  };
  // While typing only: a saved name of the full length is not a thing to point out on every visit.
  input.addEventListener('input', check);
  return { input, note };
}
