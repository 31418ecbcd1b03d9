import type { AppContext } from '../app';
import type { Screen } from '../ui/screen';
import { t } from '../i18n';
import { friendsPanel } from '../friends/friendsPanel';
import { pushPanel } from '../friends/pushPanel';
import { createTableForm } from './createTableForm';
import { joinByCodeForm } from './joinByCodeForm';
import { fill, h } from '../ui/dom';

/** Play with friends: who of them is on and what they do, a friend's code to join, or a new table to invite them to. */
export function friendsScreen(ctx: AppContext): Screen {
  const el = h('main', { class: 'screen friends' });
  const panel = friendsPanel(ctx);
  const push = pushPanel(ctx);
  const render = () => {
    panel.relabel();
    push.relabel();
    fill(
      el,
      h('h1', { text: t('mode.friends') }),
      panel.el,
      joinByCodeForm(ctx),
      createTableForm(ctx),
      push.el,
      h('nav', { class: 'page-nav' }, h('a', { class: 'button', href: '#/', text: t('results.home') })),
    );
  };
  render();
  return {
    el,
    relabel: render,
    dispose: () => {
      panel.dispose();
      push.dispose();
    },
  };
}
