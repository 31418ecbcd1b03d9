import { TableKeeper } from '../src/table/tableKeeper';
import type { MatchDeps } from '../src/matches/Match';
import type { RestoreScope } from '../src/matches/MatchStorage';
import { createLogger } from '../src/logger';

/** Storage that lists `lapsed` as unfinished matches that may be taken, claims none of them, and takes beats while `beats.ok`. */
function keeperOver(lapsed: string[], playingHere: (id: string) => boolean = () => false) {
  const beats = { ok: true };
  const storage = {
    unfinishedMatches: jest.fn(async (_now: number, _scope: RestoreScope) => lapsed),
    claimMatch: jest.fn(async () => null),
    beat: jest.fn(async () => {
      if (!beats.ok) throw new Error('database away');
    }),
    renewLeases: jest.fn(async (_owner: string, _until: number) => undefined),
    forgetStoppedProcesses: jest.fn(async () => undefined),
    forgetProcess: jest.fn(async () => undefined),
  };
  const matches = { storage, owner: 'this-process', leaseMs: 15_000 } as unknown as MatchDeps;
  return { storage, beats, keeper: new TableKeeper(matches, createLogger('silent'), { alone: false, playingHere, takeoverMs: 3_000 }) };
}

describe('TableKeeper', () => {
  test('a match one of its own tables is playing is never claimed, whatever its lease says (renewals late on a loaded process)', async () => {
    const { storage, keeper } = keeperOver(['live-here', 'orphan'], (id) => id === 'live-here');
    expect(await keeper.restoreUnfinished('lapsed')).toEqual(['taken']);
    expect(storage.claimMatch).toHaveBeenCalledTimes(1);
    expect(storage.claimMatch).toHaveBeenCalledWith('orphan', expect.anything());
  });

  test('it judges other processes by their beats only once its own have gone through for the takeover time (after the database was away, every beat looks old)', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { storage, beats, keeper } = keeperOver([]);
      const scopes = () => storage.unfinishedMatches.mock.calls.map(([, scope]) => scope);
      await keeper.start();
      expect(storage.beat).toHaveBeenCalledWith('this-process', 3_000);
      // A beat every second; nothing taken before the third second of steady beats, then the leases that
      // ran out and the tables of processes that stopped beating.
      await jest.advanceTimersByTimeAsync(3_000);
      expect(scopes()).toEqual(['stopped']);
      // A beat fails: nothing taken until its beats have gone through for three seconds again.
      beats.ok = false;
      await jest.advanceTimersByTimeAsync(2_000);
      beats.ok = true;
      await jest.advanceTimersByTimeAsync(4_000);
      expect(scopes()).toEqual(['stopped', 'stopped', 'stopped']);
      // Its leases: renewed on the first beat, every third of a lease (5 s), and at once when its beats resumed (6 s).
      expect(storage.renewLeases.mock.calls.map(([, until]) => until)).toEqual([15_000, 20_000, 21_000]);
      await keeper.stop();
      expect(storage.forgetProcess).toHaveBeenCalledWith('this-process');
    } finally {
      jest.useRealTimers();
    }
  });
});
