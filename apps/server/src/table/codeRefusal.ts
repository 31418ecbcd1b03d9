import { type Rejection, reject } from '@flightchess/protocol';
import { sameSecret } from '../http/sameSecret';
import type { TableState } from './schema';

/**
 * A private table lets a newcomer in — to sit or to watch — only with its join code (docs/decisions/006-private-means-private.md): its room
 * id is no key, since it shows in addresses, logs and the records of those who sat there. A player who
 * has a seat there is never asked (the room checks that first), nor the first to sit at a table nobody
 * sits at (no host): its creator, who has no code yet. The code is compared as the lookup does (any case).
 */
export function codeRefusal(
  table: Pick<TableState, 'private' | 'code' | 'hostId'>,
  options: { watch?: unknown; code?: unknown } | undefined,
): Rejection | null {
  if (!table.private || (table.hostId === '' && options?.watch !== true)) return null;
  const code = options?.code;
  // A table without a code (a private tournament's) lets nobody in by one: '' is no key.
  if (typeof code === 'string' && table.code !== '' && sameSecret(code.toUpperCase(), table.code)) return null;
  return reject('ERR_PRIVATE_TABLE', 'this table is private: join or watch it with its code or link');
}
