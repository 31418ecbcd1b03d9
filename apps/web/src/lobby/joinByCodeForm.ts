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
    else error.textContent = t('code.notACode');
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
