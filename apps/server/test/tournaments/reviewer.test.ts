import { createGuest } from '../../src/accounts/guests';
import { createLogger } from '../../src/logger';
import { type Storage, openSqliteStorage } from '../../src/repositories';
import type { ReviewAnswer, ReviewJob } from '../../src/tournaments/reviewJob';
import { TournamentReviewer } from '../../src/tournaments/reviewer';
import { finish, start } from '../storage/matchFixtures';

/** The dice's part of a game as a review reads it. */
const luck = { luck: { red: 2.5, blue: -2.5 }, pairLuck: { red: { red: 0, blue: 0.1 }, blue: { red: -0.1, blue: 0 } } };

describe('the tournament reviewer', () => {
  let storage: Storage;
  beforeEach(async () => (storage = await openSqliteStorage(':memory:')));
  afterEach(() => storage.close());

  /** Two finished games of a tournament, and one of no tournament. */
  async function games(): Promise<void> {
    const ann = await createGuest(storage, 'Ann');
    await storage.tournaments.create({
      id: 't',
      name: 'T',
      format: 'swiss',
      minutes: 0,
      teams: false,
      seats: 2,
      rounds: 1,
      duplicate: false,
      private: false,
      creatorId: ann.playerId,
      preset: 'online',
      turnSeconds: 15,
      breakSeconds: 0,
      startsAt: 0,
      createdAt: 0,
    });
    for (const [id, tournamentId] of [
      ['m1', 't'],
      ['m2', 't'],
      ['m3', undefined],
    ] as const) {
      await storage.startMatch({ ...start(id, ann.playerId), ...(tournamentId && { tournamentId }) });
      await storage.finishMatch(finish(id, 40, id === 'm1' ? 5 : 9));
    }
  }

  test('each finished tournament game reviewed once, the oldest first; a review that fails is stored empty, never tried again', async () => {
    await games();
    const asked: ReviewJob[] = [];
    let answers: ReviewAnswer[] = [
      { ok: true, losses: { red: { loss: 7, decisions: 3 } }, luck },
      { ok: false, message: 'broken' },
    ];
    const reviewer = new TournamentReviewer({
      storage: storage.tournaments,
      matches: storage,
      reviews: {
        where: 'thread',
        review: async (job) => {
          asked.push(job);
          const [answer, ...rest] = answers;
          answers = rest;
          return answer!;
        },
      },
      logger: createLogger('silent'),
    });
    for (let i = 0; i < 4; i++) await reviewer.tick();
    expect(asked).toHaveLength(2);
    expect(asked[0]!.actions).toEqual((await storage.getMatch('m1'))!.actions);
    expect(await storage.tournaments.reviews('t')).toEqual(
      new Map([
        ['m1', { losses: { red: { loss: 7, decisions: 3 } }, luck }],
        ['m2', { losses: {}, luck: null }],
      ]),
    );
    expect(await storage.tournaments.unreviewed()).toBeNull();
  });
});
