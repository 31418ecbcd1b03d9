// Jest's order, longest first: the time a file took in this machine's last run (Jest's cache) or, on a clean
// clone with no cache (CI), the time recorded in durations.json (`npm run test:durations` rewrites it). Two
// workers finish together only when the long files (a game at the server's real pace) start first.
const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;
const recorded = require('./durations.json');

class LongestFirst extends Sequencer {
  time(test) {
    const seconds = recorded[relative(test.context.config.rootDir, test.path)];
    return super.time(test) ?? (seconds === undefined ? undefined : seconds * 1000);
  }
}

module.exports = LongestFirst;
