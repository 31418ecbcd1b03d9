import { t } from '../i18n';
import type { ServerFailure } from '../online/netSession';
import { errorMessage } from '../i18n/errorMessages';
import { h } from '../ui/dom';

/** Refusals of a join that watching answers: the game has started, or every seat is taken. */
const WATCH_INSTEAD = { ERR_ALREADY_STARTED: 'watch.started', ERR_NO_FREE_SEAT: 'watch.full' } as const;
/** Refusals of watching itself. */
const NOT_TO_WATCH: readonly string[] = ['ERR_NOT_WATCHABLE', 'ERR_WATCHERS_FULL'];

/**
 * What the table screen shows when a join is refused in a way watching answers: the reason and one
 * button to watch instead (`watch` is given the room); null for any other refusal.
 */
export function watchOffer(failure: ServerFailure, watch: (() => void) | null): HTMLElement[] | null {
  const code = failure.code;
  if (NOT_TO_WATCH.includes(code)) return [h('p', { class: 'error', role: 'alert', text: errorMessage(code) })];
  if (!(code in WATCH_INSTEAD) || !watch) return null;
  return [
    h('p', { class: 'watch-offer', role: 'status', text: t(WATCH_INSTEAD[code as keyof typeof WATCH_INSTEAD]) }),
    h('button', { class: 'primary', text: t('watch.button'), data: { testid: 'watch-instead' }, on: { click: watch } }),
  ];
}
