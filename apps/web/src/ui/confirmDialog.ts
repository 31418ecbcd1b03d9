import { t } from '../i18n';
import { h } from './dom';
import './dialog.css';
import './confirmDialog.css';

/**
 * Ask before something that cannot be undone, in the page rather than by window.confirm (whose look and
 * language are the browser's, and which some in-app browsers block). A modal <dialog>: the page behind is
 * inert, so Tab stays inside; Escape and "Cancel" (focused first, the safe answer) say no.
 * Resolves true only when `yes` is pressed.
 */
export function confirmDialog(question: string, yes: string): Promise<boolean> {
  const no = h('button', { type: 'submit', value: 'no', text: t('dialog.cancel'), data: { testid: 'confirm-no' } });
  no.autofocus = true;
  const form = h(
    'form',
    { class: 'confirm-buttons' },
    no,
    h('button', { type: 'submit', class: 'primary', value: 'yes', text: yes, data: { testid: 'confirm-yes' } }),
  );
  form.method = 'dialog';
  const dialog = h(
    'dialog',
    { class: 'dialog confirm-dialog', aria: { labelledby: 'confirm-question' }, data: { testid: 'confirm-dialog' } },
    h('p', { id: 'confirm-question', text: question }),
    form,
  );
  document.body.append(dialog);
  dialog.showModal();
  return new Promise((resolve) =>
    dialog.addEventListener('close', () => {
      dialog.remove();
      resolve(dialog.returnValue === 'yes');
    }),
  );
}
