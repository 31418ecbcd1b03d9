// The unit tier's promise (`npm run test:quick`): no servers, no connections, no processes. A unit test that
// listens on a port, connects or starts a program fails here with where it belongs, rather than slowing the edit
// loop down unseen. Put back after each file: a Jest worker runs files of both tiers.
const childProcess = require('node:child_process');
const net = require('node:net');

const patched = [
  [net.Server.prototype, 'listen', 'a server listening'],
  [net.Socket.prototype, 'connect', 'a network connection'],
  ...['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork'].map((name) => [
    childProcess,
    name,
    `a process started (${name})`,
  ]),
].map(([owner, name, what]) => {
  const original = owner[name];
  owner[name] = () => {
    throw new Error(`${what} in a unit test: it belongs to the integration tier (jest.config.ts, docs/testing.md)`);
  };
  return () => (owner[name] = original);
});

afterAll(() => patched.forEach((restore) => restore()));
