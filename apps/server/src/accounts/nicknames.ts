import { z } from 'zod';
import { NICKNAME_MAX_LENGTH } from '@flightchess/protocol';

/** Characters that show nothing: Hangul and Braille fillers, the Mongolian vowel separator, Khmer's inherent vowels. */
// An alternation rather than a class: written side by side in a class, the two Hangul fillers read as one
// combined syllable (to a reader and to the linter), though each is matched alone either way.
const FILLERS = /\u115F|\u1160|\u3164|\uFFA0|\u2800|\u180E|\u17B4|\u17B5/u;

/**
 * A nickname as it is kept: NFKC-normalised (full-width "Ａｎｎ" is "Ann") and trimmed, 1 to 20
 * characters, with something to see — no control or format characters, no invisible fillers.
 */
export const nicknameSchema = z
  .string()
  .transform((s) => s.normalize('NFKC').trim())
  .pipe(
    z
      .string()
      .min(1, 'a nickname needs at least 1 character')
      .max(NICKNAME_MAX_LENGTH, `a nickname has at most ${NICKNAME_MAX_LENGTH} characters`)
      .refine((s) => !/[\p{Cc}\p{Cf}]/u.test(s), 'a nickname cannot contain control characters')
      .refine((s) => !FILLERS.test(s), 'a nickname cannot contain invisible characters'),
  );

/** Letters of other scripts drawn like Latin ones (Cyrillic, Greek), and the Latin letter each looks like. */
const LOOKS_LATIN: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'АA ВB ЕE КK МM НH ОO РP СC ТT ХX УY ЅS ІI ЈJ ԚQ ԜW',
    'аa еe оo рp сc уy хx іi јj ѕs ԁd ԛq ԝw һh ӏl ёe їi',
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX',
    'οo αa νv ρp ιi κk υu χx',
    'ıi ɩi ℓl',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair[0]!, pair[1]!]),
);

/** What a name looks like, whatever script its letters come from: look-alike letters as Latin, one case. */
function skeleton(name: string): string {
  return [...name.normalize('NFKC')]
    .map((c) => LOOKS_LATIN[c] ?? c)
    .join('')
    .toLowerCase();
}

/** The two names cannot be told apart at a glance: the very same, or look-alikes. */
export function sameLooking(name: string, other: string): boolean {
  return skeleton(name) === skeleton(other);
}
