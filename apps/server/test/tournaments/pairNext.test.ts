import { pairNext } from '../../src/tournaments/pairNext';
import type { Entrant, StoredTournament } from '../../src/tournaments/tournamentRepository';

const players = Array.from({ length: 16 }, (_, i) => `p${String(i).padStart(2, '0')}`);
const entrants: Entrant[] = players.map((playerId) => ({ playerId, name: playerId, joinedAt: 0, withdrawnAt: null }));
const tournament = (
  seed: string,
): Pick<StoredTournament, 'seats' | 'duplicate' | 'draw' | 'preset' | 'format' | 'startsAt' | 'boards'> => ({
  seats: 4,
  duplicate: true,
  draw: players,
  preset: 'online',
  format: 'swiss',
  startsAt: 0,
  boards: [{ seed, commitment: 'c' }],
});
let n = 0;
const newId = () => `id${n++}`;

describe("a duplicate round's streams (pairNext)", () => {
  test("streams held as often are drawn from the round's board, not given to each table's leader; the same board draws the same", () => {
    const leaders = (seed: string) =>
      pairNext(tournament(seed), entrants, [], { finishes: new Map() }, newId).tables.map((table) => {
        const first = table.seats.find((s) => s.stream === 0)!;
        return [first.colour, first.playerId];
      });
    // Round one pairs in the drawn order: tables p00–p03, p04–p07… Stream 0 is the first colour, red.
    const once = leaders('a'.repeat(64));
    expect(once.every(([colour]) => colour === 'red')).toBe(true);
    expect(once.map(([, p]) => p)).not.toEqual(['p00', 'p04', 'p08', 'p12']);
    expect(leaders('a'.repeat(64))).toEqual(once);
    const boards = ['b', 'c', 'd', 'e', 'f'].map((x) =>
      leaders(x.repeat(64))
        .map(([, p]) => p)
        .join(),
    );
    expect(new Set(boards).size).toBeGreaterThan(1);
  });
});
