// A bound on a unit test is there to catch a hang, not to time it: npm test runs the unit tier yielding the CPU to
// the integration tier, where an async test of a tenth of a second can wait seconds for a core. (Jest reads
// `testTimeout` from the root config only, so the unit tier sets its own here.)
jest.setTimeout(60_000);
