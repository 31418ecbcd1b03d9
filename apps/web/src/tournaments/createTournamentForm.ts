import { TOURNAMENT_FORMATS, TOURNAMENT_LIMITS } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { t } from '../i18n';
import { errorMessage } from '../i18n/errorMessages';
import { failureOf } from '../online/netSession';
import { onlineName } from '../online/onlineName';
import { check, field, h, select } from '../ui/dom';
import { tournamentsApi } from './tournamentsApi';

/** The round counts the forms offer (the API takes 1–15). */
export const TOURNAMENT_ROUNDS = [1, 2, 3, 4, 5, 6, 7, 9, 11] as const;
const STARTS_IN_MINUTES = [1, 2, 5, 10, 15, 30, 60] as const;
const ARENA_MINUTES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

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
  const seats = select(
    'tournament-seats',
    [
      ['4', '4'],
      ['2', '2'],
    ],
    '4',
  );
  const rounds = select(
    'tournament-rounds',
    TOURNAMENT_ROUNDS.map((n) => [String(n), String(n)] as [string, string]),
    '3',
  );
  const startsIn = select(
    'tournament-starts',
    STARTS_IN_MINUTES.map((n) => [String(n), String(n)] as [string, string]),
    '5',
  );
  const format = select(
    'tournament-format',
    TOURNAMENT_FORMATS.map((f) => [f, t(`tournaments.format.${f}`)] as [string, string]),
    'swiss',
  );
  const minutes = select(
    'tournament-minutes',
    ARENA_MINUTES.map((n) => [String(n), String(n)] as [string, string]),
    '30',
  );
  const duplicate = h('input', { type: 'checkbox', id: 'tournament-duplicate', checked: true });
  const teams = h('input', { type: 'checkbox', id: 'tournament-teams', checked: false });
  const teamsField = check(t('tournaments.teamsHint'), teams);
  // 2v2 is played at tables of four.
  const showTeams = () => {
    teamsField.hidden = seats.value !== '4';
    if (teamsField.hidden) teams.checked = false;
  };
  seats.addEventListener('change', showTeams);
  showTeams();
  // A Swiss has rounds and may deal duplicate dice; an arena has a length.
  const swissOnly = [field(t('tournaments.rounds'), rounds), check(t('tournaments.duplicateHint'), duplicate)];
  const arenaOnly = [field(t('tournaments.minutes'), minutes)];
  const showFormat = () => {
    for (const el of swissOnly) el.hidden = format.value !== 'swiss';
    for (const el of arenaOnly) el.hidden = format.value === 'swiss';
  };
  format.addEventListener('change', showFormat);
  showFormat();
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
                seats: Number(seats.value) as 2 | 4,
                ...(teams.checked && { teams: true }),
                ...(format.value === 'arena'
                  ? { format: 'arena', minutes: Number(minutes.value) }
                  : { format: 'swiss', rounds: Number(rounds.value), duplicate: duplicate.checked }),
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
    field(t('tournaments.format'), format),
    field(t('tournaments.seats'), seats),
    teamsField,
    ...swissOnly,
    ...arenaOnly,
    field(t('tournaments.startsIn'), startsIn),
    check(t('tournaments.privateHint'), priv),
    create,
    error,
  );
}
