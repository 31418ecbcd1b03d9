import { defaultColours } from '@flightchess/protocol';
import { COLOURS, PRESETS, createRng, pairRound, shuffled, streamsFor } from '@flightchess/rules';
import { type PlayedGames, standings } from './results';
import type { Entrant, PairedSeat, PairedTable, StoredRound, StoredTournament } from './tournamentRepository';

/**
 * The next round of a Swiss, from what is stored: the players still in (not withdrawn) in standings order
 * as they stand when it is paired (a duplicate one's ratings read the games reviewed by then) — round one
 * in the order drawn at the start — seated by the rules' pairRound (no repeat opponents where it can, byes
 * to who had none, bots in the seats left). At a duplicate tournament each player is given the dice stream
 * they held least so far (streamsFor; ties drawn from the round's board), the seat of stream k being the
 * table's k-th colour, so that every table of the round seats its streams alike. Ids come from `newId`
 * (random: drawn once, stored with the pairing).
 */
export function pairNext(
  t: Pick<StoredTournament, 'seats' | 'duplicate' | 'draw' | 'preset' | 'format' | 'startsAt' | 'boards'>,
  entrants: readonly Entrant[],
  rounds: readonly StoredRound[],
  games: PlayedGames,
  newId: () => string,
): { tables: PairedTable[]; byes: string[] } {
  const playing = new Set(entrants.filter((e) => e.withdrawnAt === null).map((e) => e.playerId));
  const ranked = rounds.length === 0 ? (t.draw ?? []) : standings(t, entrants, rounds, games).map((s) => s.playerId);
  const order = ranked.filter((p) => playing.has(p));
  const met = new Set<string>();
  const held = new Map<string, number>();
  const hadBye = new Set<string>();
  for (const r of rounds) {
    r.byes.forEach((p) => hadBye.add(p));
    for (const table of r.tables) {
      const people = table.seats.flatMap((s) => (s.playerId ? [s.playerId] : []));
      for (const a of people) for (const b of people) if (a !== b) met.add(`${a} ${b}`);
      for (const s of table.seats)
        if (s.playerId && s.stream !== null) held.set(`${s.playerId} ${s.stream}`, (held.get(`${s.playerId} ${s.stream}`) ?? 0) + 1);
    }
  }
  const { tables, byes } = pairRound({
    standings: order.map((_, i) => i),
    size: t.seats,
    met: (a, b) => met.has(`${order[a]} ${order[b]}`),
    hadBye: (p) => hadBye.has(order[p]!),
  });
  return {
    tables: tables.map((table, i) => {
      const people = table.map((p) => (p === null ? null : order[p]!));
      if (!t.duplicate) return seatedTable(t, people, null, newId);
      // Streams held as often go to whoever a draw from the round's board puts first — not to the table's
      // leader, who would hold stream 0 (the first move) whenever it is free: the simulation measured that
      // bias costing the ranking about a round's worth of order (rules README, "The server's form").
      const board = t.boards?.[rounds.length]?.seed ?? '';
      const drawn = shuffled(people, createRng(`${board}/${i}/seats`).int);
      const streams = streamsFor(drawn, (p, s) => (p === null ? 0 : (held.get(`${p} ${s}`) ?? 0)));
      return seatedTable(t, drawn, streams, newId);
    }),
    byes: byes.map((p) => order[p]!),
  };
}

/**
 * A table of these people (null: a bot), seated in the preset's colours for its size: the seat of stream k
 * (duplicate dice) the k-th colour, else in the order given; its match and room ids drawn now.
 */
export function seatedTable(
  t: Pick<StoredTournament, 'seats' | 'preset'>,
  people: readonly (string | null)[],
  streams: readonly number[] | null,
  newId: () => string,
): PairedTable {
  const colours = defaultColours(PRESETS[t.preset].colours, t.seats);
  const seats: PairedSeat[] = people.map((playerId, i) => ({
    colour: colours[streams?.[i] ?? i]!,
    playerId,
    stream: streams?.[i] ?? null,
  }));
  seats.sort((a, b) => COLOURS.indexOf(a.colour) - COLOURS.indexOf(b.colour));
  return { matchId: newId(), tableId: newId(), seats };
}
