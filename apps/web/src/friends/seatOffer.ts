import type { TableFacts } from '@flightchess/protocol';
import type { AppContext } from '../app';
import { openSeat } from '../play/gameView';
import { invitePanel } from './invitePanel';

/** Where the offer shows: below the game (the game screen's `showBelow`), and taken away again. */
export interface OfferPlace {
  showBelow(build: () => HTMLElement, home: boolean): void;
  clearBelow(): void;
}

/**
 * During a casual table's game, a seat whose player left plays on by auto-play: whoever is still in the
 * game is offered, below the board, to ask their friends online to take it over (invitePanel with the
 * seat). It goes when someone took the seat, or the game ended.
 */
export function seatOffer(
  ctx: AppContext,
  roomId: string,
): { update(table: TableFacts, place: OfferPlace | null): void; relabel(): void; dispose(): void } {
  let panel: ReturnType<typeof invitePanel> | null = null;
  let shownFor = '';
  const drop = () => {
    panel?.dispose();
    panel = null;
  };
  return {
    update(table, place) {
      const seat = place ? openSeat(table, ctx.net.credentials()?.playerId ?? '') : null;
      const key = seat ? `${seat.colour}|${seat.name}` : '';
      if (key === shownFor) return;
      const wasShown = shownFor !== '';
      shownFor = key;
      drop();
      // The results take the place below once the game is over: only an offer shown before is taken away.
      if (!seat) return void (wasShown && table.status === 'playing' && place?.clearBelow());
      const shown = invitePanel(ctx, roomId, seat);
      panel = shown;
      place!.showBelow(() => shown.el, false);
    },
    relabel: () => panel?.relabel(),
    dispose: drop,
  };
}
