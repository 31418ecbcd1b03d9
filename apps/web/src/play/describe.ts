import {
  type BotName,
  COLOURS,
  type Colour,
  FINISH,
  LANE_START,
  type Position,
  type Route,
  isPresetName,
  teamOf,
} from '@flightchess/rules';
import { colourName, t } from '../i18n';
import type { GameView } from './types';

/** A preset as a server names it, in words (a name this client does not know stays as it came). */
export function presetName(preset: string): string {
  return isPresetName(preset) ? t(`preset.${preset}`) : preset;
}

/** What a name is made from: a person's nickname, or (`bot` set) the bot that plays the seat. */
export interface Named {
  readonly colour: Colour;
  readonly name: string;
  readonly bot: BotName | null;
}

/**
 * A seat's display name in the current language: a bot by its colour and strength ("黄方电脑（强）",
 * "Yellow bot (strong)"), so each bot at a table has its own; a person by their name, else the colour.
 */
export function nameOf(seat: Named): string {
  const side = t('colour.side', { colour: colourName(seat.colour) });
  if (seat.bot) return t('seat.bot', { side, level: t(`bot.level.${seat.bot}`) });
  return seat.name || side;
}

/** A team's two colours in seat order (0: red and yellow, 1: green and blue). */
export function teamColours(team: 0 | 1): Colour[] {
  return COLOURS.filter((c) => teamOf(c) === team);
}

/** A team by its two colours: "红黄队" / "Red+Yellow team". */
export function teamName(team: 0 | 1): string {
  const [a, b] = teamColours(team).map((c) => colourName(c));
  return t('team.name', { a: a!, b: b! });
}

export function seatName(view: GameView, colour: Colour): string {
  const seat = view.seats.find((s) => s.colour === colour);
  return nameOf(seat ?? { colour, name: '', bot: null });
}

export function describePosition(position: Position): string {
  if (position === 'hangar') return t('where.hangar');
  if (position === 0) return t('where.launch');
  if (position >= FINISH) return t('where.finish');
  if (position >= LANE_START) return t('where.lane', { n: position - LANE_START + 1 });
  return t('where.ring', { p: position });
}

/** Steps taken forwards before a bounce or walk-back turns the plane round. */
function forwardSteps(from: number, path: readonly number[]): number {
  let prev = from;
  for (let i = 0; i < path.length; i++) {
    if (path[i]! < prev) return i;
    prev = path[i]!;
  }
  return path.length;
}

/** The route preview in words (RULES.md §6): steps, bounce or walk-back, jump, flight, captures, end. */
export function describeRoute(route: Route): string {
  const parts: string[] = [];
  for (const seg of route.segments) {
    switch (seg.kind) {
      case 'takeoff':
        parts.push(t('game.preview.takeoff'));
        break;
      case 'dice':
        {
          const forward = forwardSteps(seg.from, seg.path);
          parts.push(forward === 1 ? t('game.preview.step') : t('game.preview.steps', { n: forward }));
          const back = seg.path.length - forward;
          if (seg.bounce > 0) parts.push(t('game.preview.bounce', { n: back }));
          if (seg.walkBack > 0) parts.push(t('game.preview.walkBack', { n: back }));
        }
        break;
      case 'jump':
        parts.push(t('game.preview.jump'));
        break;
      case 'flight':
        parts.push(t('game.preview.flight'));
        break;
      case 'blocked':
        parts.push(t('game.preview.blocked'));
        break;
    }
  }
  for (const capture of route.captures) {
    parts.push(capture.moverSentHome ? t('game.preview.crash') : t('game.preview.capture', { n: capture.victims.length }));
  }
  parts.push(route.arrived ? t('game.preview.arrive') : `→ ${describePosition(route.final)}`);
  return parts.join(' · ');
}
