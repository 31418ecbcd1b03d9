import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import type { Friends } from '../friends';
import type { Bans } from '../bans/bans';
import { randomId } from '../core/ids';
import type { TableAtStart } from '../matches/Match';
import { TournamentDirector } from './director';
import { tournamentsRouter } from './router';
import type { TournamentStorage } from './tournamentRepository';
import { Tournaments } from './tournaments';

/** How often each process looks for tournament steps due (a start, a round to pair or to end). */
const TICK_MS = 1_000;

export interface TournamentsDeps {
  readonly storage: GuestReads & { readonly tournaments: TournamentStorage };
  readonly logger: Logger;
  readonly bans: Pick<Bans, 'answered'>;
  readonly addressOf: (req: Request) => string;
  /** Store a round's game and open its table on this process (matches/, table/). */
  readonly openTable: (at: TableAtStart) => Promise<boolean>;
  readonly turnSeconds: number;
  readonly breakSeconds: number;
  /** The pages' event streams carry each player's tables of rounds under way (friends/). */
  readonly feeds: Friends['feeds'];
}

const FEED = 'tournaments';

export interface TournamentsCapability {
  /** /tournaments… (mounted under /api). */
  readonly router: Router;
  /** Take every step due now (the timer does every TICK_MS; tests may ask). */
  tick(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

/** Tournaments (docs/server/tournaments.md): their storage, routes, and the director that runs their course on every process. */
export function createTournaments(deps: TournamentsDeps): TournamentsCapability {
  const storage = deps.storage.tournaments;
  const tournaments = new Tournaments({
    storage,
    players: deps.storage,
    turnSeconds: deps.turnSeconds,
    breakSeconds: deps.breakSeconds,
    newId: () => randomId(12),
  });
  deps.feeds.addFeed(FEED, async (playerId) => ({ type: 'tournamentTables', tables: await tournaments.calls(playerId) }));
  const director = new TournamentDirector({
    storage,
    openTable: deps.openTable,
    logger: deps.logger,
    newId: () => randomId(12),
    tablesChanged: (playerIds) =>
      void deps.feeds
        .feedChanged(FEED, playerIds)
        .catch((err: unknown) => deps.logger.error({ event: 'tournament-tell-failed', err }, "could not tell the players' pages")),
  });
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  const tick = () =>
    (ticking ??= director
      .tick()
      .catch((err: unknown) => deps.logger.error({ event: 'tournament-tick-failed', err }, 'could not run the tournaments'))
      .finally(() => (ticking = null)));
  return {
    router: tournamentsRouter({ storage: deps.storage, tournaments, bans: deps.bans, addressOf: deps.addressOf }),
    tick,
    start: () => {
      timer = setInterval(() => void tick(), TICK_MS).unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await ticking;
    },
  };
}
