import { measureStorage, report } from '../scripts/storageBytes';

jest.setTimeout(120_000);

// `npm run bench:storage` at a small count, so that CI runs it (docs/capacity.md quotes the 1,000-game figure).
test('bench:storage: a finished game takes at most 2,048 bytes on disk, indexes included — a small part of its write-ahead rows', async () => {
  const figures = await measureStorage(30);
  const lines = report(figures);
  expect(lines[0]).toMatch(/^bytes per finished game: \d+$/);
  expect(lines[1]).toMatch(/^games per GB: [\d,]+$/);
  expect(figures.bytesPerGame).toBeGreaterThan(0);
  expect(figures.bytesPerGame).toBeLessThanOrEqual(2048);
  expect(figures.writeAheadBytesPerGame).toBeGreaterThan(10 * figures.bytesPerGame);
});
