import type { BySeat, Colour, OutRecord } from '@flightchess/rules';
import { type Named, nameOf } from './describe';
import { t } from '../i18n';
import { type Child, h } from '../ui/dom';

export interface SeatChip {
  readonly colour: Colour;
  readonly name: string;
  /** The seat to move: marked ▶ and announced as current. */
  readonly current: boolean;
  /** Out of the game (RULES.md §7): shown faded. */
  readonly out?: boolean;
}

/** One seat as a coloured chip: ▶ on the seat to move, the name (whole on hover), then what the screen adds. */
export function seatChip(seat: SeatChip, ...more: Child[]): HTMLElement {
  const { colour, name, current } = seat;
  return h(
    'li',
    {
      class: `seat colour-${colour}${current ? ' current' : ''}${seat.out ? ' is-out' : ''}`,
      aria: current ? { current: 'true' } : {},
      data: { colour },
    },
    h('span', { class: 'swatch', aria: { hidden: 'true' }, text: current ? '▶' : '' }),
    h('span', { class: 'name', title: name, text: name }),
    ...more,
  );
}

/** How a seat left the game (认输 / 逃跑 / 掉线超时): the only state an out seat shows (RULES.md §7). */
export function outBadge(reason: OutRecord['reason']): HTMLElement {
  return h('span', { class: 'badge out', data: { testid: 'out' }, text: t(`game.out.${reason}`) });
}

/**
 * The players as coloured chips (the game screen's seat style); `current` marks the seat to move, `out` the
 * seats that left, `playsOn` those whose players left while the seat played on (a casual table's).
 */
export function seatList(
  seats: readonly Named[],
  current: Colour | null = null,
  extra: (colour: Colour) => string = () => '',
  out: BySeat<OutRecord> = {},
  playsOn: BySeat<OutRecord> = {},
): HTMLElement {
  return h(
    'ul',
    { class: 'seats', data: { testid: 'seat-names' } },
    ...seats.map((seat) => {
      const left = out[seat.colour];
      const gone = playsOn[seat.colour];
      return seatChip(
        { colour: seat.colour, name: nameOf(seat), current: seat.colour === current, out: left !== undefined },
        left ? outBadge(left.reason) : null,
        gone ? h('span', { class: 'badge auto', text: t(`game.left.${gone.reason}`) }) : null,
        extra(seat.colour) ? h('span', { class: 'arrived', text: extra(seat.colour) }) : null,
      );
    }),
  );
}
