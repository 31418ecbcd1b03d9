import type { BotName, Colour } from '@flightchess/rules';

const COLOUR_WORD: Readonly<Record<Colour, string>> = { red: 'Red', green: 'Green', yellow: 'Yellow', blue: 'Blue' };
const LEVEL_WORD: Readonly<Record<BotName, string>> = { random: 'easy', heuristic: 'medium', strong: 'strong', expert: 'expert' };

/**
 * What the server calls a bot seat in its facts, listings and match records: what the bot is (colour
 * and strength) in the words the game's English pages use, "Yellow bot (strong)". Pages name a bot
 * from its kind, colour and strength in the reader's language; this is the name for everyone else
 * who reads the API (a web test holds the two English spellings together).
 */
export function botLabel(colour: Colour, bot: BotName): string {
  return `${COLOUR_WORD[colour]} bot (${LEVEL_WORD[bot]})`;
}
