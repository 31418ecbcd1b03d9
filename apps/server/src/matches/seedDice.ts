import { createHash } from 'node:crypto';

const SEED = /^[0-9a-f]{64}$/;

/**
 * The dice of a match's seed as the compact log (format 1) reads them: the derivation of the rules'
 * `rollAt` (packages/protocol README: Provably fair dice — SHA-256(seed ‖ uint32be(index) ‖ uint32be(round)), the first
 * digest byte under 252 gives 1 + byte mod 6), with node's SHA-256, which takes a whole game's rolls in
 * about a millisecond where the engine's portable one takes tens. A test holds the two equal; a change
 * of the derivation needs a new log format, or the logs written before would read other dice.
 * Null for every roll of a malformed seed (such a log writes its dice out).
 */
export function seedDice(seedHex: string): (index: number) => number | null {
  if (!SEED.test(seedHex)) return () => null;
  const message = Buffer.alloc(40);
  Buffer.from(seedHex, 'hex').copy(message);
  const dice: number[] = [];
  return (index) => {
    if (dice[index] !== undefined) return dice[index];
    message.writeUInt32BE(index, 32);
    for (let round = 0; ; round++) {
      message.writeUInt32BE(round, 36);
      for (const byte of createHash('sha256').update(message).digest()) {
        if (byte < 252) return (dice[index] = 1 + (byte % 6));
      }
    }
  };
}
