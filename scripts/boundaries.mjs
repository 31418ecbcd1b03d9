#!/usr/bin/env node
// Capability boundaries: in each app, the folders directly under src/ (capabilities) and the files directly
// in it (the composition root) must import each other as a DAG, type-only imports included.
// Prints every cycle's members and one import per edge of it; exits 1 when there is one.
import { cruise } from 'dependency-cruiser';

const APPS = ['apps/server/src', 'apps/web/src'];

/** The node a file belongs to: its capability folder, or itself when it sits directly in src/. */
function nodeOf(file) {
  for (const root of APPS) {
    if (!file.startsWith(`${root}/`)) continue;
    const rest = file.slice(root.length + 1);
    const slash = rest.indexOf('/');
    return `${root}/${slash < 0 ? rest : rest.slice(0, slash + 1)}`;
  }
  return null;
}

const result = await cruise(APPS, {
  tsPreCompilationDeps: true,
  tsConfig: { fileName: 'tsconfig.base.json' },
  includeOnly: `^(${APPS.join('|')})/`,
  exclude: '\\.test\\.ts$',
});
const modules = result.output.modules;

/** node → node → one file-to-file import that makes the edge. */
const edges = new Map();
for (const m of modules) {
  const from = nodeOf(m.source);
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = nodeOf(d.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} → ${d.resolved}`);
  }
}

// Tarjan's strongly connected components.
const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((t) => [...t.keys()])])].sort();
let index = 0;
const idx = new Map(),
  low = new Map(),
  stack = [],
  on = new Set(),
  sccs = [];
function visit(v) {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const scc = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1) sccs.push(scc.sort());
  }
}
for (const v of nodes) if (!idx.has(v)) visit(v);

for (const scc of sccs) {
  console.log(`cycle of ${scc.length}: ${scc.join(' ')}`);
  for (const a of scc) for (const [b, why] of edges.get(a) ?? []) if (scc.includes(b)) console.log(`  ${why}`);
}
console.log(`boundaries: ${nodes.length} nodes, ${sccs.length} cycles`);
process.exit(sccs.length ? 1 : 0);
