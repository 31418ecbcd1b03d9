import { t } from '../i18n';
import { h } from '../ui/dom';

/** Share a match's page: the device's share sheet where there is one, else the link copied; the line beside says which. */
export function shareButton(url: string): HTMLElement {
  const said = h('span', { class: 'share-note', role: 'status', data: { testid: 'share-note' } });
  const share = async () => {
    if (typeof navigator.share === 'function') {
      // Dismissing the sheet rejects: nothing to say then.
      return navigator.share({ title: t('ending.shareTitle'), url }).catch(() => undefined);
    }
    // No clipboard outside a secure page: the link is shown to copy by hand.
    said.textContent = await Promise.resolve()
      .then(() => navigator.clipboard.writeText(url))
      .then(
        () => t('ending.copied'),
        () => t('ending.shareFailed', { url }),
      );
  };
  return h(
    'span',
    { class: 'share' },
    h('button', { text: t('ending.share'), data: { testid: 'share', url }, on: { click: () => void share() } }),
    said,
  );
}
