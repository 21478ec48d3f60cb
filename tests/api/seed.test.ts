import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARKUP_RATE_ID, type MarkupRate, type PriceKind } from '../../src/domain/price-maths.js';
import { priceRowProblems } from '../../src/domain/pricing/price-input-rules.js';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows.js';
import { formulaReferences } from '../../src/formulas/formula-references.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import type { Database } from '../../src/server/db/schema.js';
import { SEEDED_TABLES, isDatabaseEmpty, seedDemoData, type SeedSummary } from '../../src/server/db/seed/seed-demo-data.js';
import { createTestDatabase } from '../helpers/test-database.js';

const SEED = 7;

let first: DatabaseHandle;
let second: DatabaseHandle;
let summary: SeedSummary;
let emptyBefore: boolean;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  emptyBefore = await isDatabaseEmpty(first.db);
  summary = await seedDemoData(first.db, { scale: 'demo', seed: SEED });
  await seedDemoData(second.db, { scale: 'demo', seed: SEED });
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** One hash over a table's rows in id order. */
async function checksum(db: Kysely<Database>, table: string): Promise<string> {
  const result = await sql<{ hash: string }>`SELECT md5(string_agg(row_to_json(t)::text, '|' ORDER BY t.id)) AS hash FROM ${sql.table(table)} t`.execute(db);
  return result.rows[0].hash;
}

type StoredRow = {
  id: number;
  formula: string | null;
  gross: number;
  non_com: number;
  net: number;
  adjustment: number;
  cost: number;
  markup_rate_id: number | null;
};
type Grid = { kind: PriceKind; rows: StoredRow[]; rates: MarkupRate[]; currencyRate: number };

/** Every grid the seed priced, rows in display order, with its season's rates and currency rate. */
async function seededGrids(db: Kysely<Database>): Promise<Grid[]> {
  const seasons = await db
    .selectFrom('tour_seasons as ts')
    .innerJoin('currency_rates as cr', (join) => join.onRef('cr.currency_id', '=', 'ts.currency_id').onRef('cr.season_id', '=', 'ts.season_id'))
    .select(['ts.id', 'ts.markup_model_id', 'cr.rate'])
    .execute();
  const rates = await db.selectFrom('markup_rates').selectAll().execute();
  const prices = await sql<StoredRow & { tour_season_id: number }>`
    SELECT p.* FROM tour_prices p JOIN tour_pricing_categories c ON c.id = p.tour_pricing_category_id
    ORDER BY c.position, c.id, p.position, p.id`.execute(db);
  const bikes = await db.selectFrom('tour_bikes').selectAll().orderBy('order').orderBy('id').execute();
  const partyVariations = await db
    .selectFrom('tour_party_extra_variations as v')
    .innerJoin('tour_party_extras as e', 'e.id', 'v.tour_party_extra_id')
    .selectAll('v')
    .select('e.tour_season_id')
    .orderBy('e.order')
    .orderBy('e.id')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
  const roomVariations = await db
    .selectFrom('tour_room_extra_variations as v')
    .innerJoin('tour_room_extras as e', 'e.id', 'v.tour_room_extra_id')
    .selectAll('v')
    .select('e.tour_season_id')
    .orderBy('e.id')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
  const ratesOf = (modelId: number | null) => rates.filter((rate) => rate.markup_model_id === modelId);
  const tourGrids = seasons.map((season) => ({
    kind: 'tour' as const,
    rows: prices.rows.filter((row) => row.tour_season_id === season.id),
    rates: ratesOf(season.markup_model_id),
    currencyRate: season.rate,
  }));
  // Bikes and extras hold no [n] references (checked below), so the supplement rows of all
  // seasons sharing a model and a currency rate are priced in one call, exactly as in their own
  // grids, without building a formula engine per grid.
  const supplementGrids = new Map<string, Grid>();
  for (const season of seasons) {
    const key = `${season.markup_model_id}|${season.rate}`;
    const grid = supplementGrids.get(key) ?? { kind: 'supplement' as const, rows: [], rates: ratesOf(season.markup_model_id), currencyRate: season.rate };
    const of = <T extends { tour_season_id: number }>(rows: T[]) => rows.filter((row) => row.tour_season_id === season.id);
    grid.rows.push(...of(bikes), ...of(partyVariations), ...of(roomVariations));
    supplementGrids.set(key, grid);
  }
  return [...tourGrids, ...supplementGrids.values()];
}

describe('demo data seed', () => {
  it('seeds only into an empty database and reports what it made', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(first.db)).toBe(false);
    expect(summary.counts.tours).toBe(40);
    expect(summary.counts.bookings).toBe(500);
    expect(summary.bulkPricingSeason.priceRows).toBeGreaterThan(0);
  });

  it('gives identical data for the same seed', async () => {
    for (const table of ['tours', 'tour_prices', 'tour_bikes', 'bookings', 'party_members', 'payments', 'enquiries']) {
      expect(await checksum(second.db, table), table).toBe(await checksum(first.db, table));
    }
  });

  it('fills every table it seeds', async () => {
    for (const table of SEEDED_TABLES) {
      const result = await sql<{ rows: number }>`SELECT count(*)::integer AS rows FROM ${sql.table(table)}`.execute(first.db);
      expect(result.rows[0].rows, table).toBeGreaterThan(0);
      expect(summary.counts[table], table).toBe(result.rows[0].rows);
    }
  });

  it('seeds the themes of the site, each listing live tours', async () => {
    const themes = await first.db.selectFrom('categories').select(['id', 'name', 'slug']).orderBy('id').execute();
    expect(themes.map((theme) => theme.name)).toEqual(
      expect.arrayContaining([
        'Cycling holidays',
        'Walking holidays',
        'Family holidays',
        'E-bike holidays',
        'Self-guided holidays',
        'Guided holidays',
        'Gourmet holidays',
        'Island hopping',
      ]),
    );
    for (const theme of themes) {
      const listed = await first.db
        .selectFrom('category_tours as ct')
        .innerJoin('tours as t', 't.id', 'ct.tour_id')
        .select(['t.deleted'])
        .where('ct.category_id', '=', theme.id)
        .execute();
      expect(listed.length, theme.name).toBeGreaterThan(0);
      expect(
        listed.every((tour) => !tour.deleted),
        theme.name,
      ).toBe(true);
    }
  });

  it('has the legacy default markup rate and ties seasons to models and currencies', async () => {
    expect(await first.db.selectFrom('markup_rates').select('id').where('id', '=', DEFAULT_MARKUP_RATE_ID).executeTakeFirst()).toBeDefined();
    const seasons = await first.db.selectFrom('seasons').selectAll().orderBy('id').execute();
    expect(seasons.map((season) => season.name)).toEqual(['2026', '2027', '2028']);
    for (const season of seasons) {
      expect(season.model_id).not.toBeNull();
      expect(season.currency_id).not.toBeNull();
    }
    const euro = await first.db
      .selectFrom('currency_rates as cr')
      .innerJoin('currencies as c', 'c.id', 'cr.currency_id')
      .select('cr.rate')
      .where('c.name', '=', 'Euro')
      .orderBy('cr.season_id')
      .execute();
    expect(euro.map((row) => row.rate)).toEqual([1.085, 1.1, 1.16]);
  });

  it('stores the net and cost the price engine computes for every price, bike and extra', async () => {
    let checked = 0;
    for (const grid of await seededGrids(first.db)) {
      if (grid.kind === 'supplement') expect(grid.rows.filter((row) => row.formula !== null && formulaReferences(row.formula).length > 0)).toEqual([]);
      const outcomes = evaluatePriceRows(grid.rows, grid.rates, grid.currencyRate, grid.kind);
      grid.rows.forEach((row, index) => {
        const outcome = outcomes[index];
        expect('error' in outcome ? outcome : { gross: outcome.gross, net: outcome.net, cost: outcome.cost, missing: outcome.missing }).toEqual({
          gross: row.gross,
          net: row.net,
          cost: row.cost,
          missing: undefined,
        });
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(summary.counts.tour_prices);
  });

  it('types only prices a price cell takes: whole pence, no negative gross or non-com, within the money limit', async () => {
    const rows = (await seededGrids(first.db)).flatMap((grid) => grid.rows);
    const broken = rows.filter((row) => priceRowProblems(row).length > 0 || Number(row.gross) < 0);
    expect(broken).toEqual([]);
    expect(rows.length).toBeGreaterThan(summary.counts.tour_prices);
  });

  it('writes [n] formulas that point at earlier rows of the season, and arithmetic formulas', async () => {
    const prices = await sql<{ tour_season_id: number; formula: string | null }>`
      SELECT p.tour_season_id, p.formula FROM tour_prices p JOIN tour_pricing_categories c ON c.id = p.tour_pricing_category_id
      ORDER BY p.tour_season_id, c.position, c.id, p.position, p.id`.execute(first.db);
    let referencing = 0;
    let arithmetic = 0;
    let index = 0;
    let season = -1;
    for (const row of prices.rows) {
      if (row.tour_season_id !== season) [season, index] = [row.tour_season_id, 0];
      if (row.formula !== null) {
        const references = formulaReferences(row.formula);
        if (references.length > 0) referencing++;
        else arithmetic++;
        for (const reference of references) expect(reference).toBeLessThan(index);
      }
      index++;
    }
    expect(referencing).toBeGreaterThan(50);
    expect(arithmetic).toBeGreaterThan(50);
  });

  it('keeps booking totals consistent with rooms, bikes and extras', async () => {
    const inconsistent = await sql<{ id: number }>`
      SELECT b.id FROM bookings b
      WHERE b.total_cost <> b.total_rooms + b.total_bikes + b.total_room_extras + b.total_party_extras - b.total_reductions - b.total_offers + b.total_charges
         OR b.total_rooms <> (SELECT sum(r.cost) FROM booking_rooms r WHERE r.booking_id = b.id)
         OR b.total_bikes <> (SELECT coalesce(sum(tb.cost), 0) FROM party_members m LEFT JOIN tour_bikes tb ON tb.id = m.tour_bike_id WHERE m.booking_id = b.id)
         OR b.total_party_extras <> (SELECT coalesce(sum((e->>'cost')::numeric), 0)
                                    FROM party_members m, jsonb_array_elements(m.extras) e WHERE m.booking_id = b.id)
         OR b.total_room_extras <> (SELECT coalesce(sum((e->>'cost')::numeric * (e->>'quantity')::numeric), 0)
                                   FROM booking_rooms r, jsonb_array_elements(r.extras) e WHERE r.booking_id = b.id)`.execute(first.db);
    expect(inconsistent.rows).toEqual([]);
    const foreignBikes = await sql<{ id: number }>`
      SELECT m.id FROM party_members m JOIN bookings b ON b.id = m.booking_id JOIN tour_bikes tb ON tb.id = m.tour_bike_id
      WHERE tb.tour_season_id <> b.tour_season_id`.execute(first.db);
    expect(foreignBikes.rows).toEqual([]);
  });

  it('uses the booking statuses, references and invented contact details of the spec', async () => {
    const bookings = await first.db.selectFrom('bookings').select(['booking_reference', 'status', 'customer']).execute();
    const statuses = new Set(bookings.map((booking) => booking.status));
    expect([...statuses].every((status) => SPEC_STATUSES.includes(status))).toBe(true);
    expect(statuses.size).toBeGreaterThan(10);
    for (const booking of bookings) {
      expect(booking.booking_reference).toMatch(/^BK-20\d\d-\d{6}$/);
      expect(Object.keys(booking.customer).sort()).toEqual([...CUSTOMER_FIELDS].sort());
      expect(booking.customer.email_address).toMatch(/@example\.(com|org|net)$/);
    }
    const payments = await first.db.selectFrom('payments').select('status').distinct().execute();
    expect(payments.map((payment) => payment.status).sort()).toEqual(['aborted', 'completed', 'pending']);
  });
});

const SPEC_STATUSES = [
  'pending',
  'on-hold',
  'deposit-paid',
  'payment-started',
  'payment-completed',
  'not-requested',
  'awaiting-supplier',
  'send-conf-inv',
  'ticketed',
  'supplier-cancelled',
  'cancelled',
  'sent-to-feefo',
  'prepared',
  'checked',
];
const CUSTOMER_FIELDS = [
  'title',
  'first_name',
  'last_name',
  'email_address',
  'telephone_number',
  'alternative_telephone_number',
  'address_line_1',
  'address_line_2',
  'town',
  'county',
  'postcode',
  'country',
];
