/** The controls a game view gives this client (what the panels show and enable), computed from the newest state. */
import { type BySeat, type Colour, type SeatControl, legalMoves, nextSteps } from '@flightchess/rules';
import type { AutoPlayReason } from '@flightchess/protocol';
import { t } from '../i18n';
import { describeRoute, seatName } from './describe';
import type { GameView } from './types';

/** What the DOM panels show and enable: always the newest state, whatever the board is still animating. */
export interface Controls {
  readonly view: GameView;
  /** The local seat that may act now (roll or move), else null. */
  readonly acting: Colour | null;
  readonly canRoll: boolean;
  /** Planes of the acting seat that can move with the pending roll. */
  readonly movable: readonly number[];
  readonly selected: number | null;
  /** The selected move's route in words. */
  readonly summary: string | null;
  /** A local seat's only legal move, which the server (or the offline game) plays by itself (RULES.md §9.10). */
  readonly autoMove: boolean;
  readonly prompt: string;
  /** The local seat that resign / draw / auto-play buttons act for. */
  readonly own: Colour | null;
  readonly canResign: boolean;
  /** Rolls the game still needs before resigning is allowed (0: allowed, or never limited by rolls). */
  readonly rollsBeforeResign: number;
  readonly canOfferDraw: boolean;
  /** The seat that offered a draw this client must answer, and the local seat that answers. */
  readonly drawToAnswer: Colour | null;
  readonly drawAnswerer: Colour | null;
  /** The team-mate whose resignation this client must answer, and the local seat that answers. */
  readonly resignToAnswer: Colour | null;
  readonly resignAnswerer: Colour | null;
  readonly autoPlay: boolean;
  /** Why the own seat is on auto-play (null when it is not): its banner says so. */
  readonly autoPlayBy: AutoPlayReason | null;
  /** What is pressed now reaches the game: false while an online link is down, so nothing acts then. */
  readonly linked: boolean;
}

/** Who decides for each seat, as the view shows them (for nextSteps): the controller never plays, so a bot's name does not matter. */
function controlOf(view: GameView): BySeat<SeatControl> {
  const control: BySeat<SeatControl> = {};
  for (const s of view.seats) control[s.colour] = { bot: s.kind === 'bot' ? 'strong' : null, autoPlay: s.autoPlay };
  return control;
}

/** The local seat that resign, draw and auto-play act for: the own seat online, the current human seat in hot-seat. */
function ownSeat(view: GameView): Colour | null {
  const locals = view.seats.filter((s) => s.local && !view.state.out[s.colour]);
  if (view.mode === 'online' || locals.length <= 1) return locals[0]?.colour ?? null;
  return locals.find((s) => s.colour === view.state.current)?.colour ?? null;
}

/** The controls for `view`, with `selected` the plane the player has picked (if it can still move). */
export function controlsOf(view: GameView, selected: number | null): Controls {
  const { state } = view;
  const isLocal = (c: Colour | undefined) => c !== undefined && view.seats.some((s) => s.colour === c && s.local);
  const { turn, answer } = nextSteps(state, controlOf(view));
  const linked = view.linkDown !== true;
  const acting = linked && turn?.by === 'person' && isLocal(turn.seat) ? turn.seat : null;
  const moves = acting && state.phase === 'move' ? legalMoves(state) : [];
  const selectedMove = moves.find((m) => m.plane === selected);
  const autoMove = turn?.by === 'forced' && isLocal(turn.seat);
  const answering = linked && answer?.by === 'person' && isLocal(answer.seat) ? answer : null;
  const own = ownSeat(view);
  const ownView = view.seats.find((s) => s.colour === own);
  const playing = state.phase !== 'over';
  // A seat its player left plays on (taken over or not): nobody resigns or offers a draw for it any more.
  const mayAct = linked && playing && own !== null && !state.left[own];
  const currentName = seatName(view, state.current);
  // Hot-seat with several people: say whose hands the device goes to.
  const people = view.seats.filter((s) => s.local && s.kind === 'human').length;
  const yours = people > 1 ? t('game.passDevice', { name: currentName }) : t('game.yourTurn');
  let prompt: string;
  if (!playing) prompt = '';
  else if (!linked) prompt = t('game.linkDown');
  else if (acting && state.phase === 'roll') prompt = `${yours} · ${t('game.rollPrompt')}`;
  else if (acting) prompt = selectedMove ? t('game.confirmPrompt') : t('game.movePrompt', { roll: state.roll ?? 0 });
  else if (autoMove) prompt = t('game.autoMove', { name: currentName });
  // The own seat played by auto-play (托管) is still the player's: said in the second person, not by its name.
  else if (turn?.by === 'auto-play' && isLocal(turn.seat))
    prompt = people > 1 ? t('game.autoPlaysFor', { name: currentName }) : t('game.autoPlaysYou');
  else prompt = t('game.turnOf', { name: currentName });
  return {
    view,
    acting,
    canRoll: acting !== null && state.phase === 'roll',
    movable: moves.map((m) => m.plane),
    selected: selectedMove ? selectedMove.plane : null,
    summary: selectedMove ? describeRoute(selectedMove.route) : null,
    autoMove,
    prompt,
    own,
    canResign: mayAct && state.rolls >= state.config.resignAfterRolls && state.pendingResign === null,
    rollsBeforeResign: Math.max(0, state.config.resignAfterRolls - state.rolls),
    canOfferDraw: mayAct && state.config.drawByAgreement && state.drawOffer === null,
    drawToAnswer: answering?.action === 'answer-draw' ? state.drawOffer : null,
    drawAnswerer: answering?.action === 'answer-draw' ? answering.seat : null,
    resignToAnswer: answering?.action === 'answer-resign' ? state.pendingResign : null,
    resignAnswerer: answering?.action === 'answer-resign' ? answering.seat : null,
    autoPlay: ownView?.autoPlay === true,
    autoPlayBy: ownView?.autoPlay ? (ownView.autoPlayBy ?? 'player') : null,
    linked,
  };
}
