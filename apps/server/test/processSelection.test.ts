import { LocalPresence, matchMaker } from '@colyseus/core';
import { markDraining, tableProcessSelector, unmarkDraining } from '../src/cluster';

/** The processes Colyseus knows of and their room counts, as its stats keep them in the presence. */
async function processes(presence: LocalPresence, rooms: Record<string, number>): Promise<void> {
  await matchMaker.setup(presence);
  for (const [id, count] of Object.entries(rooms)) await presence.hset('roomcount', id, `${count},0`);
}

describe('where a new table is created', () => {
  test('on the process with the fewest rooms, leaving out those that are shutting down', async () => {
    const presence = new LocalPresence();
    await processes(presence, { quiet: 1, busy: 5, idle: 3 });
    const select = tableProcessSelector(presence);
    expect(await select('table', {})).toBe('quiet');
    await markDraining(presence, 'quiet');
    expect(await select('table', {})).toBe('idle');
    await unmarkDraining(presence, 'quiet');
    expect(await select('table', {})).toBe('quiet');
  });

  test('nowhere when every process is shutting down: ERR_SHUTTING_DOWN', async () => {
    const presence = new LocalPresence();
    await processes(presence, { only: 0 });
    await markDraining(presence, 'only');
    await expect(tableProcessSelector(presence)('table', {})).rejects.toThrow(/^ERR_SHUTTING_DOWN/);
  });
});
