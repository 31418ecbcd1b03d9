import { CODE_ALPHABET, LINK_CODE_LENGTH, TABLE_CODE_LENGTH, codeAsTyped } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { routeOfCode } from './routeOfCode';

/** Join a table by its code; a device's sign-in code typed here links the device instead (the lengths differ). */
export function joinByCodeForm(ctx: AppContext): HTMLElement {
  const error = h('p', { class: 'error', role: 'alert', data: { testid: 'join-error' } });
  const code = h('input', { id: 'join-code', placeholder: t('home.codePlaceholder'), maxLength: 10, aria: { label: t('home.code') } });
  code.autocomplete = 'off';
  code.autocapitalize = 'characters';
  const join = (e: Event) => {
    e.preventDefault();
    if (!code.value.trim()) return;
    const route = routeOfCode(code.value);
    if (route) ctx.navigate(route);
    else error.textContent = whyNotACode(code.value);
  };
  return h(
    'section',
    { class: 'card', aria: { label: t('home.join') } },
    h('h2', { text: t('home.join') }),
    h(
      'form',
      { class: 'row', on: { submit: join } },
      code,
      h('button', { type: 'submit', text: t('home.joinButton'), data: { testid: 'join' } }),
    ),
    error,
  );
}

/**
 * Why what was typed is no code: of a code's length but with characters codes never use (a misread "ZZZZZZ" is
 * not a table code, whatever its length says), or of neither length.
 */
export function whyNotACode(typed: string): string {
  const cleaned = codeAsTyped(typed);
  const foreign = [...new Set(cleaned)].filter((c) => !CODE_ALPHABET.includes(c));
  const codeLength = cleaned.length === TABLE_CODE_LENGTH || cleaned.length === LINK_CODE_LENGTH;
  return codeLength && foreign.length > 0 ? t('code.foreignCharacters', { characters: foreign.join(' ') }) : t('code.notACode');
}
