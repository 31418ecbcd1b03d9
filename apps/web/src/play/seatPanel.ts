/** The seat panel of the game screen: each seat as a chip with its badges, connection, arrivals and turn timer. */
import { type Colour, arrivedCount, teamOf } from '@flightchess/rules';
import { t } from '../i18n';
import { h } from '../ui/dom';
import { morph } from '../ui/morph';
import { clockOf } from '../ui/timeWords';
import { seatName, teamName } from './describe';
import { outBadge, seatChip } from './seatList';
import { seatRating } from '../ratings/ratingWords';
import { turnSecondsShown } from './turnTimer';
import type { GameView } from './types';

/**
 * Fill `panel` with the seats in turn order; in a team game, under each team's name (red+yellow, then green+blue).
 * Redrawn twice a second for the clocks: only what changed is changed.
 */
export function fillSeatPanel(panel: HTMLElement, view: GameView): void {
  const { seats } = view.state;
  const list = (colours: readonly Colour[]) => h('ul', { class: 'seats' }, ...colours.map((colour) => seatChipOf(view, colour)));
  if (!view.state.teams) {
    morph(panel, [list(seats)]);
    return;
  }
  morph(
    panel,
    ([0, 1] as const).map((team) => {
      return h(
        'div',
        { class: `team team-${team}` },
        h('p', { class: 'team-name', text: teamName(team) }),
        list(seats.filter((c) => teamOf(c) === team)),
      );
    }),
  );
}

/** One seat: who, whose turn, 托管 or how it left, connection (online), planes home, and the turn timer. */
function seatChipOf(view: GameView, colour: Colour): HTMLElement {
  const { state } = view;
  const seat = view.seats.find((s) => s.colour === colour);
  const isTurn = state.phase !== 'over' && state.current === colour;
  const left = state.out[colour];
  // Its player left, the seat plays on (a casual table): auto-played, or taken over by someone the table asked.
  const playsOn = state.left[colour];
  const badges: HTMLElement[] = [];
  if (seat?.rating)
    badges.push(
      h('span', { class: 'seat-rating', title: t('rating.label'), text: seatRating(seat.rating), data: { testid: 'seat-rating' } }),
    );
  if (seat?.local && view.mode === 'online') badges.push(h('span', { class: 'badge you', text: t('lobby.you') }));
  // An out seat is played by nobody: it shows how it left, never 托管 or whether its player is connected.
  if (left) badges.push(outBadge(left.reason));
  else if (playsOn && seat?.standsFor)
    badges.push(
      h('span', { class: 'badge stand-in', text: t('game.standsFor', { name: seat.standsFor }), data: { testid: 'stands-for' } }),
    );
  else if (playsOn) {
    badges.push(h('span', { class: 'badge auto', text: t(`game.left.${playsOn.reason}`), data: { testid: 'plays-on' } }));
    // Whoever may offer it (play/gameView.ts openSeat) is led to the panel below the board (friends/seatOffer.ts).
    if (view.offered === colour)
      badges.push(
        h('button', {
          class: 'small offer-seat',
          text: t('takeOver.ask'),
          data: { testid: 'offer-seat' },
          on: {
            click: () => document.querySelector('[data-testid=take-over-panel]')?.scrollIntoView({ behavior: 'smooth', block: 'center' }),
          },
        }),
      );
  } else if (seat?.autoPlay) badges.push(h('span', { class: 'badge auto', text: t('game.autoPlaying') }));
  // Nobody's connection to show for a seat its player left, until someone takes it over.
  const played = !left && !(playsOn && !seat?.standsFor);
  if (played && view.mode === 'online' && seat?.kind === 'human') {
    // Away with the seat held: how long until it counts as a resignation.
    const held = !seat.connected && seat.awayUntil ? t('game.held', { time: clockOf(seat.awayUntil - Date.now()) }) : null;
    badges.push(
      h('span', {
        class: `conn ${seat.connected ? 'up' : 'down'}`,
        title: seat.connected ? t('game.online') : t('game.heldTitle'),
        text: seat.connected ? t('game.online') : (held ?? t('game.offline')),
      }),
    );
  }
  let timer: HTMLElement | null = null;
  if (isTurn && view.turnDeadline) {
    const left = turnSecondsShown(view.turnDeadline, Date.now(), view.turnSeconds);
    timer = h('span', { class: `timer${left <= 5 ? ' low' : ''}`, text: t('game.timer', { s: left }), data: { testid: 'timer' } });
  }
  return seatChip(
    { colour, name: seatName(view, colour), current: isTurn, out: left !== undefined },
    ...badges,
    h('span', { class: 'arrived', text: t('game.arrived', { n: arrivedCount(state, colour), total: state.config.planes }) }),
    timer,
  );
}
