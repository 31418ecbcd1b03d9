import { type ScheduledTournament, TOURNAMENT_FORMATS } from '@flightchess/protocol';
import { t } from '../i18n';
import { check, field, h, select } from '../ui/dom';

/** The round counts the forms offer (the API takes 1–15). */
export const TOURNAMENT_ROUNDS = [1, 2, 3, 4, 5, 6, 7, 9, 11] as const;
const ARENA_MINUTES = [10, 15, 20, 30, 45, 60, 90, 120] as const;

/** What kind of tournament: the part a player's form and the console's ask alike. */
export type TournamentShape = Pick<ScheduledTournament, 'format' | 'seats' | 'teams' | 'rounds' | 'minutes' | 'duplicate'>;

const options = (values: readonly number[]) => values.map((n) => [String(n), String(n)] as [string, string]);

/**
 * The fields of a tournament's kind, ids `${prefix}-format`, `-seats`, `-rounds`…: a Swiss (rounds, duplicate
 * dice on by default) or an arena (minutes), tables of 2 or 4, 2v2 at tables of four — each field shown only
 * where it applies — and what they say.
 */
export function formatFields(
  prefix: string,
  rounds: (typeof TOURNAMENT_ROUNDS)[number],
): { fields: HTMLElement[]; shape: () => TournamentShape } {
  const format = select(
    `${prefix}-format`,
    TOURNAMENT_FORMATS.map((f) => [f, t(`tournaments.format.${f}`)] as [string, string]),
    'swiss',
  );
  const seats = select(`${prefix}-seats`, options([4, 2]), '4');
  const roundCount = select(`${prefix}-rounds`, options(TOURNAMENT_ROUNDS), String(rounds));
  const minutes = select(`${prefix}-minutes`, options(ARENA_MINUTES), '30');
  const duplicate = h('input', { type: 'checkbox', id: `${prefix}-duplicate`, checked: true });
  const teams = h('input', { type: 'checkbox', id: `${prefix}-teams`, checked: false });
  const teamsField = check(t('tournaments.teamsHint'), teams);
  // 2v2 is played at tables of four.
  const showTeams = () => {
    teamsField.hidden = seats.value !== '4';
    if (teamsField.hidden) teams.checked = false;
  };
  seats.addEventListener('change', showTeams);
  showTeams();
  // A Swiss has rounds and may deal duplicate dice; an arena has a length.
  const swissOnly = [field(t('tournaments.rounds'), roundCount), check(t('tournaments.duplicateHint'), duplicate)];
  const arenaOnly = [field(t('tournaments.minutes'), minutes)];
  const showFormat = () => {
    for (const el of swissOnly) el.hidden = format.value !== 'swiss';
    for (const el of arenaOnly) el.hidden = format.value === 'swiss';
  };
  format.addEventListener('change', showFormat);
  showFormat();
  return {
    fields: [field(t('tournaments.format'), format), field(t('tournaments.seats'), seats), teamsField, ...swissOnly, ...arenaOnly],
    shape: () => ({
      seats: Number(seats.value) as 2 | 4,
      ...(teams.checked && { teams: true }),
      ...(format.value === 'arena'
        ? { format: 'arena', minutes: Number(minutes.value) }
        : { format: 'swiss', rounds: Number(roundCount.value), duplicate: duplicate.checked }),
    }),
  };
}
