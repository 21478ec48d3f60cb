// The bulk pricing page's currency-rate change on the large demo data (a season of at least
// 20,000 price rows across all its tours), through the real server routes on a fresh PGlite:
// - preview: POST currencies/{id}/{season_id}/preview, the what-if the page shows before saving;
// - save: PUT currencies/{id}/{season_id}, which recomputes and commits every affected row.
// Both alternate between two rates so every run really changes the stored rows. The "plain"
// column is the price engine alone over the same rows, already in memory (no database), to show
// how much of the time is the database.

import { buildApp } from '../../src/server/app.js';
import { readConfig } from '../../src/server/config.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedDemoData } from '../../src/server/db/seed/seed-demo-data.js';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows.js';
import { loadPriceList } from '../../src/server/pricing/load-price-list.js';
import { PRICE_LIST_KINDS, type PriceListName } from '../../src/server/pricing/price-lists.js';
import { loadSeasonMathsInputs } from '../../src/server/pricing/season-maths-inputs.js';
import type { RateChangePreview } from '../../src/domain/models/rate-change-preview.js';
import type { BenchRow } from './bench-table.js';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runBulkPricingBench(log: (message: string) => void = () => undefined): Promise<BenchRow[]> {
  const handle = await openDatabase({ kind: 'embedded' });
  try {
    await migrateToLatest(handle.db);
    log('Seeding the large demo data...');
    const summary = await seedDemoData(handle.db, { scale: 'large' });
    const { seasonId, priceRows } = summary.bulkPricingSeason;
    log(`Seeded in ${summary.durationMs} ms; season ${seasonId} has ${priceRows} price rows.`);
    const db = handle.db;
    // The currency most tours of the season are priced in: the change that touches the most rows.
    const busiest = await db
      .selectFrom('tour_seasons')
      .select(['currency_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('season_id', '=', seasonId)
      .where('currency_id', 'is not', null)
      .groupBy('currency_id')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const currencyId = busiest.currency_id!;
    const stored = await db.selectFrom('currency_rates').select('rate').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).executeTakeFirstOrThrow();
    const rates = [stored.rate * 1.05, stored.rate * 0.97];

    const app = await buildApp({ db, config: readConfig({}) });
    await app.ready();
    const token = await createSession(db, await upsertStaffUser(db, 'bench@example.test', 'bench password long enough'));
    const headers = { authorization: `Bearer ${token}` };
    const url = `/api/v1/currencies/${currencyId}/${seasonId}`;

    const previewTimes: number[] = [];
    let changed = 0;
    for (let run = 0; run < RUNS + 1; run++) {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: `${url}/preview`, headers, payload: { rate: rates[run % 2] } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`Preview failed: ${response.body}`);
      const preview = response.json<RateChangePreview>();
      changed = preview.prices + preview.bikes + preview.extras;
      if (run > 0) previewTimes.push(elapsed); // the first run warms the engine and the caches
    }
    const saveTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await app.inject({ method: 'PUT', url, headers, payload: { rate: rates[run % 2] } });
      saveTimes.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`Save failed: ${response.body}`);
    }

    log(`Preview ${median(previewTimes).toFixed(0)} ms, save ${median(saveTimes).toFixed(0)} ms (medians of ${RUNS}).`);
    const tourSeasonIds = (await db.selectFrom('tour_seasons').select('id').where('currency_id', '=', currencyId).where('season_id', '=', seasonId).execute()).map((row) => row.id);
    const engineMs = await engineOnly(db, tourSeasonIds);
    await app.close();
    const rowsLabel = `${changed.toLocaleString('en-GB')} rows`;
    return [
      { name: `bulk pricing: currency-rate preview (${rowsLabel})`, engineMs: median(previewTimes), plainMs: engineMs, ratio: median(previewTimes) / engineMs, target: '< 300 ms' },
      { name: `bulk pricing: currency-rate recompute + commit (${rowsLabel})`, engineMs: median(saveTimes), plainMs: engineMs, ratio: median(saveTimes) / engineMs, target: '< 2,000 ms' },
    ];
  } finally {
    await handle.close();
  }
}

/** The price engine alone over the affected rows, loaded beforehand. */
async function engineOnly(db: Parameters<typeof loadSeasonMathsInputs>[0], tourSeasonIds: number[]): Promise<number> {
  const inputs = await loadSeasonMathsInputs(db, tourSeasonIds);
  const lists = Object.keys(PRICE_LIST_KINDS) as PriceListName[];
  const loaded = await Promise.all(lists.map(async (list) => ({ list, rows: await loadPriceList(db, list, tourSeasonIds) })));
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    for (const { list, rows } of loaded) {
      const bySeason = new Map<number, typeof rows>();
      for (const row of rows) bySeason.set(row.tour_season_id, [...(bySeason.get(row.tour_season_id) ?? []), row]);
      for (const [tourSeasonId, seasonRows] of bySeason) {
        const season = inputs.get(tourSeasonId);
        if (season) evaluatePriceRows(seasonRows.map((row) => ({ ...row, formula: null })), season.rates, season.currencyRate, PRICE_LIST_KINDS[list]);
      }
    }
    times.push(performance.now() - started);
  }
  return median(times);
}
