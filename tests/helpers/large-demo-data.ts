import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedDemoData, type SeedScale, type SeedSummary } from '../../src/server/db/seed/seed-demo-data.js';

const CACHE_FOLDER = path.resolve('.tmp');
// Kept beside the data in the cached folder: what the seed made (the benchmarks' seasons).
const SUMMARY_FILE = 'seed-summary.json';

/** Changes whenever the schema, the seed or the engine does, so a stale copy is never used. */
function cacheKey(): string {
  const hash = createHash('sha256');
  for (const folder of ['src/server/db/migrations', 'src/server/db/seed']) {
    for (const file of readdirSync(folder).sort()) hash.update(file).update(readFileSync(path.join(folder, file)));
  }
  hash.update(readFileSync('src/server/db/migrate.ts'));
  hash.update(readFileSync('tests/helpers/large-demo-data.ts'));
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version as string);
  return hash.digest('hex').slice(0, 16);
}

/**
 * An embedded data folder holding the demo data at `scale` ('large': 300 tours, 50,000 bookings,
 * about a minute to seed; 'demo': 40 tours, 500 bookings, a few seconds), seeded once and kept
 * under .tmp for later runs. Returns a fresh copy in `target`.
 */
export async function copySeededData(
  target: string,
  scale: SeedScale,
  onProgress: (message: string) => void = () => undefined,
): Promise<{ seededNow: boolean; seedMs: number; summary: SeedSummary }> {
  const prefix = `${scale}-demo-`;
  const cached = path.join(CACHE_FOLDER, `${prefix}${cacheKey()}`);
  let seededNow = false;
  let seedMs = 0;
  if (!existsSync(cached)) {
    const building = `${cached}.building-${process.pid}`;
    mkdirSync(CACHE_FOLDER, { recursive: true });
    const started = performance.now();
    const handle = await openDatabase({ kind: 'embedded', dataDir: building });
    try {
      await migrateToLatest(handle.db);
      const summary = await seedDemoData(handle.db, { scale, onProgress });
      writeFileSync(path.join(building, SUMMARY_FILE), JSON.stringify(summary));
    } finally {
      await handle.close();
    }
    seedMs = Math.round(performance.now() - started);
    for (const stale of readdirSync(CACHE_FOLDER).filter((name) => name.startsWith(prefix) && name !== path.basename(building)))
      rmSync(path.join(CACHE_FOLDER, stale), { recursive: true, force: true });
    renameSync(building, cached);
    seededNow = true;
  }
  rmSync(target, { recursive: true, force: true });
  cpSync(cached, target, { recursive: true });
  const summary = JSON.parse(readFileSync(path.join(cached, SUMMARY_FILE), 'utf8')) as SeedSummary;
  return { seededNow, seedMs, summary };
}

/** The large demo data (300 tours, 50,000 bookings) in `target`: see copySeededData. */
export const copyLargeDemoData = (target: string, onProgress?: (message: string) => void) => copySeededData(target, 'large', onProgress);

/** A private copy of the demo data at `scale` in a temporary folder, for a benchmark's server. */
export async function seededData(
  scale: SeedScale,
  log: (message: string) => void = () => undefined,
  onProgress: (message: string) => void = log,
): Promise<{ dataDir: string; summary: SeedSummary; remove: () => void }> {
  const folder = mkdtempSync(path.join(tmpdir(), `backoffice-${scale}-`));
  const dataDir = path.join(folder, 'data');
  const { seededNow, seedMs, summary } = await copySeededData(dataDir, scale, onProgress);
  log(
    seededNow
      ? `Seeded the demo data at scale ${scale} in ${Math.round(seedMs / 1000)} s (cached for later runs).`
      : `Using the cached demo data at scale ${scale}.`,
  );
  return { dataDir, summary, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
