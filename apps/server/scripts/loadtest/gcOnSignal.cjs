// Loaded into the game server by `npm run loadtest` only (node --expose-gc --require this): SIGUSR2 runs a full
// garbage collection, so that the benchmark can read the live heap instead of wherever the collector happened to be.
process.on('SIGUSR2', () => global.gc());
