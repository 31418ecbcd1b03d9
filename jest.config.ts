import type { Config } from 'jest';

// One Jest config for every workspace, in two tiers (docs/testing.md):
// - unit: pure code — the engine, the protocol, the web client's logic, the server's parts without a transport.
//   No servers, connections or processes (scripts/jest/noServers.cjs refuses them): `npm run test:quick`.
// - integration: real servers, websockets, processes, databases and builds.
// @swc/jest strips types fast (tsc checks them in `npm test`).
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', {}] },
  moduleNameMapper: {
    '^@flightchess/rules$': '<rootDir>/packages/rules/src/index.ts',
    '^@flightchess/protocol$': '<rootDir>/packages/protocol/src/index.ts',
  },
} satisfies Config;

/** Test files of the integration tier; every other test file is a unit test. */
const INTEGRATION = ['<rootDir>/apps/server/test/integration/**/*.test.ts', '<rootDir>/apps/web/test/integration/**/*.test.ts'];

const config: Config = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/packages', '<rootDir>/apps'],
      testMatch: ['**/?(*.)test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/test/integration/'],
      setupFilesAfterEnv: ['<rootDir>/scripts/jest/noServers.cjs', '<rootDir>/scripts/jest/unitTimeout.cjs'],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: INTEGRATION,
      // The production server bundle, built once for every file that starts server processes.
      globalSetup: '<rootDir>/apps/server/test/support/globalSetup.ts',
      globalTeardown: '<rootDir>/apps/server/test/support/globalTeardown.ts',
    },
  ],
  // Every core: most integration files wait on real time (a game at the server's pace, a process restarting).
  maxWorkers: '100%',
  testSequencer: '<rootDir>/scripts/jest/longestFirst.cjs',
  reporters: ['default', ['<rootDir>/scripts/jest/slowestReporter.cjs', { files: 10, cases: 10 }]],
};

export default config;
