/**
 * `npm run ratings:rebuild [-- --write]` (in the container: `node server/ratings.js [--write]`): every
 * rating recomputed from the stored records (ratings/rebuildRatings.ts), for after the model changed. Without
 * `--write` it only says what would change. Reads DATABASE_URL or DATA_DIR as the server does, and may run
 * while it plays.
 */
import { configFromEnv } from '../config';
import { openStorage } from '../repositories';
import { rebuildRatings } from '../ratings/rebuildRatings';

async function main(): Promise<void> {
  const unknown = process.argv.slice(2).filter((a) => a !== '--write');
  if (unknown.length > 0) throw new Error(`unknown ${unknown.join(' ')}; usage: npm run ratings:rebuild [-- --write]`);
  const write = process.argv.includes('--write');
  const read = configFromEnv(process.env);
  if (!read.ok) throw new Error(read.error);
  const { storage } = await openStorage(read.config, (err) => console.error(err.message));
  try {
    const r = await rebuildRatings(storage, { write });
    console.log(
      `${r.matches} rated games replayed, ${r.players} players: ${r.ratingsChanged} ratings and ${r.seatsChanged} seats' changes differ from the stored ones; ` +
        (r.written ? 'the stored ratings are now the rebuilt ones.' : 'nothing written (add --write to replace them).'),
    );
  } finally {
    await storage.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
