// A Jest reporter: at the end of a run, the slowest test files and cases with their times, so that the next slow
// test is seen where it is added (docs/testing.md keeps the figures). Options: { files: 10, cases: 10 }.
// With RECORD_DURATIONS=1 (`npm run test:durations`) it also writes every file's time to durations.json, the order
// a clean clone's run starts its files in (longestFirst.cjs).
const { existsSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

class SlowestReporter {
  constructor(_globalConfig, options = {}) {
    this.files = options.files ?? 10;
    this.cases = options.cases ?? 10;
    this.results = [];
    this.started = Date.now();
  }

  onRunStart() {
    this.started = Date.now();
  }

  onTestResult(test, result) {
    const tier = test.context.config.displayName?.name ?? '';
    this.results.push({ tier, path: result.testFilePath, result });
  }

  onRunComplete() {
    if (this.results.length === 0) return;
    const rel = (path) => path.slice(process.cwd().length + 1);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
    const files = this.results
      .map(({ tier, path, result }) => ({ tier, path, ms: result.perfStats.end - result.perfStats.start }))
      .sort((a, b) => b.ms - a.ms);
    const cases = this.results
      .flatMap(({ path, result }) => result.testResults.map((t) => ({ path, name: t.fullName, ms: t.duration ?? 0 })))
      .sort((a, b) => b.ms - a.ms);
    const lines = [`\nslowest test files (of ${files.length}; the run took ${seconds(Date.now() - this.started).trim()}):`];
    for (const f of files.slice(0, this.files)) lines.push(`${seconds(f.ms)}  ${f.tier ? `[${f.tier}] ` : ''}${rel(f.path)}`);
    lines.push(`slowest cases (of ${cases.length}):`);
    for (const c of cases.slice(0, this.cases)) lines.push(`${seconds(c.ms)}  ${rel(c.path)}: ${c.name}`);
    process.stderr.write(`${lines.join('\n')}\n`);
    if (process.env.RECORD_DURATIONS === '1') {
      // Files of this run replace their times; those not run keep theirs while they exist.
      const file = join(__dirname, 'durations.json');
      const durations = Object.fromEntries(Object.entries(JSON.parse(readFileSync(file, 'utf8'))).filter(([path]) => existsSync(path)));
      for (const f of files) durations[rel(f.path)] = Math.round(f.ms / 100) / 10;
      const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
    }
  }
}

module.exports = SlowestReporter;
