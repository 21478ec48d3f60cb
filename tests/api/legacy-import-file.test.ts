import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { checkUniqueKeys } from '../../src/server/db/legacy-import/check-unique-keys.js';
import { importLegacyData } from '../../src/server/db/legacy-import/import-legacy-data.js';
import { LEGACY_TABLES, type LegacyTableName } from '../../src/server/db/legacy-import/legacy-tables.js';
import { parsePostgresArray } from '../../src/server/db/legacy-import/postgres-array.js';
import { parseLegacyFile } from '../../src/server/db/legacy-import/read-legacy-file.js';
import { createTestDatabase } from '../helpers/test-database.js';

type Cell = string | number | boolean | null;
type Rows = Partial<Record<LegacyTableName, Record<string, Cell>[]>>;

/** A legacy export with every table, holding only the rows given (missing cells are null). */
function legacyJson(rows: Rows) {
  return Object.fromEntries(
    (Object.keys(LEGACY_TABLES) as LegacyTableName[]).map((table) => {
      const columns = Object.keys(LEGACY_TABLES[table].shape);
      return [table, { columns, rows: (rows[table] ?? []).map((row) => columns.map((column) => row[column] ?? null)) }];
    }),
  );
}

const price = (id: number, overrides: Record<string, Cell> = {}) => ({
  id: String(id),
  tour_pricing_category_id: '1',
  room_type_id: '1',
  tour_season_id: '1',
  formula: '675',
  gross: '675',
  non_com: '0',
  net: '540',
  adjustment: '0',
  cost: '648',
  markup_rate_id: '41',
  ...overrides,
});

/** One tour in one season with one price group, priced with the worked example of DESIGN.md. */
const small: Rows = {
  seasons: [{ id: '5', name: '2020' }],
  currencies: [{ id: '1', name: 'Euro', symbol: '€' }],
  exchange_rates: [{ currency_id: '1', season_id: '5', rate: 1.1 }],
  markup_models: [{ id: '11', name: 'B', season_id: '5' }],
  markup_rates: [{ id: '41', markup_model_id: '11', commission: 20, markup: 1.32, supplement_markup: 1.11 }],
  room_types: [{ id: '1', name: 'Double', sleeps: '2' }],
  tours: [
    {
      id: '104',
      name: 'Danube',
      slug: 'danube',
      status: 'live',
      deleted: 'f',
      nights: '{7}',
      difficulty: '{Easy,Leisurely}',
      months: 'April - October',
      bike_and_boat: 'f',
      solo_cyclists_allowed: 't',
    },
  ],
  tour_seasons: [{ id: '1', tour_id: '104', season_id: '5', live: 't', currency_id: '1', markup_model_id: '11' }],
  tour_pricing_categories: [{ id: '1', tour_season_id: '1', specific_dates: '{}', restricted_dates: '{2020-05-23}', restricted_days: '{0,6}' }],
  tour_prices: [price(1)],
};

const withRows = (rows: Rows) => ({ ...small, ...rows });
const parseError = (rows: Rows) => {
  try {
    parseLegacyFile(legacyJson(rows));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'no error';
};

describe('reading legacy array literals', () => {
  it.each([
    { text: '{}', items: [] },
    { text: '{7}', items: ['7'] },
    { text: '{Easy,Leisurely}', items: ['Easy', 'Leisurely'] },
    { text: '{"Easy, flat",Hilly}', items: ['Easy, flat', 'Hilly'] },
    { text: '{"say \\"hi\\""}', items: ['say "hi"'] },
    { text: '{2018-05-05, 2018-05-19}', items: ['2018-05-05', '2018-05-19'] },
  ])('reads $text', ({ text, items }) => {
    expect(parsePostgresArray(text)).toEqual(items);
  });

  it.each(['7', '{7', '{NULL}', '{a,,b}', '{{1,2}}', '{"open}'])('refuses %s', (text) => {
    expect(parsePostgresArray(text)).toBeUndefined();
  });
});

describe('reading a legacy file', () => {
  it('reads tour lists and month ranges into the numbers and lists the schema keeps', () => {
    const [tour] = parseLegacyFile(legacyJson(small)).data.tours;
    expect(tour).toMatchObject({ nights: [7], difficulty: ['Easy', 'Leisurely'], months: [4, 5, 6, 7, 8, 9, 10], deleted: false });
    const wrapping = parseLegacyFile(legacyJson(withRows({ tours: [{ ...small.tours?.[0], months: 'November - February' }] })));
    expect(wrapping.data.tours[0].months).toEqual([11, 12, 1, 2]);
  });

  it('names the table, row, id and column of a value it cannot read', () => {
    expect(parseError(withRows({ tours: [{ ...small.tours?.[0], months: 'Spring' }] }))).toBe(
      "tours row 1 (id 104): months is not a month range ('April - October')",
    );
    expect(parseError(withRows({ tour_prices: [price(1), price(5314, { gross: 'abc' })] }))).toBe('tour_prices row 2 (id 5314): gross is not a number');
    expect(parseError(withRows({ tour_seasons: [{ ...small.tour_seasons?.[0], live: 'yes' }] }))).toBe(
      "tour_seasons row 1 (id 1): live is not a boolean ('t' or 'f')",
    );
    expect(parseError(withRows({ tour_pricing_categories: [{ ...small.tour_pricing_categories?.[0], start: '2020-02-30' }] }))).toBe(
      'tour_pricing_categories row 1 (id 1): start is not a date (YYYY-MM-DD)',
    );
    expect(parseError(withRows({ exchange_rates: [{ currency_id: '1', season_id: '5', rate: 'x' }] }))).toBe(
      'exchange_rates row 1 (currency 1, season 5): rate is not a number',
    );
  });

  it('refuses a table without a column it needs, a short row and a repeated id', () => {
    const json = legacyJson(small);
    json.tours.columns = json.tours.columns.filter((column) => column !== 'slug');
    expect(() => parseLegacyFile(json)).toThrow('tours has no column slug.');
    const short = legacyJson(small);
    short.tour_prices.rows[0].pop();
    expect(() => parseLegacyFile(short)).toThrow(/^tour_prices row 1 \(id 1\): has 13 values for 14 columns/);
    expect(parseError(withRows({ tour_prices: [price(1), price(1)] }))).toBe('tour_prices row 2 (id 1): id 1 appears twice (also row 1).');
  });

  it('refuses two tour seasons of one tour in one season', () => {
    const twice = parseLegacyFile(
      legacyJson(withRows({ tour_seasons: [...(small.tour_seasons ?? []), { id: '2', tour_id: '104', season_id: '5', live: 'f' }] })),
    );
    expect(() => checkUniqueKeys(twice.data)).toThrow('tour_seasons row 2 (id 2: tour 104 in season 5): the same as row 1.');
  });
});

describe('importing rows that point at missing rows', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.close());

  it('skips rows without their parent, empties optional references, and counts both', async () => {
    const file = parseLegacyFile(
      legacyJson(
        withRows({
          tour_prices: [price(1), price(2, { tour_pricing_category_id: '99' }), price(3, { markup_rate_id: '77', room_type_id: '12' })],
        }),
      ),
    );
    const summary = await importLegacyData(database.db, file);
    expect(summary.tables.tour_prices).toMatchObject({ inFile: 3, skipped: 1, inserted: 2 });
    expect(summary.warnings.map((warning) => [warning.table, warning.problem, warning.rows, warning.values])).toEqual([
      ['tour_prices', 'skipped: tour_pricing_category_id is not in tour_pricing_categories', [2], ['99']],
      ['tour_prices', 'room_type_id emptied: not in room_types', [3], ['12']],
      ['tour_prices', 'markup_rate_id emptied: not in markup_rates', [3], ['77']],
    ]);
    const prices = await database.db.selectFrom('tour_prices').select(['id', 'net', 'cost', 'markup_rate_id', 'room_type_id']).orderBy('id').execute();
    expect(prices).toEqual([
      { id: 1, net: 540, cost: 648, markup_rate_id: 41, room_type_id: 1 },
      // No rate any more (15 is not in the model): the stored net and cost stay.
      { id: 3, net: 540, cost: 648, markup_rate_id: null, room_type_id: null },
    ]);
  });
});
