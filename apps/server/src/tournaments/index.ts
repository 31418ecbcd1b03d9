import type { ScheduledTournament, TournamentResult } from '@flightchess/protocol';
import type { HttpRefusal } from '../http/respond';
import { matchMaker } from '@colyseus/core';
import type { Request, Router } from 'express';
import type { Logger } from 'pino';
import type { GuestReads } from '../accounts/guests';
import type { Friends } from '../friends';
import type { Bans } from '../bans/bans';
import { randomId } from '../core/ids';
import type { TableAtStart } from '../matches/Match';
import { TournamentDirector } from './director';
import { GameReviews } from './gameReviews';
import { TournamentReviewer } from './reviewer';
import type { MatchStorage } from '../matches/MatchStorage';
import { tournamentsRouter } from './router';
import type { TournamentStorage } from './tournamentRepository';
import { Tournaments } from './tournaments';

/** How often each process looks for tournament steps due (a start, a round to pair or to end). */
const TICK_MS = 1_000;

export interface TournamentsDeps {
  readonly storage: GuestReads & Pick<MatchStorage, 'getMatch'> & { readonly tournaments: TournamentStorage };
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
  /** The operator schedules a public tournament (admin/): its id, or why not. */
  schedule(asked: ScheduledTournament): Promise<{ id: string } | { refused: HttpRefusal }>;
  /** The tournaments a player played in, for their profile (profiles/). */
  resultsOf(playerId: string, shown: 'all' | 'public'): Promise<TournamentResult[]>;
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
    roomOpen: async (roomId) => await matchMaker.driver.has(roomId),
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
  const reviews = new GameReviews();
  const reviewer = new TournamentReviewer({ storage, matches: deps.storage, reviews, logger: deps.logger });
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let reviewing: Promise<void> | null = null;
  const failed = (what: string) => (err: unknown) => deps.logger.error({ event: 'tournament-tick-failed', what, err }, `could not ${what}`);
  const tick = () => {
    // Reviews run on their own: a second of CPU each, they never hold a round up.
    reviewing ??= reviewer
      .tick()
      .catch(failed('review the games'))
      .finally(() => (reviewing = null));
    return (ticking ??= director
      .tick()
      .catch(failed('run the tournaments'))
      .finally(() => (ticking = null)));
  };
  return {
    router: tournamentsRouter({ storage: deps.storage, tournaments, bans: deps.bans, addressOf: deps.addressOf }),
    resultsOf: (playerId, shown) => tournaments.resultsOf(playerId, shown),
    schedule: (asked) => tournaments.create(null, asked),
    tick,
    start: () => {
      timer = setInterval(() => void tick(), TICK_MS).unref();
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await Promise.all([ticking, reviewing]);
      await reviews.close();
    },
  };
}
