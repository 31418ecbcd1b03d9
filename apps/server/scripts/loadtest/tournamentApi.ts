import type { TournamentRequest, TournamentView } from '@flightchess/protocol';
import { postJson } from './rawRoom';

/** A guest's credentials: what joins a tournament and takes its seat at each round's table. */
export interface Credentials {
  readonly playerId: string;
  readonly secret: string;
}

/** The answer's body when it came with the expected status; else an error naming what was asked and the server's code. */
async function expect<T>(what: string, status: number, answer: Promise<{ status: number; body: unknown }>): Promise<T> {
  const res = await answer;
  if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${(res.body as { code?: string } | null)?.code ?? ''}`);
  return res.body as T;
}

/** `count` guests, made a batch at a time (the requests share rawRoom's few kept-alive connections anyway). */
export async function newGuests(baseUrl: string, count: number, batch = 32): Promise<Credentials[]> {
  const guests: Credentials[] = [];
  for (let first = 0; first < count; first += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - first) }, (_, i) =>
        expect<Credentials>('guest', 201, postJson(`${baseUrl}/api/guests`, { nickname: `Swiss ${first + i}` })),
      ),
    );
    guests.push(...made.map(({ playerId, secret }) => ({ playerId, secret })));
  }
  return guests;
}

/** A tournament made by `creator` (who is in it from the start). */
export function createTournament(
  baseUrl: string,
  creator: Credentials,
  asked: Omit<TournamentRequest, 'playerId' | 'secret'>,
): Promise<TournamentView> {
  return expect('create the tournament', 201, postJson(`${baseUrl}/api/tournaments`, { ...creator, ...asked }));
}

export async function joinTournament(baseUrl: string, id: string, player: Credentials): Promise<void> {
  await expect('join the tournament', 200, postJson(`${baseUrl}/api/tournaments/${id}/join`, player));
}

export async function tournamentView(baseUrl: string, id: string): Promise<TournamentView> {
  const res = await fetch(`${baseUrl}/api/tournaments/${id}`);
  if (!res.ok) throw new Error(`GET the tournament: HTTP ${res.status}`);
  return (await res.json()) as TournamentView;
}
