import { parseArgs } from 'node:util';
import { readConfig } from '../config.js';
import { DEFAULT_SEED, isDatabaseEmpty, seedDemoData } from '../db/seed/seed-demo-data.js';
import { isSeedScale } from '../db/seed/seed-scale.js';
import { openConfiguredDatabase } from '../open-configured-database.js';
import { mediaStoreOf } from '../media/media-store.js';

const USAGE = 'Usage: npm run seed -- [--scale demo|large] [--seed N]   (database from DATABASE_URL, or DATA_DIR, default ./data)';

/** `npm run seed`: fills an empty database with invented demo data, the same for the same seed. */
async function main() {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: 'demo' }, seed: { type: 'string', default: String(DEFAULT_SEED) }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = values.scale;
  if (!isSeedScale(scale)) throw new Error(`Unknown scale '${scale}'. ${USAGE}`);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`The seed must be a whole number, got '${values.seed}'. ${USAGE}`);

  const config = readConfig();
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.dataDir}`;
  const started = performance.now();
  const database = await openConfiguredDatabase(config);
  try {
    // Seeding adds rows beside whatever is there; into a used database that would mix invented
    // bookings with real ones, so only an empty one is accepted.
    if (!(await isDatabaseEmpty(database.db))) {
      throw new Error(
        `Not seeding: ${where} already holds data, and the seed only fills an empty database. Use a new DATA_DIR (or an empty DATABASE_URL database).`,
      );
    }
    console.log(`Seeding ${where}: scale ${scale}, seed ${seed}.`);
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
    const summary = await seedDemoData(database.db, {
      scale,
      seed,
      media: mediaStoreOf(config),
      onProgress: (message) => console.log(`  [${elapsed()}] ${message}`),
    });
    console.log(`\nSeeded in ${(summary.durationMs / 1000).toFixed(1)} s (${elapsed()} with opening the database).`);
    const width = Math.max(...Object.keys(summary.counts).map((table) => table.length));
    for (const [table, count] of Object.entries(summary.counts)) console.log(`  ${table.padEnd(width)}  ${count.toLocaleString('en-GB').padStart(9)}`);
    const { bulkPricingSeason: bulk, largestTourSeason: largest } = summary;
    console.log(`\nSeason ${bulk.name} (id ${bulk.seasonId}) has ${bulk.priceRows.toLocaleString('en-GB')} price rows.`);
    console.log(
      `Largest tour season: ${largest.tourName} ${largest.seasonName} (tour ${largest.tourId}, tour ` +
        `season ${largest.tourSeasonId}), ${largest.priceRows.toLocaleString('en-GB')} price rows.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
