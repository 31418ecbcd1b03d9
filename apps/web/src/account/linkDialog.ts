import type { LinkCode } from '@flightchess/protocol';
import { language, t } from '../i18n';
import { h } from '../ui/dom';
import '../ui/dialog.css';

/** The code in two groups of four, easier to read out and type. */
const grouped = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

/**
 * "Use on another device": the one-time code, the same as a link and a QR code (uqr), and until when
 * it works. A modal <dialog>; closing it removes it. The QR encoder is loaded when first needed.
 */
export async function showLinkDialog(code: LinkCode): Promise<HTMLDialogElement> {
  const { renderSVG } = await import('uqr');
  const link = new URL(code.link, window.location.origin).toString();
  // An <img> of the SVG: the page's CSP allows data: images, and the QR scales without blurring.
  const qr = h('img', { class: 'qr', data: { testid: 'link-qr' } });
  qr.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 2 }))}`;
  qr.alt = t('account.link.qrAlt');
  const close = h('button', { class: 'primary', text: t('account.close'), data: { testid: 'link-close' } });
  // The dialog focuses this rather than the link (whose focus ring would frame it for no reason).
  close.autofocus = true;
  const until = new Date(code.expiresAt).toLocaleTimeString(language(), { timeStyle: 'short' });
  const dialog = h(
    'dialog',
    { class: 'dialog account-dialog link-dialog', aria: { labelledby: 'link-title' }, data: { testid: 'link-dialog' } },
    h('h2', { id: 'link-title', text: t('account.link.title') }),
    h('p', { class: 'note', text: t('account.link.how') }),
    h('p', { class: 'link-code', data: { testid: 'link-code', code: code.code }, text: grouped(code.code) }),
    qr,
    h('p', { class: 'link-url' }, h('a', { href: link, text: link, data: { testid: 'link-url' } })),
    h('p', { class: 'note', text: t('account.link.valid', { time: until }) }),
    close,
  );
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  return dialog;
}
