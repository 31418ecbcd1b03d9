import { TOURNAMENT_LIMITS } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { onlineName } from '../online/onlineName';
import { check, field, h, select } from '../ui/dom';
import { formatFields } from './formatFields';
import { tournamentsApi } from './tournamentsApi';

const STARTS_IN_MINUTES = [1, 2, 5, 10, 15, 30, 60] as const;

/**
 * A new tournament: its name, a Swiss (rounds, duplicate dice on by default) or an arena (minutes), tables of
 * 2 or 4, when it starts, private; opens its page.
 */
export function createTournamentForm(ctx: AppContext): HTMLElement {
  const error = h('p', { class: 'error', role: 'alert' });
  const name = h('input', {
    id: 'tournament-name',
    type: 'text',
    maxLength: TOURNAMENT_LIMITS.maxNameLength,
    data: { testid: 'tournament-name' },
  });
  const kind = formatFields('tournament', 3);
  const startsIn = select(
    'tournament-starts',
    STARTS_IN_MINUTES.map((n) => [String(n), String(n)] as [string, string]),
    '5',
  );
  const priv = h('input', { type: 'checkbox', id: 'tournament-private', checked: false });
  const create = h('button', { type: 'submit', class: 'primary', text: t('tournaments.create'), data: { testid: 'tournament-create' } });
  return h(
    'form',
    {
      class: 'card tournament-create',
      on: {
        submit: (event) => {
          event.preventDefault();
          create.disabled = true;
          error.textContent = '';
          void (async () => {
            try {
              const creds = await ctx.net.guest(onlineName(ctx.prefs));
              const made = await tournamentsApi.create(ctx.net, creds, {
                ...kind.shape(),
                private: priv.checked,
                startsAt: Date.now() + Number(startsIn.value) * 60_000,
                ...(name.value.trim() && { name: name.value.trim() }),
              });
              ctx.navigate({ name: 'tournament', id: made.id });
            } catch (e) {
              error.textContent = errorMessage(failureOf(e).code);
              create.disabled = false;
            }
          })();
        },
      },
    },
    h('h2', { text: t('tournaments.create') }),
    field(t('tournaments.name'), name),
    ...kind.fields,
    field(t('tournaments.startsIn'), startsIn),
    check(t('tournaments.privateHint'), priv),
    create,
    error,
  );
}
