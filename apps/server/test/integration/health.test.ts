import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../../src/repositories';
import { getJson } from '../support/players';
import { testServerPerFile } from '../support/server';

const t = testServerPerFile();

describe('health tells the truth', () => {
  test('/healthz fails (503) while the database cannot be written, logged once naming it; ok again once it can', async () => {
    expect(await getJson(t, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const probe = t.storage.probe.bind(t.storage);
    t.storage.probe = () => Promise.reject(new Error('attempt to write a readonly database'));
    try {
      for (let i = 0; i < 3; i++) {
        expect(await getJson(t, '/healthz')).toEqual({
          status: 503,
          body: { status: 'error', error: { code: 'ERR_STORAGE', message: 'the database cannot be written' } },
        });
      }
    } finally {
      t.storage.probe = probe;
    }
    expect(t.logs.events('storage-unwritable')).toEqual([expect.objectContaining({ where: t.dbFile, level: 50 })]);
    expect(await getJson(t, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(t.logs.events('storage-writable')).toHaveLength(1);
  });

  test('a DATA_DIR that cannot be a directory is refused at start, naming it and what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flightchess-health-'));
    try {
      const file = join(dir, 'a-file');
      writeFileSync(file, 'not a directory');
      const dataDir = join(file, 'data');
      await expect(openStorage({ dataDir, databaseUrl: undefined }, () => undefined)).rejects.toThrow(
        new RegExp(
          `^cannot open the database at ${dataDir}/flightchess.db: .*\\. DATA_DIR \\(${dataDir}\\) must be a directory this process \\(user \\d+\\) can write`,
        ),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
