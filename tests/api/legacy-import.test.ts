import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceInputProblem, priceRowProblems } from '../../src/domain/pricing/price-input-rules.js';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { importLegacyData, importLegacyFile, type LegacyImportSummary } from '../../src/server/db/legacy-import/import-legacy-data.js';
import { parseLegacyFile } from '../../src/server/db/legacy-import/read-legacy-file.js';
import type { Database } from '../../src/server/db/schema.js';
import { inconsistentHistory } from '../helpers/price-history-consistency.js';
import { createTestDatabase } from '../helpers/test-database.js';

// The legacy export lives beside the repository, never inside it.
const FIXTURE = new URL('../fixtures/legacy-pricing.json', import.meta.url);

type Cell = string | number | null;
type LegacyJson = Record<string, { columns: string[]; rows: Cell[][] }>;

const fixture = JSON.parse(readFileSync(FIXTURE, 'utf8')) as LegacyJson;
const legacyRows = (table: string) => fixture[table].rows.map((cells) => Object.fromEntries(fixture[table].columns.map((column, i) => [column, cells[i]])));

/** Each written table and the legacy table its rows come from. */
const TABLES: Record<string, string> = {
  seasons: 'seasons',
  currencies: 'currencies',
  currency_rates: 'exchange_rates',
  markup_models: 'markup_models',
  markup_rates: 'markup_rates',
  room_types: 'room_types',
  accommodation_categories: 'accommodation_categories',
  bikes: 'bikes',
  boats: 'boats',
  decks: 'decks',
  tours: 'tours',
  tour_seasons: 'tour_seasons',
  tour_routes: 'tour_routes',
  tour_pricing_categories: 'tour_pricing_categories',
  tour_prices: 'tour_prices',
  tour_bikes: 'tour_bikes',
  tour_party_extras: 'tour_party_extras',
  tour_party_extra_variations: 'tour_party_extra_variations',
  tour_room_extras: 'tour_room_extras',
  tour_room_extra_variations: 'tour_room_extra_variations',
  tour_reductions: 'tour_reductions',
};

/** Every imported table's row count and a hash of its full contents, versions included. */
async function checksum(db: Kysely<Database>): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of Object.keys(TABLES)) {
    const { rows } = await sql<{ count: number; hash: string }>`
      SELECT count(*)::int AS count, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash
      FROM ${sql.table(table)} t`.execute(db);
    sums[table] = `${rows[0].count}:${rows[0].hash}`;
  }
  return sums;
}

/** The price history's change sets, oldest first. */
const changeSets = (db: Kysely<Database>) => db.selectFrom('price_change_sets').selectAll().orderBy('id').execute();

/** The price tables, the kind their history names them by, and how many rows the file has. */
const HISTORY_TABLES = [
  { table: 'tour_prices', kind: 'price' },
  { table: 'tour_bikes', kind: 'bike' },
  { table: 'tour_party_extra_variations', kind: 'party_extra_variation' },
  { table: 'tour_room_extra_variations', kind: 'room_extra_variation' },
  { table: 'tour_reductions', kind: 'reduction' },
] as const;

/** The fixture with one cell changed, as a new object. */
function withCell(table: string, row: number, column: string, value: Cell): LegacyJson {
  const copy = structuredClone(fixture);
  copy[table].rows[row][copy[table].columns.indexOf(column)] = value;
  return copy;
}

let folder: string;
function writeFile(name: string, text: string): string {
  const file = path.join(folder, name);
  writeFileSync(file, text);
  return file;
}

let database: DatabaseHandle;
let db: Kysely<Database>;
let first: LegacyImportSummary;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'legacy-import-'));
  database = await createTestDatabase();
  db = database.db;
  first = await importLegacyFile(db, FIXTURE);
});
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('importing the legacy pricing export', () => {
  it('imports every row of every legacy table under its legacy id', async () => {
    for (const [table, legacyTable] of Object.entries(TABLES)) {
      const { count } = await db
        .selectFrom(table as keyof Database)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect({ table, count: Number(count) }).toEqual({ table, count: fixture[legacyTable].rows.length });
      expect(first.tables[table]).toMatchObject({ inFile: fixture[legacyTable].rows.length, skipped: 0, inserted: fixture[legacyTable].rows.length });
    }
    const tourIds = (await db.selectFrom('tours').select('id').execute()).map((row) => row.id).sort((a, b) => a - b);
    expect(tourIds).toEqual(
      legacyRows('tours')
        .map((row) => Number(row.id))
        .sort((a, b) => a - b),
    );
  });

  it('records the import as one change set: every price row new (before null), its after the stored values', async () => {
    const sets = await changeSets(db);
    const fileRows = HISTORY_TABLES.reduce((sum, { table }) => sum + fixture[table].rows.length, 0);
    expect(fileRows).toBe(6_640);
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({ id: first.history.changeSetId, source: 'import', user_id: null, row_count: fileRows, below_guardrail: 0 });
    expect(first.history.rows).toBe(fileRows);
    for (const { table, kind } of HISTORY_TABLES) {
      const changes = await db.selectFrom('price_changes').selectAll().where('change_set_id', '=', sets[0].id).where('kind', '=', kind).execute();
      expect({ table, rows: changes.length }).toEqual({ table, rows: fixture[table].rows.length });
      expect(changes.every((change) => change.before === null)).toBe(true);
      const fields = kind === 'reduction' ? ['percent', 'cost'] : ['gross', 'formula', 'non_com', 'markup_rate_id', 'adjustment', 'net', 'cost'];
      const stored = await db
        .selectFrom(table)
        .selectAll()
        .execute()
        .then((rows) => new Map(rows.map((row) => [row.id, Object.fromEntries(fields.map((field) => [field, (row as Record<string, unknown>)[field]]))])));
      for (const change of changes)
        expect({ table, id: change.row_id, after: change.after }).toEqual({ table, id: change.row_id, after: stored.get(change.row_id) });
    }
    // Each change names the tour season of its row (a variation's through its extra).
    const seasonOfPrice = await db.selectFrom('price_changes').select('tour_season_id').where('kind', '=', 'price').where('row_id', '=', 5314).execute();
    expect(seasonOfPrice).toEqual([{ tour_season_id: 184 }]);
    const variation = legacyRows('tour_room_extra_variations')[0];
    const extra = legacyRows('tour_room_extras').find((row) => row.id === variation.tour_room_extra_id);
    const seasonOfVariation = await db
      .selectFrom('price_changes')
      .select('tour_season_id')
      .where('kind', '=', 'room_extra_variation')
      .where('row_id', '=', Number(variation.id))
      .execute();
    expect(seasonOfVariation).toEqual([{ tour_season_id: Number(extra?.tour_season_id) }]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await checksum(db);
    const setsBefore = await changeSets(db);
    const again = await importLegacyFile(db, FIXTURE);
    expect(await checksum(db)).toEqual(before);
    expect(again.history).toEqual({ changeSetId: null, rows: 0 });
    expect(await changeSets(db)).toEqual(setsBefore);
    for (const counts of Object.values(again.tables)) expect(counts).toMatchObject({ inserted: 0, updated: 0, skipped: 0 });
    expect(again.versionsBumped).toEqual({ tour_seasons: 0, markup_models: 0 });
  });

  it("stores a tour season's prices with the costs the legacy system stored", async () => {
    // Tour 21 in season 5 (legacy tour season 184): 57 prices, escaped formulas among them.
    const tourSeason = await db.selectFrom('tour_seasons').selectAll().where('tour_id', '=', 21).where('season_id', '=', 5).executeTakeFirstOrThrow();
    expect(tourSeason.id).toBe(184);
    const stored = await db
      .selectFrom('tour_prices')
      .innerJoin('tour_pricing_categories as category', 'category.id', 'tour_prices.tour_pricing_category_id')
      .select(['tour_prices.id', 'formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'])
      .where('tour_prices.tour_season_id', '=', tourSeason.id)
      .orderBy('category.position')
      .orderBy('tour_prices.position')
      .execute();
    const legacy = new Map(legacyRows('tour_prices').map((row) => [Number(row.id), row]));
    expect(stored).toHaveLength(57);
    expect(stored.map((row) => ({ id: row.id, cost: row.cost }))).toEqual(stored.map((row) => ({ id: row.id, cost: Number(legacy.get(row.id)?.cost) })));
    expect(stored.some((row) => row.formula?.includes('&'))).toBe(false);

    // And the engine, fed from the database, gives the stored values back.
    const rates = await db
      .selectFrom('markup_rates')
      .select(['id', 'commission', 'markup', 'supplement_markup'])
      .where('markup_model_id', '=', tourSeason.markup_model_id)
      .execute();
    const { rate } = await db
      .selectFrom('currency_rates')
      .select('rate')
      .where('currency_id', '=', tourSeason.currency_id)
      .where('season_id', '=', tourSeason.season_id)
      .executeTakeFirstOrThrow();
    const outcomes = evaluatePriceRows(stored, rates, rate, 'tour');
    expect(outcomes.map((outcome) => ('error' in outcome ? outcome.error : [outcome.gross, outcome.net, outcome.cost]))).toEqual(
      stored.map((row) => [row.gross, row.net, row.cost]),
    );
  });

  it('imports only prices a price cell takes, but for the decimals of formula results', async () => {
    const rows = await sql<{ formula: string | null; gross: number; non_com: number; adjustment: number }>`
      SELECT formula, gross, non_com, adjustment FROM tour_prices UNION ALL SELECT formula, gross, non_com, adjustment FROM tour_bikes
      UNION ALL SELECT formula, gross, non_com, adjustment FROM tour_party_extra_variations
      UNION ALL SELECT formula, gross, non_com, adjustment FROM tour_room_extra_variations`.execute(db);
    const typed = rows.rows.map((row) => ({ ...row, gross: Number(row.gross), non_com: Number(row.non_com), adjustment: Number(row.adjustment) }));
    expect(typed.filter((row) => priceRowProblems(row).length > 0 || row.gross < 0)).toEqual([]);
    // Formula results of more than two decimals (158 once the import has evaluated them) are kept.
    expect(typed.filter((row) => row.formula !== null && priceInputProblem('gross', row.gross) !== null).length).toBeGreaterThan(100);
  });

  it('unescapes HTML-escaped formulas', async () => {
    const escaped = legacyRows('tour_prices').find((row) => String(row.formula).includes('&amp;amp;amp;amp;#x2F;'));
    const row = await db.selectFrom('tour_prices').select('formula').where('id', '=', Number(escaped?.id)).executeTakeFirstOrThrow();
    expect(escaped?.formula).toBe('(1190*2+1190&amp;amp;amp;amp;#x2F;2)&amp;amp;amp;amp;#x2F;3');
    expect(row.formula).toBe('(1190*2+1190/2)/3');
  });

  it('turns legacy [id] references into rows of the season grid, or into the gross of a copied season', async () => {
    const grid = await db
      .selectFrom('tour_prices')
      .innerJoin('tour_pricing_categories as category', 'category.id', 'tour_prices.tour_pricing_category_id')
      .select(['tour_prices.id', 'formula'])
      .where('tour_prices.tour_season_id', '=', 22)
      .orderBy('category.position')
      .orderBy('tour_prices.position')
      .execute();
    const rowOf = (id: number) => grid.findIndex((row) => row.id === id);
    // Legacy price 841 held '[835]+125'.
    expect(grid[rowOf(841)].formula).toBe(`[${rowOf(835)}]+125`);
    const copied = await db.selectFrom('tour_prices').select('formula').where('id', '=', 5306).executeTakeFirstOrThrow();
    expect(copied.formula).toBe('(820)');
  });

  it('reports as changed costs only the binary-rounding artefacts and the rows whose formula outgrew their stored gross', () => {
    const changed = first.pricing.costDifferences.map((row) => `${row.table}/${row.id}`).sort();
    const stale = [
      ...[5094, 5870, 6020, 6023, 6031].map((id) => `tour_prices/${id}`),
      ...[969, 970, 971, 972, 973, 974, 1008, 1010].map((id) => `tour_room_extra_variations/${id}`),
    ];
    expect(changed).toEqual(['tour_prices/3446', 'tour_prices/3456', ...stale].sort());
    expect(first.pricing.costDifferences.filter((row) => row.id === 3446 || row.id === 3456).map((row) => [row.stored, row.computed])).toEqual([
      [609, 608],
      [609, 608],
    ]);
    expect(Object.values(first.pricing.priced).reduce((sum, count) => sum + count, 0)).toBe(3_642);
  });

  it('keeps the hand-typed costs of rows without a markup rate', async () => {
    const row = legacyRows('tour_prices').find((candidate) => candidate.markup_rate_id === null && Number(candidate.cost) > 0);
    const stored = await db.selectFrom('tour_prices').select(['cost', 'markup_rate_id']).where('id', '=', Number(row?.id)).executeTakeFirstOrThrow();
    expect(stored).toEqual({ cost: Number(row?.cost), markup_rate_id: null });
    expect(Object.values(first.pricing.keptStored).reduce((sum, count) => sum + count, 0)).toBe(2_835);
  });

  it('reads the legacy 0 nights of bikes and supplements as any nights (null), and keeps real lengths', async () => {
    for (const table of ['tour_bikes', 'tour_party_extras'] as const) {
      const legacy = legacyRows(table);
      const stored = new Map((await db.selectFrom(table).select(['id', 'nights']).execute()).map((row) => [row.id, row.nights]));
      for (const row of legacy)
        expect(stored.get(Number(row.id)), `${table} ${row.id}`).toBe(row.nights === null || Number(row.nights) === 0 ? null : Number(row.nights));
      expect(legacy.some((row) => Number(row.nights) === 0)).toBe(true);
    }
  });

  it('warns about legacy references it had to empty', () => {
    expect(first.warnings.map((warning) => [warning.table, warning.problem, warning.rows.length])).toEqual([
      ['tours', 'operator_id emptied: not in operators', 165],
      ['tour_party_extras', 'boat_id 0 (legacy for none) stored as empty', 273],
      ['tour_routes', "tour_id differs from its tour season's tour (kept under the tour season)", 1],
    ]);
  });
});

describe('a file the import refuses', () => {
  it('names the table and row of a value with the wrong type, and changes nothing', async () => {
    const before = await checksum(db);
    const row = fixture.tour_prices.rows[16];
    const file = writeFile('bad-gross.json', JSON.stringify(withCell('tour_prices', 16, 'gross', 'abc')));
    await expect(importLegacyFile(db, file)).rejects.toThrow(`tour_prices row 17 (id ${row[0]}): gross is not a number`);
    expect(await checksum(db)).toEqual(before);
  });

  it('names a missing table', async () => {
    const { tour_bikes: _left, ...withoutBikes } = fixture;
    await expect(importLegacyFile(db, writeFile('no-bikes.json', JSON.stringify(withoutBikes)))).rejects.toThrow('The file has no table tour_bikes.');
  });

  it('refuses a file that is not JSON', async () => {
    await expect(importLegacyFile(db, writeFile('broken.json', '{"seasons": {"columns": ['))).rejects.toThrow(/is not valid JSON/);
  });

  it('rolls back everything when the database refuses a row half-way through', async () => {
    // A tour created in the new system holds a slug the file gives to a legacy tour.
    await db.insertInto('tours').values({ name: 'New tour', slug: 'new-tour-slug' }).execute();
    const before = await checksum(db);
    const setsBefore = await changeSets(db);
    const renamed = withCell('tour_prices', 0, 'formula', '810');
    renamed.seasons = withCell('seasons', 0, 'name', 'Renamed season').seasons;
    const clashing = withCell('tours', 0, 'slug', 'new-tour-slug');
    renamed.tours = clashing.tours;
    await expect(importLegacyData(db, parseLegacyFile(renamed))).rejects.toThrow(/^Writing tours failed, nothing was imported/);
    expect(await checksum(db)).toEqual(before);
    expect(await changeSets(db)).toEqual(setsBefore);
    await db.deleteFrom('tours').where('slug', '=', 'new-tour-slug').execute();
  });

  it('writes nothing on a dry run but says what would change', async () => {
    const before = await checksum(db);
    const setsBefore = await changeSets(db);
    const changed = withCell('seasons', 0, 'name', 'Renamed season');
    changed.tour_prices = withCell('tour_prices', 0, 'formula', '810').tour_prices;
    const summary = await importLegacyData(db, parseLegacyFile(changed), { dryRun: true });
    expect(summary.tables.seasons).toMatchObject({ updated: 1, unchanged: 3 });
    // The change set was written in the transaction, and rolled back with it.
    expect(summary.history).toMatchObject({ changeSetId: expect.any(Number), rows: 1 });
    expect(await checksum(db)).toEqual(before);
    expect(await changeSets(db)).toEqual(setsBefore);
    const orphans = await db.selectFrom('price_changes').select('id').where('change_set_id', '=', summary.history.changeSetId!).execute();
    expect(orphans).toEqual([]);
  });
});

describe('after the import', () => {
  it('updates a price changed in the file, reprices it and gives its tour season a new version', async () => {
    // Legacy price 5314 of tour season 184: formula and gross 769, rate 90, cost 909.
    expect(fixture.tour_prices.rows[0][0]).toBe('5314');
    const changed = withCell('tour_prices', 0, 'formula', '800');
    const before = await db.selectFrom('tour_prices').selectAll().where('id', '=', 5314).executeTakeFirstOrThrow();
    const summary = await importLegacyData(db, parseLegacyFile(changed));
    expect(summary.tables.tour_prices).toMatchObject({ updated: 1, inserted: 0 });
    // One change set of one row: the price's before and after.
    expect(summary.history).toEqual({ changeSetId: expect.any(Number), rows: 1 });
    const set = await db.selectFrom('price_change_sets').selectAll().where('id', '=', summary.history.changeSetId!).executeTakeFirstOrThrow();
    expect(set).toMatchObject({ source: 'import', row_count: 1, cost_change: 946 - before.cost });
    const changes = await db.selectFrom('price_changes').selectAll().where('change_set_id', '=', set.id).execute();
    const snapshot = {
      gross: before.gross,
      formula: before.formula,
      non_com: before.non_com,
      markup_rate_id: before.markup_rate_id,
      adjustment: before.adjustment,
    };
    expect(changes).toEqual([
      {
        id: expect.any(Number),
        change_set_id: set.id,
        tour_season_id: 184,
        kind: 'price',
        row_id: 5314,
        before: { ...snapshot, net: before.net, cost: before.cost },
        after: { ...snapshot, formula: null, gross: 800, net: expect.any(Number), cost: 946 },
      },
    ]);
    expect(summary.versionsBumped).toEqual({ tour_seasons: 1, markup_models: 0 });
    const price = await db.selectFrom('tour_prices').select(['formula', 'gross', 'cost']).where('id', '=', 5314).executeTakeFirstOrThrow();
    // Rate 90 has no commission and markup 1.3; the season rate is 1.1: ROUNDUP(800 / 1.1 * 1.3).
    expect(price).toEqual({ formula: null, gross: 800, cost: 946 });
    const tourSeason = await db.selectFrom('tour_seasons').select('version').where('id', '=', 184).executeTakeFirstOrThrow();
    expect(tourSeason.version).toBe(2);
  });

  it('leaves a history whose latest change of every row is the row as stored, and the check sees a row changed behind it', async () => {
    const consistent = await inconsistentHistory(db);
    expect(consistent).toEqual({ problems: [], rowsChecked: 6_640 });
    await db
      .updateTable('tour_bikes')
      .set({ cost: 1 })
      .where('id', '=', Number(legacyRows('tour_bikes')[0].id))
      .execute();
    const { problems } = await inconsistentHistory(db);
    expect(problems).toEqual([expect.stringMatching(new RegExp(`^bike ${legacyRows('tour_bikes')[0].id} .*: cost \\S+ in history, 1 stored$`))]);
  });

  it('gives new rows ids past the legacy ids', async () => {
    const maxId = (table: string) => Math.max(...legacyRows(table).map((row) => Number(row.id)));
    const season = await db.insertInto('seasons').values({ name: '2030' }).returning('id').executeTakeFirstOrThrow();
    expect(season.id).toBeGreaterThan(maxId('seasons'));
    const tour = await db.insertInto('tours').values({ name: 'Another tour', slug: 'another-tour' }).returning('id').executeTakeFirstOrThrow();
    expect(tour.id).toBeGreaterThan(maxId('tours'));
    const tourSeason = await db.insertInto('tour_seasons').values({ tour_id: tour.id, season_id: season.id }).returning('id').executeTakeFirstOrThrow();
    expect(tourSeason.id).toBe(maxId('tour_seasons') + 1);
    const category = await db.insertInto('tour_pricing_categories').values({ tour_season_id: tourSeason.id }).returning('id').executeTakeFirstOrThrow();
    expect(category.id).toBe(maxId('tour_pricing_categories') + 1);
    const price = await db
      .insertInto('tour_prices')
      .values({ tour_pricing_category_id: category.id, tour_season_id: tourSeason.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(price.id).toBe(maxId('tour_prices') + 1);

    for (const table of Object.keys(TABLES).filter((name) => name !== 'currency_rates')) {
      const { rows } = await sql<{ last: number }>`SELECT pg_sequence_last_value(pg_get_serial_sequence(${table}, 'id')::regclass)::int AS last`.execute(db);
      expect({ table, past: rows[0].last >= maxId(TABLES[table]) }).toEqual({ table, past: true });
    }
  });
});
