import { t } from '../i18n';
import { h } from '../ui/dom';
import { nicknameInput } from '../ui/nicknameInput';

/**
 * Someone who opened an invite link and never chose a nickname is asked for one before they sit down,
 * in the page: the others see them by it. Prefilled with a made-up one (`suggestion`), so that one
 * press goes on. Resolves with the name, trimmed (the suggestion when left empty).
 */
export function nicknamePrompt(suggestion: string): { readonly el: HTMLElement; readonly answer: Promise<string> } {
  const { input, note } = nicknameInput({ id: 'invite-nickname', value: suggestion, data: { testid: 'invite-nickname' } });
  const el = h(
    'form',
    { class: 'card nickname-prompt', data: { testid: 'nickname-prompt' } },
    h('h1', { text: t('invite.nicknameTitle') }),
    h('label', { for: 'invite-nickname', text: t('invite.nicknameLabel') }),
    input,
    note,
    h('button', { class: 'primary', type: 'submit', text: t('invite.join'), data: { testid: 'invite-join' } }),
  );
  const answer = new Promise<string>((resolve) =>
    el.addEventListener('submit', (event) => {
      event.preventDefault();
      resolve(input.value.trim() || suggestion);
    }),
  );
  queueMicrotask(() => input.select());
  return { el, answer };
}
