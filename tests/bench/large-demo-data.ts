// The large demo data set (seedDemoData scale 'large': 300 tours, 50,000 bookings, 36,000
// prices) as an embedded data folder, seeded once and cached: seeding takes one to fifteen
// minutes (as busy as the machine is), copying the folder a few seconds. The cache is keyed by
// the seed's source, so a change to it seeds afresh; migrations added since are applied by the
// server when it opens the copy, as on any upgrade. Benchmarks run on a copy, so their writes
// never reach the cache.

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedDemoData, type SeedSummary } from '../../src/server/db/seed/seed-demo-data.js';

const CACHE_ROOT = path.resolve('.tmp/bench-cache');
const SOURCES = ['src/server/db/seed', 'src/server/db/refresh-statistics.ts'];

export type LargeDemoData = {
  /** A private copy of the seeded data folder; removed by `remove`. */
  dataDir: string;
  summary: SeedSummary;
  remove: () => void;
};

function sourceFiles(target: string): string[] {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  return readdirSync(target)
    .sort()
    .flatMap((name) => sourceFiles(path.join(target, name)));
}

function cacheKey(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap((source) => sourceFiles(path.resolve(source)))) {
    hash.update(path.relative(process.cwd(), file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function seedInto(folder: string, log: (message: string) => void): Promise<SeedSummary> {
  const handle = await openDatabase({ kind: 'embedded', dataDir: folder });
  try {
    await migrateToLatest(handle.db);
    log('Seeding the large demo data (cached for later runs)...');
    return await seedDemoData(handle.db, { scale: 'large' });
  } finally {
    await handle.close();
  }
}

/** A fresh copy of the large demo data folder, seeding it first when there is no cached one. */
export async function largeDemoData(log: (message: string) => void = () => undefined): Promise<LargeDemoData> {
  const cached = path.join(CACHE_ROOT, `large-${cacheKey()}`);
  const summaryFile = path.join(cached, 'seed-summary.json');
  if (!existsSync(summaryFile)) {
    mkdirSync(CACHE_ROOT, { recursive: true });
    const building = mkdtempSync(path.join(CACHE_ROOT, 'building-'));
    const summary = await seedInto(path.join(building, 'data'), log);
    log(`Seeded in ${(summary.durationMs / 1000).toFixed(0)} s.`);
    writeFileSync(path.join(building, 'data', 'seed-summary.json'), JSON.stringify(summary));
    // Older caches are for other sources: drop them before the new one takes its place.
    for (const name of readdirSync(CACHE_ROOT)) if (name.startsWith('large-')) rmSync(path.join(CACHE_ROOT, name), { recursive: true, force: true });
    renameSync(path.join(building, 'data'), cached);
    rmSync(building, { recursive: true, force: true });
  } else {
    log('Using the cached large demo data.');
  }
  const copy = mkdtempSync(path.join(tmpdir(), 'backoffice-large-'));
  cpSync(cached, copy, { recursive: true });
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8')) as SeedSummary;
  return { dataDir: copy, summary, remove: () => rmSync(copy, { recursive: true, force: true }) };
}
