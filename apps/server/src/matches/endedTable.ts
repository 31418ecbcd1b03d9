import type { EndedTable } from '@flightchess/protocol';
import { mayRead } from './matchAccess';
import type { MatchStorage, TableKey } from './MatchStorage';

export type EndedTableStore = Pick<MatchStorage, 'lastMatchAt' | 'getMatch' | 'matchPrivacy'>;

/**
 * What became of a table that is gone, from its last stored game (null: none was stored). Its code is a
 * key to a private table, as it is to watching it (matchAccess.ts): with the code the game's record and
 * players are told when whoever has the code may read the game. A private table's id is no key: asked by
 * its id alone, a private table is not found.
 */
export async function endedTable(storage: EndedTableStore, key: TableKey): Promise<EndedTable | null> {
  const id = await storage.lastMatchAt(key);
  if (!id) return null;
  const [match, table] = await Promise.all([storage.getMatch(id), storage.matchPrivacy(id)]);
  if (!match || !table || (table.private && !('code' in key))) return null;
  const readable = mayRead(match, table, { playerId: null, code: 'code' in key ? key.code : null });
  const { preset, options, teams = false, seats } = match.setup;
  return {
    tableId: match.tableId,
    status: match.status,
    endedAt: match.endedAt,
    matchId: readable ? match.id : null,
    players: readable ? match.seats.filter((s) => s.kind === 'human').map((s) => s.name) : [],
    settings: {
      preset,
      ...(options && Object.keys(options).length > 0 ? { options: options as Record<string, unknown> } : {}),
      size: seats.length,
      teams,
      base: match.base,
      turnSeconds: match.turnSeconds,
      private: table.private,
      rated: match.rated,
      watchable: table.watchable,
    },
  };
}
