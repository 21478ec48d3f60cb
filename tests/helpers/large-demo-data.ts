import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';

const CACHE_FOLDER = path.resolve('.tmp');

/** Changes whenever the schema, the seed or the engine does, so a stale copy is never used. */
function cacheKey(): string {
  const hash = createHash('sha256');
  for (const folder of ['src/server/db/migrations', 'src/server/db/seed']) {
    for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  hash.update(readFileSync('src/server/db/migrate.ts'));
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded data folder holding the large demo data (300 tours, 50,000 bookings), seeded once
 * (about a minute) and kept under .tmp for later runs. Returns a fresh copy in `target`.
 */
export async function copyLargeDemoData(target: string, onProgress: (message: string) => void = () => undefined): Promise<{ seededNow: boolean; seedMs: number }> {
  const cached = path.join(CACHE_FOLDER, `large-demo-${cacheKey()}`);
  let seededNow = false;
  let seedMs = 0;
  if (!existsSync(cached)) {
    const building = `${cached}.building-${process.pid}`;
    mkdirSync(CACHE_FOLDER, { recursive: true });
    const started = performance.now();
    const handle = await openDatabase({ kind: 'embedded', dataDir: building });
    try {
      await migrateToLatest(handle.db);
      await seedDemoData(handle.db, { scale: 'large', onProgress });
    } finally {
      await handle.close();
    }
    seedMs = Math.round(performance.now() - started);
    for (const stale of readdirSync(CACHE_FOLDER).filter((name) => name.startsWith('large-demo-') && name !== path.basename(building))) rmSync(path.join(CACHE_FOLDER, stale), { recursive: true, force: true });
    renameSync(building, cached);
    seededNow = true;
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(cached, target, { recursive: true });
  return { seededNow, seedMs };
}
