import type { GameEvent } from '@flightchess/rules';
import { fill, h } from '../ui/dom';
import { eventLines } from './eventWords';
import type { Presented } from './gameController';
import type { GameView } from './types';
import './eventCaption.css';

/** Enough for an action's say (a move and its capture, or an extra roll) in the plane row's height. */
const SHOWN_LINES = 2;

/**
 * What just happened, in words under the prompt, as the board shows it: each event's line is added as its
 * animation starts (a capture's as the planes are hit), and the newest two lines stay, so a capture is still
 * there to read when the next roll comes. It never covers the board (on a phone it used to hide the top
 * hangars): it takes the plane row's place while no plane is to be picked. Whose turn it is the prompt
 * says, so that is left out here.
 */
export class EventCaption {
  readonly el = h('p', { class: 'event-caption', hidden: true, aria: { hidden: 'true' }, data: { testid: 'event-caption' } });
  /** The events presented so far, by the update (view) they came with: the last few updates are kept. */
  private told: { view: GameView; events: GameEvent[] }[] = [];

  /** The board presents an event (or a moment of a move, which the words do not follow). */
  present(presented: Presented, view: GameView): void {
    if (presented.type === 'leg' || presented.type === 'hit' || presented.type === 'turn') return;
    const last = this.told.at(-1);
    if (last?.view === view) last.events.push(presented);
    else this.told = [...this.told.slice(1 - SHOWN_LINES), { view, events: [presented] }];
    this.render();
  }

  /** Say it again in the current language: the newest lines, one under the other. */
  render(): void {
    const lines = this.told.flatMap(({ view, events }) => eventLines(events, view)).slice(-SHOWN_LINES);
    this.el.hidden = lines.length === 0;
    fill(this.el, ...lines.map((line) => h('span', { text: line })));
    // Two long lines may wrap past the place on a narrow phone: the older gives way, never the newest.
    while (this.el.childElementCount > 1 && this.el.scrollHeight > this.el.clientHeight) this.el.firstElementChild!.remove();
    // A new line pops in, so that a glance catches it.
    this.el.classList.remove('fresh');
    void this.el.offsetWidth;
    this.el.classList.add('fresh');
  }
}
