import type { Colour } from '@flightchess/rules';
import type { Cue } from '../sound/synth';
import type { Presented } from './gameController';

/**
 * The sound for something presented, or null for silence. `mine` tells the seats this client acts for:
 * only their turns call the player, and only their win is a fanfare.
 */
export function cueOf(presented: Presented, mine: (colour: Colour) => boolean): Cue | null {
  switch (presented.type) {
    case 'rolled':
      return 'roll';
    case 'leg':
      // A take-off is one hop, like a step; a jump and a flight each sound their own way.
      return presented.kind === 'jump' ? 'jump' : presented.kind === 'flight' ? 'flight' : 'step';
    case 'hit':
      return 'capture';
    case 'arrived':
      return 'arrive';
    case 'turn':
    case 'extra-roll':
      return mine(presented.seat) ? 'yourTurn' : null;
    case 'game-over':
      return presented.result.winners.some(mine) ? 'win' : null;
    default:
      return null;
  }
}
