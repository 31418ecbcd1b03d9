import { createHash } from 'node:crypto';
import { type Action, commitmentOf, rollAt, rollsIn, streamRollAt, verifyRolls, verifyStreamRolls } from '../src';
import { fromHex, sha256, toHex } from '../src/sha256';

const ascii = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const nodeSha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

const SEED = '3f'.repeat(8) + '00112233445566778899aabbccddeeff' + 'c0ffee'.repeat(2) + 'beef';

describe('sha256 (FIPS 180-4 test vectors)', () => {
  test.each([
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    [
      'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      'cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1',
    ],
  ])('%j', (message, digest) => {
    expect(toHex(sha256(ascii(message)))).toBe(digest);
  });

  test('a million times "a" (a long, multi-block message)', () => {
    expect(toHex(sha256(ascii('a'.repeat(1_000_000))))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  test('agrees with node:crypto on every length around the padding boundaries', () => {
    for (let n = 0; n <= 200; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);
      expect(toHex(sha256(bytes))).toBe(nodeSha(bytes).toString('hex'));
    }
  });

  test('fromHex reads either case and refuses odd-length or non-hex text', () => {
    expect(Array.from(fromHex('00fFa0')!)).toEqual([0, 255, 160]);
    expect(fromHex('abc')).toBeNull();
    expect(fromHex('zz')).toBeNull();
  });
});

/** The documented derivation, re-implemented with node:crypto as an independent check (the words before the round). */
function referenceRoll(seedHex: string, ...words: number[]): number {
  for (let round = 0; ; round++) {
    const tail = Buffer.alloc(4 * words.length + 4);
    words.forEach((w, i) => tail.writeUInt32BE(w, 4 * i));
    tail.writeUInt32BE(round, 4 * words.length);
    const digest = nodeSha(Buffer.concat([Buffer.from(seedHex, 'hex'), tail]));
    for (const b of digest) if (b < 252) return 1 + (b % 6);
  }
}

describe('provably fair dice', () => {
  test('the commitment is the SHA-256 of the seed bytes', () => {
    expect(commitmentOf(SEED)).toBe(nodeSha(Buffer.from(SEED, 'hex')).toString('hex'));
  });

  test('rollAt follows the documented derivation', () => {
    for (let i = 0; i < 300; i++) expect(rollAt(SEED, i)).toBe(referenceRoll(SEED, i));
  });

  test('a first digest byte of 252..255 is skipped, not folded onto a face (no modulo bias)', () => {
    const digestOf = (i: number) => {
      const tail = Buffer.alloc(8);
      tail.writeUInt32BE(i, 0);
      return nodeSha(Buffer.concat([Buffer.from(SEED, 'hex'), tail]));
    };
    // An index whose first byte is rejected and would have given a different face if folded.
    let index = 0;
    const nextAccepted = (d: Buffer) => d.find((b) => b < 252)!;
    while (digestOf(index)[0]! < 252 || digestOf(index)[0]! % 6 === nextAccepted(digestOf(index)) % 6) index++;
    const digest = digestOf(index);
    expect(rollAt(SEED, index)).toBe(1 + (nextAccepted(digest) % 6));
    expect(rollAt(SEED, index)).not.toBe(1 + (digest[0]! % 6));
  });

  test('the faces come out evenly over many rolls', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 6000;
    for (let i = 0; i < n; i++) counts[rollAt(SEED, i) - 1]!++;
    const chiSquare = counts.reduce((sum, c) => sum + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chiSquare).toBeLessThan(20.5); // p ≈ 0.001 for 5 degrees of freedom
  });

  test('a malformed seed or index is refused', () => {
    expect(() => rollAt('abcd', 0)).toThrow(RangeError);
    expect(() => rollAt(SEED, -1)).toThrow(RangeError);
    expect(() => commitmentOf('x'.repeat(64))).toThrow(RangeError);
  });

  test('verifyRolls accepts the true rolls and pinpoints a forged one', () => {
    const rolls = Array.from({ length: 40 }, (_, i) => rollAt(SEED, i));
    const commitment = commitmentOf(SEED);
    expect(verifyRolls(SEED, commitment, rolls)).toEqual({ ok: true, value: { rolls: 40 } });
    expect(verifyRolls(SEED, commitment.toUpperCase(), rolls).ok).toBe(true);

    const forged = [...rolls];
    forged[17] = (forged[17]! % 6) + 1;
    const check = verifyRolls(SEED, commitment, forged);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toMatchObject({ code: 'ERR_ROLL_MISMATCH', index: 17 });
  });

  test('verifyRolls refuses a seed that does not match the commitment, or is malformed', () => {
    const other = 'ab'.repeat(32);
    const wrong = verifyRolls(other, commitmentOf(SEED), []);
    expect(!wrong.ok && wrong.error.code).toBe('ERR_COMMITMENT_MISMATCH');
    const bad = verifyRolls('nope', commitmentOf(SEED), []);
    expect(!bad.ok && bad.error.code).toBe('ERR_BAD_SEED');
  });

  test('rollsIn lists the roll values of an action log in order', () => {
    const actions: Action[] = [
      { type: 'roll', seat: 'red', value: 6 },
      { type: 'move', seat: 'red', plane: 0 },
      { type: 'roll', seat: 'red', value: 2 },
      { type: 'resign', seat: 'yellow' },
      { type: 'roll', seat: 'yellow', value: 5 },
    ];
    expect(rollsIn(actions)).toEqual([6, 2, 5]);
  });
});

describe('duplicate dice: a stream per seat', () => {
  test('roll n of stream k follows the documented derivation', () => {
    for (const k of [0, 1, 3]) for (let n = 0; n < 100; n++) expect(streamRollAt(SEED, k, n)).toBe(referenceRoll(SEED, k, n));
  });

  test('a stream depends on its seed, number and roll index alone: rolls drawn elsewhere shift nothing', () => {
    // Property: any interleaving of draws over four streams gives each stream the same sequence.
    const draws = Array.from({ length: 400 }, (_, i) => (i * 7 + (i >> 3)) % 4);
    const next = [0, 0, 0, 0];
    const got: number[][] = [[], [], [], []];
    for (const k of draws) got[k]!.push(streamRollAt(SEED, k, next[k]!++));
    got.forEach((rolls, k) => expect(rolls).toEqual(rolls.map((_, n) => streamRollAt(SEED, k, n))));
    // …and the streams differ from each other and from the game-order dice.
    const first = (k: number) => Array.from({ length: 40 }, (_, n) => streamRollAt(SEED, k, n)).join('');
    expect(new Set([first(0), first(1), first(2), first(3), Array.from({ length: 40 }, (_, i) => rollAt(SEED, i)).join('')]).size).toBe(5);
  });

  test('every face equally likely on a stream (chi-square, 5 degrees of freedom, p > 0.001)', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 12_000;
    for (let i = 0; i < n; i++) counts[streamRollAt(SEED, i % 4, i >> 2) - 1]!++;
    const chi = counts.reduce((sum, c) => sum + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.52);
  });

  test("a duplicate table's log checks against its board: roll n of each seat from the stream it held, nothing else", () => {
    const streams = { red: 2, yellow: 0 } as const;
    const seats = ['red', 'red', 'yellow', 'red', 'yellow', 'yellow'] as const;
    const n = { red: 0, yellow: 0 };
    const actions: Action[] = seats.map((seat) => ({ type: 'roll', seat, value: streamRollAt(SEED, streams[seat], n[seat]++) }));
    const commitment = commitmentOf(SEED);
    expect(verifyStreamRolls(SEED, commitment, actions, streams)).toEqual({ ok: true, value: { rolls: 6 } });
    // The same dice read as game-order dice, or with the streams swapped, do not check.
    expect(verifyRolls(SEED, commitment, rollsIn(actions)).ok).toBe(false);
    const swapped = verifyStreamRolls(SEED, commitment, actions, { red: 0, yellow: 2 });
    expect(swapped.ok ? 'ok' : swapped.error.code).toBe('ERR_ROLL_MISMATCH');
    const wrong = verifyStreamRolls('0'.repeat(64), commitment, actions, streams);
    expect(wrong.ok ? 'ok' : wrong.error.code).toBe('ERR_COMMITMENT_MISMATCH');
    // A seat that held no stream rolled dice nobody can check.
    const unheld = verifyStreamRolls(SEED, commitment, actions, { red: 2 });
    expect(unheld.ok ? 'ok' : unheld.error.index).toBe(2);
  });

  test('a malformed seed, stream or index is a RangeError', () => {
    expect(() => streamRollAt('abcd', 0, 0)).toThrow(RangeError);
    expect(() => streamRollAt(SEED, -1, 0)).toThrow(RangeError);
    expect(() => streamRollAt(SEED, 0, 1.5)).toThrow(RangeError);
  });
});
