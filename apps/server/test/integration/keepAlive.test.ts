import { execFileSync } from 'node:child_process';
import { Agent, get } from 'node:http';
import { testServerPerFile } from '../support/server';

jest.setTimeout(20_000);

const t = testServerPerFile();

/** GET on the agent's connection: the status, and whether an idle connection was used again. */
function fetchOn(agent: Agent, path: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const req = get(`${t.baseUrl}${path}`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reused: req.reusedSocket }));
    });
    req.on('error', reject);
  });
}

test('an idle connection stays open past the 5 s that Node clients keep one: no request meets a closing socket', async () => {
  const agent = new Agent({ keepAlive: true, timeout: 30_000 });
  try {
    expect(await fetchOn(agent, '/healthz')).toEqual({ status: 200, reused: false });
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await fetchOn(agent, '/healthz')).toEqual({ status: 200, reused: true });
  } finally {
    agent.destroy();
  }
});

test('the listen queue holds 4,096 connections (a reconnection storm is not dropped at 511)', () => {
  const port = new URL(t.baseUrl).port;
  // ss shows a listening socket's backlog as its Send-Q.
  const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
  expect(line.split(/\s+/)[2]).toBe('4096');
});
