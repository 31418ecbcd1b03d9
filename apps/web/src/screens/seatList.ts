import type { Colour } from '@flightchess/rules';
import { type Named, nameOf } from '../adapter/describe';
import { h } from '../ui/dom';

/** The players as coloured chips (the game screen's seat style); `current` marks the seat to move. */
export function seatList(seats: readonly Named[], current: Colour | null = null, extra: (colour: Colour) => string = () => ''): HTMLElement {
  return h(
    'ul',
    { class: 'seats', data: { testid: 'seat-names' } },
    ...seats.map((seat) =>
      h(
        'li',
        { class: `seat colour-${seat.colour}${seat.colour === current ? ' current' : ''}`, aria: seat.colour === current ? { current: 'true' } : {}, data: { colour: seat.colour } },
        h('span', { class: 'swatch', aria: { hidden: 'true' }, text: seat.colour === current ? '▶' : '' }),
        h('span', { class: 'name', text: nameOf(seat) }),
        extra(seat.colour) ? h('span', { class: 'arrived', text: extra(seat.colour) }) : null,
      ),
    ),
  );
}
