// The price history (issue 22: "storage grows with changes, not with reads"), on the embedded
// database (in-memory PGlite) with the real server in this process (Fastify inject, no network):
// - storage: a 60-row season saved 1,000 times through PUT tour-pricing, each save changing 3
//   gross cells, so each save writes its change set as in production; rows and bytes
//   (pg_total_relation_size of price_change_sets and price_changes) added by the 1,000 saves;
// - reads: GET price-history/{tour}/{season} (first page, read from the database) once the season
//   has 10,000 change sets: the 1,000 real ones plus 9,000 inserted by SQL in the shape
//   recordChangeSet writes (each a copy of the last real set's 3 changes), to build them quickly;
// - the largest /pgt change: on a copy of the large demo data, PUT models/{season}/{model} of the
//   busiest model of the bulk pricing season with one rate's markup raised, which reprices every
//   row priced at that rate in every tour season on the model; rows and bytes of its change set,
//   and the longest time it held the server's thread (issue 30: at most 100 ms).
// When quick: 30 saves, 200 change sets, 3 reads, and the demo data's busiest model.

import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { readConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import type { ChangeSetSummary } from '../../src/domain/pricing/price-history.js';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import type { SeasonPricingInputs } from '../../src/domain/models/season-pricing-inputs.js';
import { createPricingFixture } from '../helpers/pricing-fixtures.js';
import { mainThreadHolds } from '../helpers/main-thread-holds.js';
import { benchData, benchDataName, type BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';
import { median } from './bench-server';

const SEASON_ROWS = 60;
const CELLS_PER_SAVE = 3;
/** Saves through the API, change sets in all (the rest inserted by SQL; over 50, a history page), history reads. */
type Counts = { saves: number; changeSets: number; reads: number };
const COUNTS: Record<BenchOptions['size'], Counts> = {
  full: { saves: 1_000, changeSets: 10_000, reads: 20 },
  quick: { saves: 30, changeSets: 200, reads: 3 },
};

const asSave = (pricing: SeasonPricing) => ({
  version: pricing.tour_season.version,
  categories: pricing.categories.map((category) => ({ ...category, prices: category.prices.map(({ net: _net, cost: _cost, ...price }) => price) })),
});

export async function runPriceHistoryBench(options: BenchOptions): Promise<BenchRow[]> {
  const rows = await runSeasonHistoryBench(options.log, COUNTS[options.size]);
  return [...rows, ...(await runLargestModelChangeBench(options))];
}

/** An in-process server on a database, and a staff member's headers. */
async function benchApp(database: Awaited<ReturnType<typeof openDatabase>>) {
  const app = await buildApp({ db: database.db, changes: database.changes, config: readConfig({}) });
  await app.ready();
  const userId = await upsertStaffUser(database.db, 'bench@example.test', 'bench password long enough');
  const headers = { authorization: `Bearer ${await createSession(database.db, userId)}` };
  const call = async <T>(method: 'GET' | 'PUT', url: string, payload?: object): Promise<T> => {
    const response = await app.inject({ method, url: `/api/v1/${url}`, headers: { ...headers, 'cache-control': 'no-cache' }, payload });
    if (response.statusCode !== 200) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
    return response.json<T>();
  };
  return { app, call };
}

/** The largest /pgt change of the large demo data: a markup of its busiest model, and the storage of its change set. */
async function runLargestModelChangeBench(options: BenchOptions): Promise<BenchRow[]> {
  const { log } = options;
  const data = await benchData(options);
  const database = await openDatabase({ kind: 'embedded', dataDir: data.dataDir });
  const { app, call } = await benchApp(database);
  try {
    const seasonId = data.summary.bulkPricingSeason.seasonId;
    const inputs = await call<SeasonPricingInputs>('GET', `bulk-pricing/${seasonId}/inputs`);
    const seasonsOf = new Map<number, number>();
    for (const season of inputs.tour_seasons)
      if (season.season_id === seasonId && season.markup_model_id !== null)
        seasonsOf.set(season.markup_model_id, (seasonsOf.get(season.markup_model_id) ?? 0) + 1);
    const [modelId, tourSeasons] = [...seasonsOf].sort((a, b) => b[1] - a[1])[0];
    const model = await call<MarkupModel>('GET', `models/${seasonId}/${modelId}`);
    // The rate most rows are priced at: its markup moves the most rows.
    const onModel = new Set(inputs.tour_seasons.filter((season) => season.markup_model_id === modelId).map((season) => season.id));
    const rowsAt = new Map<number, number>();
    for (const list of Object.values(inputs.lists))
      list.markup_rate_id.forEach((rateId, index) => {
        if (rateId !== null && onModel.has(list.tour_season_id[index])) rowsAt.set(rateId, (rowsAt.get(rateId) ?? 0) + 1);
      });
    const rate = model.rates.find((candidate) => candidate.id === [...rowsAt].sort((a, b) => b[1] - a[1])[0]?.[0]) ?? model.rates[0];
    const lastSet = async () => (await sql<{ id: number | null }>`SELECT max(id) AS id FROM price_change_sets`.execute(database.db)).rows[0].id ?? 0;
    const before = await lastSet();
    const started = performance.now();
    const holds = await mainThreadHolds(() =>
      call('PUT', `models/${seasonId}/${modelId}`, {
        model: {
          name: model.name,
          version: model.version,
          min_margin_percent: model.min_margin_percent,
          min_profit: model.min_profit,
          rates: model.rates.map((other) => (other.id === rate.id ? { ...other, markup: Math.round((other.markup + 0.05) * 1000) / 1000 } : other)),
        },
        removedRatesIds: [],
      }),
    );
    const saveMs = performance.now() - started;
    const { rows } = await sql<{ sets: number; changes: number; row_count: number; seasons: number; bytes: number; set_bytes: number }>`
      SELECT count(DISTINCT s.id)::int AS sets, count(c.id)::int AS changes, coalesce(max(s.row_count), 0)::int AS row_count,
        count(DISTINCT c.tour_season_id)::int AS seasons, coalesce(sum(pg_column_size(c.*)), 0)::bigint AS bytes,
        coalesce(max(pg_column_size(s.*)), 0)::int AS set_bytes
      FROM price_change_sets s LEFT JOIN price_changes c ON c.change_set_id = s.id WHERE s.id > ${before}`.execute(database.db);
    const change = { ...rows[0], bytes: Number(rows[0].bytes) + rows[0].set_bytes };
    if (change.sets !== 1 || change.changes !== change.row_count) throw new Error(`Expected one change set of its rows: ${JSON.stringify(rows[0])}`);
    log(
      `Largest /pgt change: model ${model.name} (${tourSeasons} tour seasons of season ${seasonId}), markup of rate ${rate.id} ` +
        `${rate.markup} -> +0.05, saved in ${saveMs.toFixed(0)} ms: one change set of ${change.changes.toLocaleString('en-GB')} rows over ` +
        `${change.seasons} tour seasons, ${(change.bytes / 1024).toFixed(0)} KB of rows ` +
        `(${(change.bytes / change.changes).toFixed(0)} bytes a row, indexes not counted); ` +
        `it held the server's thread ${holds.longestMs.toFixed(0)} ms at most, for ${holds.mainThreadCpuMs.toFixed(0)} ms of main-thread CPU.`,
    );
    const storage = {
      name:
        `largest /pgt change (a markup of ${benchDataName(options)}'s busiest model): KB of its change set, ` +
        `${change.changes.toLocaleString('en-GB')} rows (compared: the save's ms)`,
      ms: change.bytes / 1024,
      comparedMs: saveMs,
      ratio: change.bytes / 1024 / saveMs,
    };
    const hold = {
      name: `largest /pgt change: longest hold of the server's thread (compared: the change's main-thread CPU)`,
      ms: holds.longestMs,
      comparedMs: holds.mainThreadCpuMs,
      ratio: holds.longestMs / Math.max(1, holds.mainThreadCpuMs),
      target: '< 100 ms',
    };
    return [storage, hold];
  } finally {
    await app.close();
    await database.close();
    data.remove();
  }
}

async function runSeasonHistoryBench(log: (message: string) => void, counts: Counts): Promise<BenchRow[]> {
  const database = await openDatabase({ kind: 'embedded' });
  await migrateToLatest(database.db);
  const app = await buildApp({ db: database.db, changes: database.changes, config: readConfig({}) });
  await app.ready();
  try {
    const db = database.db;
    const userId = await upsertStaffUser(db, 'bench@example.test', 'bench password long enough');
    const headers = { authorization: `Bearer ${await createSession(db, userId)}` };
    const f = await createPricingFixture(db);
    const pricingUrl = `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`;
    const save = async (body: unknown): Promise<SeasonPricing> => {
      const response = await app.inject({ method: 'PUT', url: pricingUrl, headers, payload: body as object });
      if (response.statusCode !== 200) throw new Error(`PUT ${pricingUrl}: ${response.statusCode} ${response.body}`);
      return response.json<SeasonPricing>();
    };
    const price = (n: number) => ({ room_type_id: f.roomTypeId, gross: 500 + n, markup_rate_id: f.rates.r20 });
    let pricing = await save({
      version: 1,
      categories: [{ start: '2026-05-01', end: '2026-09-30', nights: 7, prices: Array.from({ length: SEASON_ROWS }, (_, n) => price(n)) }],
    });

    type Sizes = { sets: number; changes: number; bytes: number };
    const sizes = async (): Promise<Sizes> => {
      const { rows } = await sql<Sizes>`
        SELECT (SELECT count(*) FROM price_change_sets)::int AS sets, (SELECT count(*) FROM price_changes)::int AS changes,
          (pg_total_relation_size('price_change_sets') + pg_total_relation_size('price_changes'))::bigint AS bytes`.execute(db);
      return { sets: Number(rows[0].sets), changes: Number(rows[0].changes), bytes: Number(rows[0].bytes) };
    };
    const before = await sizes();
    const saveTimes: number[] = [];
    for (let n = 0; n < counts.saves; n++) {
      const body = asSave(pricing);
      const prices = body.categories[0].prices;
      for (let cell = 0; cell < CELLS_PER_SAVE; cell++) prices[(n * CELLS_PER_SAVE + cell) % SEASON_ROWS].gross += 1;
      const started = performance.now();
      pricing = await save(body);
      saveTimes.push(performance.now() - started);
    }
    const after = await sizes();
    const added = { sets: after.sets - before.sets, changes: after.changes - before.changes, kb: (after.bytes - before.bytes) / 1024 };
    log(
      `History storage: ${counts.saves} saves of a ${SEASON_ROWS}-row season, ${CELLS_PER_SAVE} cells each (median save ${median(saveTimes).toFixed(1)} ms): ` +
        `${added.sets} change sets, ${added.changes} change rows, ${added.kb.toFixed(0)} KB ` +
        `(${((added.kb * 1024) / added.changes).toFixed(0)} bytes a change row, tables and indexes).`,
    );

    // The other change sets by SQL (9,000 of the 10,000), each a copy of the last real set's changes.
    const extra = counts.changeSets - after.sets;
    await sql`
      WITH latest AS (SELECT max(id) AS id FROM price_change_sets),
      sets AS (
        INSERT INTO price_change_sets (user_id, source, row_count, cost_change, below_guardrail)
        SELECT s.user_id, s.source, s.row_count, s.cost_change, 0 FROM price_change_sets s, latest, generate_series(1, ${extra})
        WHERE s.id = latest.id RETURNING id
      )
      INSERT INTO price_changes (change_set_id, tour_season_id, kind, row_id, before, after)
      SELECT sets.id, c.tour_season_id, c.kind, c.row_id, c.before, c.after FROM sets, price_changes c, latest
      WHERE c.change_set_id = latest.id ORDER BY sets.id, c.id`.execute(db);
    const full = await sizes();
    log(
      `History reads: ${full.sets} change sets (${extra} inserted by SQL in the shape recordChangeSet writes), ${full.changes} change rows, ` +
        `${(full.bytes / 1024 / 1024).toFixed(1)} MB.`,
    );

    const historyUrl = `/api/v1/price-history/${f.tourId}/${f.seasonId}`;
    const read = async () => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: historyUrl, headers: { ...headers, 'cache-control': 'no-cache' } });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`GET ${historyUrl}: ${response.statusCode} ${response.body}`);
      const sets = response.json<ChangeSetSummary[]>();
      if (sets.length !== 50 || sets[0].row_count !== CELLS_PER_SAVE) throw new Error(`Unexpected history page: ${response.body.slice(0, 300)}`);
      return ms;
    };
    await read();
    const reads: number[] = [];
    for (let n = 0; n < counts.reads; n++) reads.push(await read());
    const sorted = [...reads].sort((a, b) => a - b);
    const p95 = sorted[Math.ceil(0.95 * sorted.length) - 1];
    const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`EXPLAIN ANALYZE
      SELECT DISTINCT change_set_id FROM price_changes WHERE tour_season_id = ${f.tourSeasonId} ORDER BY change_set_id DESC LIMIT 50`.execute(db);
    log(`Page query plan (its first step):\n${plan.map((line) => `  ${line['QUERY PLAN']}`).join('\n')}`);

    const kbPerThousand = (added.kb * 1000) / counts.saves;
    return [
      {
        name: `history storage per 1,000 saves of a 60-row season, 3 cells each: KB (${added.sets} sets, ${added.changes} rows; compared: KB a save)`,
        ms: kbPerThousand,
        comparedMs: added.kb / counts.saves,
        ratio: kbPerThousand / (added.kb / counts.saves),
      },
      {
        name: `season history read, first page, ${full.sets.toLocaleString('en-GB')} change sets (median of ${counts.reads}; compared: p95)`,
        ms: median(reads),
        comparedMs: p95,
        ratio: median(reads) / p95,
        target: '< 100 ms',
      },
      { name: `the same, p95 of ${counts.reads} reads (compared: median)`, ms: p95, comparedMs: median(reads), ratio: p95 / median(reads), target: '< 100 ms' },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
