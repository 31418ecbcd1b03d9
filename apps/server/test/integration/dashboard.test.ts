import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testServerPerFile } from '../support/server';

const DASHBOARD = join(__dirname, '../../../../deploy/grafana/dashboards/flightchess.json');
const t = testServerPerFile();

interface Panel {
  readonly id: number;
  readonly type: string;
  readonly targets?: readonly { readonly expr: string }[];
}

/** Every PromQL expression of the dashboard: its panels' and its variables'. */
function expressions(): string[] {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    panels: Panel[];
    templating: { list: { query: { query: string } }[] };
  };
  return [...dashboard.panels.flatMap((p) => (p.targets ?? []).map((x) => x.expr)), ...dashboard.templating.list.map((v) => v.query.query)];
}

/** A histogram's series are queried as name_bucket, name_sum and name_count. */
const HISTOGRAM_PART = /_(bucket|sum|count)$/;

describe('the Grafana dashboard (deploy/grafana)', () => {
  test("queries only metrics that /metrics exports, a histogram's parts only of histograms", async () => {
    const text = await (await fetch(`${t.baseUrl}/metrics`)).text();
    const types = new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    const queried = new Set(expressions().flatMap((e) => [...e.matchAll(/\bflightchess_[a-z0-9_]+/g)].map((m) => m[0])));
    expect(queried.size).toBeGreaterThan(10);
    for (const name of queried) {
      const base = types.has(name) ? name : name.replace(HISTOGRAM_PART, '');
      expect([name, types.has(base)]).toEqual([name, true]);
      if (base !== name) expect([name, types.get(base)]).toEqual([name, 'histogram']);
    }
  });

  test('shows what an operator watches: tables, players, actions/s, latency, refusals by code, storage errors, restores, per process', () => {
    const all = expressions().join('\n');
    for (const metric of [
      'flightchess_tables',
      'flightchess_sockets',
      'flightchess_actions_total',
      'flightchess_action_latency_seconds_bucket',
      'flightchess_rejected_messages_total',
      'flightchess_join_refusals_total',
      'flightchess_storage_errors_total',
      'flightchess_restores_total',
    ]) {
      expect([metric, all.includes(metric)]).toEqual([metric, true]);
    }
    expect(all).toMatch(/by \(instance/);
    const ids = (JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] }).panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
