import { TableKeeper } from '../src/table/tableKeeper';
import type { MatchDeps } from '../src/matches/Match';
import { createLogger } from '../src/logger';

/** Storage that lists `lapsed` as unfinished matches whose lease ran out, and claims none of them. */
function keeperOver(lapsed: string[], playingHere: (id: string) => boolean) {
  const storage = {
    unfinishedMatches: jest.fn(async () => lapsed),
    claimMatch: jest.fn(async () => null),
  };
  const matches = { storage, owner: 'this-process', leaseMs: 15_000 } as unknown as MatchDeps;
  return { storage, keeper: new TableKeeper(matches, createLogger('silent'), { alone: false, playingHere }) };
}

describe('TableKeeper', () => {
  test('a match one of its own tables is playing is never claimed, whatever its lease says (renewals late on a loaded process)', async () => {
    const { storage, keeper } = keeperOver(['live-here', 'orphan'], (id) => id === 'live-here');
    expect(await keeper.restoreUnfinished(false)).toEqual(['taken']);
    expect(storage.claimMatch).toHaveBeenCalledTimes(1);
    expect(storage.claimMatch).toHaveBeenCalledWith('orphan', expect.anything());
  });
});
