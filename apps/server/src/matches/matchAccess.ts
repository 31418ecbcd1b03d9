import { describeIssues } from '@flightchess/protocol';
import { z } from 'zod';
import type { MatchRecord } from '@flightchess/protocol';
import { type GuestReads, credentialsSchema, verifyGuest } from '../accounts/guests';
import type { HttpRefusal } from '../http/respond';
import { sameSecret } from '../http/sameSecret';
import type { MatchPrivacy } from './MatchStorage';

/** Who asks for a match: a player whose credentials were checked (or nobody), and a join code they give. */
export interface MatchReader {
  readonly playerId: string | null;
  readonly code: string | null;
}

/** POST /api/matches/:id's body (MatchViewer of the protocol): credentials, a code, both or neither. */
const viewerSchema = credentialsSchema
  .partial()
  .extend({ code: z.string().max(16).optional() })
  .strict();

/** The reader a request's body names; a refusal (400, 401) when it is malformed or its credentials fail. */
export async function readerOf(storage: GuestReads, body: unknown): Promise<MatchReader | HttpRefusal> {
  const viewer = viewerSchema.safeParse(body ?? {});
  if (!viewer.success) return { status: 400, code: 'ERR_BAD_REQUEST', message: describeIssues(viewer.error) };
  const { playerId, secret, code = null } = viewer.data;
  if (playerId === undefined && secret === undefined) return { playerId: null, code };
  const player = playerId && secret ? await verifyGuest(storage, playerId, secret) : null;
  if (!player)
    return { status: 401, code: 'ERR_BAD_CREDENTIALS', message: 'send the playerId and secret from POST /api/guests, or neither' };
  return { playerId: player.id, code };
}

/** Who sat there, and who took a seat over after its player left, played the game. */
function playedIn(match: MatchRecord, reader: MatchReader): boolean {
  if (reader.playerId === null) return false;
  return match.seats.some((s) => s.playerId === reader.playerId || s.standIns?.some((p) => p.playerId === reader.playerId));
}

/**
 * A game of a tournament's duplicate round whose round is still being played (its seed not yet shown) is
 * its own players' only: any other reader could learn the board's dice, which tables still playing roll.
 */
export function boardUnderWay(match: MatchRecord, reader: MatchReader): boolean {
  return match.diceStreams !== null && match.seed === null && !playedIn(match, reader);
}

/**
 * Whether `reader` may read the match (docs/decisions/006-private-means-private.md: "private means private"). Those who sat there always
 * may. Anyone may read a finished game of a public table, and one being played there when it may be
 * watched (what watching it shows). A private table's game is shown with its code, as watching it is —
 * unless nobody may watch it; otherwise only to its players (and to whoever took a seat of it over). Anyone else is told there is no such match.
 */
export function mayRead(match: MatchRecord, table: MatchPrivacy, reader: MatchReader): boolean {
  if (playedIn(match, reader)) return true;
  if (!table.private) return match.status !== 'playing' || table.watchable;
  // A table without a code (a private tournament's) is read by its players only: '' is no key.
  return table.watchable && reader.code !== null && table.code !== '' && sameSecret(reader.code.toUpperCase(), table.code);
}
