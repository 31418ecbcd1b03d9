import type { Config } from 'jest';

// One Jest config for every workspace; @swc/jest strips types fast (tsc checks them in `npm test`).
const config: Config = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/apps'],
  testMatch: ['**/?(*.)test.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest', {}] },
  moduleNameMapper: {
    '^@flightchess/rules$': '<rootDir>/packages/rules/src/index.ts',
    '^@flightchess/protocol$': '<rootDir>/packages/protocol/src/index.ts',
  },
};

export default config;
