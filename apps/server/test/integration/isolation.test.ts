import { create, joinById, newGuest, startedTable, waitFor } from '../support/players';
import { liveTable } from '../support/liveTable';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const t = testServerPerFile();

describe('one table’s failure stays in that table', () => {
  test('an exception in a message handler and in a timer is logged with the table id; the process and the other tables play on', async () => {
    const broken = await startedTable(t, 2, { turnSeconds: 0.2 });
    const healthy = await startedTable(t, 2);
    const brokenId = broken[0]!.room.roomId;
    const play = liveTable(brokenId)!.play;
    play.setAutoPlay = () => {
      throw new Error('boom in a handler');
    };
    play.serverAction = () => {
      throw new Error('boom in a timer');
    };

    broken[0]!.send('auto-play', { on: true });
    // The turn timer (0.2 s) fires into the broken table too.
    await waitFor(
      () => t.logs.events('uncaught').filter((l) => l.tableId === brokenId).length >= 2,
      'both exceptions to be logged with the table id',
    );
    const logged = t.logs.events('uncaught').filter((l) => l.tableId === brokenId);
    expect(logged.map((l) => (l.err as { message: string }).message)).toEqual(expect.arrayContaining(['boom in a handler']));
    expect(t.logs.events('uncaught').every((l) => l.tableId === brokenId)).toBe(true);

    // The other table plays on, and new tables open: the process is alive.
    const mover = healthy.find((p) => p.colour === healthy[0]!.game.current)!;
    const { version } = mover.game;
    mover.send('roll', { version });
    await waitFor(() => healthy[0]!.game.version > version, 'a roll at the healthy table');
    const host = await create(t, await newGuest(t, 'After'), { size: 2 });
    await joinById(t, host.room.roomId, await newGuest(t, 'Also'));
    await Promise.all([...broken, ...healthy].map((p) => p.room.leave(true)));
  });
});
