import { type BotName, type GameState, chooseMove, createRng } from '@flightchess/rules';

/** The bot that plays for a seat in auto-play (托管): the strongest one (RULES.md §8). */
export const AUTO_PLAY_BOT: BotName = 'strong';

/**
 * The plane a bot moves, or null when nothing can move. The bots' tie-breaking randomness is seeded
 * from public data (match id and state version), never from the secret dice seed.
 */
export function botPlane(game: GameState, bot: BotName, matchId: string): number | null {
  return chooseMove(game, bot, createRng(`${matchId}:${game.version}`))?.plane ?? null;
}
