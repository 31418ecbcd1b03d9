import { Bans } from '../../src/bans/bans';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../../src/app';
import { DEFAULT_CONFIG } from '../../src/config';
import { Drain } from '../../src/table/drain';
import { createLogger } from '../../src/logger';
import { startedTable, waitFor } from '../support/players';
import { testServerPerFile } from '../support/server';

jest.setTimeout(30_000);

const TOKEN = 'a-metrics-token-of-some-length';
const t = testServerPerFile({ metricsToken: TOKEN });

async function scrape(headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }): Promise<{ status: number; text: string }> {
  const res = await fetch(`${t.baseUrl}/metrics`, { headers });
  return { status: res.status, text: await res.text() };
}

/** The value of one sample line, e.g. `flightchess_tables{status="over"}`. */
function sample(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : NaN;
}

describe('Prometheus metrics at /metrics', () => {
  test('tables, sockets, actions and their latency, storage writes, refusals, takeovers and Node’s own figures', async () => {
    const players = await startedTable(t, 2, { turnSeconds: 0.3 });
    const first = players.find((p) => p.colour === players[0]!.game.current)!;
    first.send('roll', { version: 0 });
    players[0]!.send('teleport', {});
    await waitFor(() => players[0]!.errors.length > 0, 'the refusal');
    const during = (await scrape()).text;
    expect(sample(during, 'flightchess_tables{status="playing"}')).toBe(1);
    expect(sample(during, 'flightchess_sockets')).toBe(2);
    expect(sample(during, 'flightchess_rejected_messages_total{code="ERR_UNKNOWN_MESSAGE"}')).toBe(1);

    // Nobody acts: with short turns both seats time out into auto-play, which finishes the game.
    await waitFor(() => players.every((p) => p.state.result.recorded), 'the result', 25_000);
    const after = (await scrape()).text;
    const actions = players[0]!.game.version;
    expect(sample(after, 'flightchess_auto_play_takeovers_total')).toBe(2);
    expect(sample(after, 'flightchess_actions_total')).toBe(actions);
    expect(sample(after, 'flightchess_tables{status="over"}')).toBe(1);
    expect(sample(after, 'flightchess_storage_write_seconds_count')).toBeGreaterThanOrEqual(actions);
    expect(sample(after, 'flightchess_action_latency_seconds_count')).toBe(1);
    expect(after).toContain('flightchess_nodejs_eventloop_lag_p99_seconds');
    expect(after).toMatch(/flightchess_reconnects_total/);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  test('with METRICS_TOKEN only the bearer of the token may read them', async () => {
    expect((await scrape({})).status).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await scrape()).status).toBe(200);
  });

  test('METRICS=off: there is no /metrics', async () => {
    const app = createApp(
      { ...DEFAULT_CONFIG, metrics: false },
      {
        storage: t.storage,
        codes: {} as never,
        accounts: { router: express.Router() },
        pairing: { router: express.Router(), ownProfile: async () => ({ cooldown: null, blocked: [] }) },
        friends: { router: express.Router() },
        invitations: { router: express.Router() },
        notifications: { router: express.Router() },
        push: { router: express.Router() },
        tournaments: { router: express.Router(), resultsOf: async () => [] },
        bans: new Bans(t.storage),
        addressOf: () => '127.0.0.1',
        logger: createLogger('silent'),
        drain: new Drain(),
      },
    );
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as AddressInfo;
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
