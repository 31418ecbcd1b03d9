import { COLOURS, PRESET_NAMES } from '@flightchess/rules';
import { z } from 'zod';

/** The turn times a server allows (its TURN_SECONDS widens them). */
export interface TurnLimits {
  readonly minTurnSeconds: number;
  readonly maxTurnSeconds: number;
}

/** A player's credentials (POST /api/guests), presented on every create and join. */
const credentials = {
  playerId: z.string().optional(),
  secret: z.string().optional(),
};

/**
 * What a client passes to create, quick-match or join a table: the table's settings (create and quick
 * match), its credentials and a preferred colour. Strict: anything else is refused.
 */
export function tableOptionsSchema(limits: TurnLimits) {
  return z.strictObject({
    preset: z.enum(PRESET_NAMES).optional(),
    options: z.record(z.string(), z.unknown()).optional(),
    size: z.number().int().min(2).max(4).optional(),
    teams: z.boolean().optional(),
    base: z.number().int().min(1).max(100_000).optional(),
    turnSeconds: z.number().min(limits.minTurnSeconds).max(limits.maxTurnSeconds).optional(),
    private: z.boolean().optional(),
    /** A rated table (default: a public table is rated, a private one casual). */
    rated: z.boolean().optional(),
    /** false: nobody may watch this table (`watch: true` is refused with ERR_NOT_WATCHABLE). */
    watchable: z.boolean().optional(),
    colour: z.enum(COLOURS).optional(),
    ...credentials,
  });
}

export type TableOptions = z.infer<ReturnType<typeof tableOptionsSchema>>;

/** The settings part a client chooses when it creates a table. */
export type TableSettingsRequest = Omit<TableOptions, 'playerId' | 'secret' | 'colour'>;

/**
 * What a client passes to `joinById`: its credentials, a preferred colour, and `watch: true` to watch the
 * table rather than sit at it (at any time; a player who has a seat there always gets it back instead).
 */
export interface TableJoinOptions {
  readonly playerId: string;
  readonly secret: string;
  readonly colour?: (typeof COLOURS)[number];
  readonly watch?: boolean;
  /** A private table's join code: a newcomer sits or watches there only with it (ERR_PRIVATE_TABLE). */
  readonly code?: string;
}
