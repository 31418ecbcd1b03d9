import { insertPlayer } from '../players/playerRepository';
import type { Sql } from '../storage/sql';
import { accountRepository } from './accountRepository';

/** New players: each comes with its first device (migration 3 made each guest's secret its first device). */
export interface GuestStorage {
  /** A new player and its first device (signed in with `secretHash`), at once. */
  createPlayer(player: NewPlayer): Promise<void>;
}

export interface NewPlayer {
  readonly id: string;
  readonly nickname: string;
  /** SHA-256 hex of the first device's secret: the secret itself is never stored. */
  readonly secretHash: string;
  readonly createdAt: number;
  /** The first device's id (default: the player's id) and name (from its browser). */
  readonly deviceId?: string;
  readonly deviceName?: string;
}

export function guestRepository(sql: Sql): GuestStorage {
  return {
    createPlayer: (p) =>
      sql.transaction(
        async (tx) => {
          await insertPlayer(tx, p);
          await accountRepository(tx).addDevice({
            id: p.deviceId ?? p.id,
            playerId: p.id,
            secretHash: p.secretHash,
            name: p.deviceName ?? '',
            createdAt: p.createdAt,
            lastSeenAt: p.createdAt,
          });
        },
        { durable: true },
      ),
  };
}
