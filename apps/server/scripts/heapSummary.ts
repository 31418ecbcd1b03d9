/**
 * What a server's heap holds, per table: a V8 heap snapshot (`npm run loadtest -- --heap DIR`) summed up by
 * the kind of object (constructor, closure, string, array…), self sizes, largest first, less what an earlier
 * snapshot of the same process held (`--base`: with half the tables open), divided by the number of tables (or
 * sockets) between them. Self sizes, not retained ones: an object is counted where it is, once.
 *
 *   npm run heap:summary -- FULL.heapsnapshot --base HALF.heapsnapshot --per 500 [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface Snapshot {
  readonly snapshot: { readonly meta: { readonly node_fields: string[]; readonly node_types: [string[], ...unknown[]] } };
  readonly nodes: number[];
  readonly strings: string[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: 'string' }, per: { type: 'string', default: '1' }, top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: heap:summary -- FILE.heapsnapshot [--base EARLIER.heapsnapshot] --per N [--top K]');
const per = Number(values.per);
const top = Number(values.top);

type Kinds = Map<string, { count: number; bytes: number }>;

/** Each kind of object in a snapshot (its type, and for objects and closures its constructor or function name), counted and sized; `sign` −1 takes them away. */
function addKinds(kinds: Kinds, path: string, sign: 1 | -1): number {
  const heap = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  let total = 0;
  for (let i = 0; i < heap.nodes.length; i += fields.length) {
    const type = types[heap.nodes[i + typeAt]!]!;
    const size = heap.nodes[i + sizeAt]!;
    const named = type === 'object' || type === 'closure' || type === 'native';
    const kind = named ? `${type} ${heap.strings[heap.nodes[i + nameAt]!]}` : type;
    const k = kinds.get(kind) ?? { count: 0, bytes: 0 };
    k.count += sign;
    k.bytes += sign * size;
    kinds.set(kind, k);
    total += sign * size;
  }
  return total;
}

const kinds: Kinds = new Map();
const total = addKinds(kinds, file, 1) + (values.base ? addKinds(kinds, values.base, -1) : 0);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
console.log(`${file}: ${kb(total / per)} per unit (${(total / 2 ** 20).toFixed(1)} MB / ${per})`);
for (const [kind, k] of [...kinds].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top)) {
  console.log(`${kb(k.bytes / per).padStart(10)}  ${(k.count / per).toFixed(1).padStart(7)} ×  ${kind.slice(0, 100)}`);
}
