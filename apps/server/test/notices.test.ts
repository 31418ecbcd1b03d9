import { LocalPresence } from '@colyseus/core';
import type { Notice } from '@flightchess/protocol';
import { Notices } from '../src/admin/notices';

/** One store and one presence shared by two Notices: two processes of a deployment. */
function deployment() {
  let stored: Notice | null = null;
  const storage = {
    notice: jest.fn(async () => stored),
    setNotice: jest.fn(async (n: Notice | null) => void (stored = n)),
  };
  const presence = new LocalPresence();
  return { storage, here: new Notices(storage, presence), there: new Notices(storage, presence) };
}

describe('Notices', () => {
  test('a change made on one process reaches the pages streamed by every process at once, and its cache', async () => {
    const { storage, here, there } = deployment();
    await Promise.all([here.start(), there.start()]);
    expect(await there.current()).toBeNull();
    const heard: (Notice | null)[] = [];
    there.watch({ changed: (n) => heard.push(n), end: () => undefined });
    await here.set('Maintenance in 10 minutes');
    expect(heard).toEqual([{ text: 'Maintenance in 10 minutes', at: expect.any(Number) }]);
    // The other process serves the new notice from its cache (no store read within its 5 s).
    const reads = storage.notice.mock.calls.length;
    expect(await there.current()).toMatchObject({ text: 'Maintenance in 10 minutes' });
    expect(storage.notice.mock.calls.length).toBe(reads);
    await here.set(null);
    expect(heard.at(-1)).toBeNull();
    here.stop();
    there.stop();
  });

  test('a page that left hears nothing more; stopping the process ends every open stream', async () => {
    const { here } = deployment();
    await here.start();
    const left = { changed: jest.fn(), end: jest.fn() };
    const open = { changed: jest.fn(), end: jest.fn() };
    here.watch(left)();
    here.watch(open);
    await here.set('Restarting');
    expect(left.changed).not.toHaveBeenCalled();
    expect(open.changed).toHaveBeenCalledTimes(1);
    here.stop();
    expect(open.end).toHaveBeenCalledTimes(1);
    expect(left.end).not.toHaveBeenCalled();
    await here.set('After the stop');
    expect(open.changed).toHaveBeenCalledTimes(1);
  });
});
