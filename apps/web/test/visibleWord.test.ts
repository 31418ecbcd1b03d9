import { VISIBLE_RENEW_MS } from '@flightchess/protocol';
import { VisibleWord } from '../src/online/visibleWord';

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

function setup(wanted: boolean) {
  const said: { visible: boolean; page: string; beacon: boolean }[] = [];
  const listeners = new Map<string, () => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const net = {
    credentials: () => ({ playerId: 'p1', secret: 's1' }),
    url: (path: string) => `/base${path}`,
    api: async <T>(_path: string, init: RequestInit = {}) => {
      const body = JSON.parse(init.body as string) as { visible: boolean; page: string };
      said.push({ visible: body.visible, page: body.page, beacon: false });
      return { wanted } as T;
    },
  };
  const beacon = (url: string, body: string) => {
    const sent = JSON.parse(body) as { visible: boolean; page: string };
    said.push({ visible: sent.visible, page: sent.page, beacon: url === '/base/api/push/visible' });
  };
  const word = new VisibleWord(net as never, doc as never, beacon);
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    listeners.get('visibilitychange')!();
  };
  const leave = () => listeners.get('pagehide')!();
  return { word, said, show, leave };
}

describe('a page tells the server whether it is visible', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('visible at once and every 30 s while it stays so; hidden once; visible again when shown', async () => {
    const { word, said, show } = setup(true);
    word.start();
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true]);
    jest.advanceTimersByTime(VISIBLE_RENEW_MS);
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true, true]);
    show('hidden');
    await flush();
    jest.advanceTimersByTime(3 * VISIBLE_RENEW_MS);
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true, true, false]);
    // Visible asked (its answer says whether to go on), hidden as a beacon (it may be the page's last word).
    expect(said.map((s) => s.beacon)).toEqual([false, false, true]);
    expect(said.every((s) => s.page === said[0]!.page)).toBe(true);
    show('visible');
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true, true, false, true]);
  });

  test('a page closed or left says hidden, though the browser did not say it was hidden first', async () => {
    const { word, said, leave } = setup(true);
    word.start();
    await flush();
    leave();
    await flush();
    jest.advanceTimersByTime(3 * VISIBLE_RENEW_MS);
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true, false]);
  });

  test('a player with no device to push to: visible said once (and hidden after it), not again until a device opts in (wake)', async () => {
    const { word, said, show } = setup(false);
    word.start();
    await flush();
    jest.advanceTimersByTime(3 * VISIBLE_RENEW_MS);
    show('hidden');
    await flush();
    show('visible');
    await flush();
    jest.advanceTimersByTime(3 * VISIBLE_RENEW_MS);
    expect(said.map((s) => s.visible)).toEqual([true, false]);
    word.wake();
    await flush();
    expect(said.map((s) => s.visible)).toEqual([true, false, true]);
  });
});
