import { coalescedWrites } from '../../src/friends/coalescedWrites';

describe("a page's stream, written at most once per 250 ms", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function stream() {
    const written: { at: number; text: string }[] = [];
    const out = coalescedWrites((text) => written.push({ at: Date.now() - start, text }), 250, Date.now);
    const start = Date.now();
    return { out, written, start };
  }

  test('the first write after a quiet spell goes at once; the next within 250 ms wait and go together, in order', () => {
    const { out, written } = stream();
    out.write('a');
    jest.advanceTimersByTime(100);
    out.write('b');
    jest.advanceTimersByTime(50);
    out.write('c');
    expect(written).toEqual([{ at: 0, text: 'a' }]);
    jest.advanceTimersByTime(100);
    expect(written).toEqual([
      { at: 0, text: 'a' },
      { at: 250, text: 'bc' },
    ]);
    // 250 ms after that write, quiet: the next goes at once.
    jest.advanceTimersByTime(250);
    out.write('d');
    expect(written.at(-1)).toEqual({ at: 500, text: 'd' });
  });

  test('what is held goes before the stream ends (flush), or is dropped when it is gone (stop)', () => {
    const { out, written } = stream();
    out.write('a');
    out.write('b');
    out.flush();
    expect(written.map((w) => w.text)).toEqual(['a', 'b']);
    out.write('c');
    out.stop();
    jest.advanceTimersByTime(1_000);
    expect(written.map((w) => w.text)).toEqual(['a', 'b']);
  });
});
