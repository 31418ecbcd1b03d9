import { emptyStats } from '../../scripts/loadtest/stats';
import { LoadTable } from '../../scripts/loadtest/tablePlayers';
import { waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

const server = testServerPerFile();

// `npm run loadtest` measures the server through these clients: raw sockets speaking Colyseus' protocol, one
// synced state and one game replica per table. If they misread the protocol, every figure would be wrong.
describe('the load generator', () => {
  test('a table of raw clients is created, joined and readied, plays a whole game and starts the next, with nothing refused', async () => {
    const stats = emptyStats();
    const table = await LoadTable.open(server.baseUrl, 0, () => stats, { thinkMs: [0, 0] });
    expect(table.openSockets()).toBe(4);
    await waitFor(() => stats.games >= 1, 'a whole game', 60_000);
    const afterGame = stats.actions;
    await waitFor(() => stats.actions > afterGame + 10, 'the rematch played', 20_000);

    expect(stats.refusals).toEqual({});
    expect(stats.errors).toBe(0);
    expect(stats.disconnects).toBe(0);
    // Every action reached all four sockets (the host's replica counts each once), and each roll came back timed.
    expect(stats.clientActions).toBeGreaterThanOrEqual(4 * stats.actions - 4);
    expect(stats.latencies.length).toBeGreaterThan(10);
    expect(stats.bytes / stats.clientActions).toBeGreaterThan(40);

    await table.leave();
    expect(table.openSockets()).toBe(0);
    expect(stats.disconnects).toBe(0);
  }, 90_000);
});
