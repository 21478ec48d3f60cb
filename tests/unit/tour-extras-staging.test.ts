import { describe, expect, it } from 'vitest';
import { rateInSeason } from '../../src/domain/pricing/copied-rate';
import type { SeasonPricing, SeasonRate, TourSeasonPricingContext } from '../../src/domain/pricing/tour-pricing';
import { PriceGridModel } from '../../src/grid/price-grid-model';
import type { PriceRow } from '../../src/grid/price-row';
import { copiedCategories } from '../../src/screens/pricing/copied-categories';
import type { PriceGroup } from '../../src/screens/pricing/price-groups';
import { REDUCTION_GRID_FIELDS, newReductionRow, reductionForSave, reductionRow } from '../../src/screens/tour-extras/staged-reductions';
import { extraErrors, extrasSaveBody, type StagedExtra } from '../../src/screens/tour-extras/staged-extras';
import { reductionFixture } from '../helpers/reduction-fixture';
import { variationDates, variationSummary } from '../../src/screens/tour-extras/room-variation-text';

const rate = (id: number, commission: number): SeasonRate => ({ id, commission, markup: 1.3, supplement_markup: 1.15 });
const thisSeason = [rate(1, 20), rate(2, 10)];
const otherSeason = [rate(7, 20), rate(8, 5)];

describe('commission rates of copied rows', () => {
  it('keeps a rate this season’s model has, else takes the one with the same commission, else none', () => {
    expect(rateInSeason(2, otherSeason, thisSeason)).toBe(2);
    expect(rateInSeason(7, otherSeason, thisSeason)).toBe(1);
    expect(rateInSeason(8, otherSeason, thisSeason)).toBeNull();
    expect(rateInSeason(99, otherSeason, thisSeason)).toBeNull();
    expect(rateInSeason(null, otherSeason, thisSeason)).toBeNull();
  });
});

describe('Copy From on the pricing tab', () => {
  const context = { model: { id: 3, name: 'Other', rates: otherSeason } } as TourSeasonPricingContext;
  const price = (id: number, formula: string | null, gross: number) => ({
    id,
    room_type_id: 1,
    accommodation_category_id: null,
    deck_id: null,
    formula,
    gross,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: 7,
    net: 0,
    cost: 0,
  });
  const group = (id: number, prices: ReturnType<typeof price>[]) => ({
    id,
    start: '2026-05-01',
    end: '2026-05-31',
    date_ranges: [{ start: '2026-05-01', end: '2026-05-31' }],
    nights: 7,
    guided: null,
    boat_id: 2,
    tour_route_id: 40,
    specific_dates: [],
    restricted_dates: [],
    restricted_days: [],
    prices,
  });
  const source: SeasonPricing = {
    tour_season: context,
    categories: [group(1, [price(10, null, 500), price(11, '[0]+50', 550)]), group(2, [price(12, '[1]*2+[9]', 0)])],
  };

  it('appends the groups with their sizes, without ids or routes (those belong to the other tour season)', () => {
    const { groups } = copiedCategories(source, 4, thisSeason);
    expect(groups.map(({ id, size, tour_route_id, boat_id, nights }) => ({ id, size, tour_route_id, boat_id, nights }))).toEqual([
      { id: undefined, size: 2, tour_route_id: null, boat_id: 2, nights: 7 },
      { id: undefined, size: 1, tour_route_id: null, boat_id: 2, nights: 7 },
    ]);
    expect(new Set(groups.map((copy) => copy.key)).size).toBe(2);
  });

  it('points references at the copied rows where they land, keeps missing rows, and matches the rates', () => {
    const { rows } = copiedCategories(source, 4, thisSeason);
    expect(rows.map((row) => [row.id, row.formula, row.gross, row.markup_rate_id])).toEqual([
      [undefined, null, 500, 1],
      [undefined, '[4]+50', 550, 1],
      [undefined, '[5]*2+[9]', 0, 1],
    ]);
  });

  it('moves every date of the copied groups by the years it is given, and keeps them without', () => {
    const date_ranges = [
      { start: '2028-02-29', end: '2028-03-10' },
      { start: '2028-03-20', end: '2028-03-31' },
    ];
    const leap: SeasonPricing = {
      tour_season: context,
      categories: [{ ...group(1, []), start: '2028-02-29', end: '2028-03-31', date_ranges, specific_dates: ['2028-02-29'], restricted_dates: ['2028-03-07'] }],
    };
    const dates = (groups: readonly PriceGroup[]) =>
      groups.map(({ start, end, date_ranges, specific_dates, restricted_dates }) => ({ start, end, date_ranges, specific_dates, restricted_dates }));
    expect(dates(copiedCategories(leap, 0, thisSeason, 1).groups)).toEqual([
      {
        start: '2029-02-28',
        end: '2029-03-31',
        date_ranges: [
          { start: '2029-02-28', end: '2029-03-10' },
          { start: '2029-03-20', end: '2029-03-31' },
        ],
        specific_dates: ['2029-02-28'],
        restricted_dates: ['2029-03-07'],
      },
    ]);
    expect(dates(copiedCategories(source, 0, thisSeason).groups)[0]).toEqual({
      start: '2026-05-01',
      end: '2026-05-31',
      date_ranges: [{ start: '2026-05-01', end: '2026-05-31' }],
      specific_dates: [],
      restricted_dates: [],
    });
  });
});

describe('reduction grid rows', () => {
  const stored = reductionFixture({ id: 5, order: 2, room_type_id: 1, cost: 12.5 });

  it("saves a loaded reduction back unchanged, its cost from the grid's reduction_cost column", () => {
    const row = reductionRow(stored);
    expect([row.percent, row.reduction_cost, row.order, row.input_max]).toEqual([50, 12.5, 2, null]);
    const { id: _id, tour_season_id: _season, ...fields } = stored;
    expect(reductionForSave(row)).toEqual({ id: 5, ...fields });
  });

  it('saves a cleared order as 0 and a fractional one rounded', () => {
    expect(reductionForSave({ ...reductionRow(stored), order: null })).toMatchObject({ order: 0 });
    expect(reductionForSave({ ...reductionRow(stored), order: 2.6 })).toMatchObject({ order: 3 });
  });

  it('adds a free-child reduction after the last order', () => {
    const added = newReductionRow([reductionRow(stored)]);
    expect(reductionForSave(added)).toMatchObject({ order: 3, percent: 100, output_max: 5, cost: null, input_quantity: null });
    expect(added.id).toBeUndefined();
  });

  it('counts a typed reduction field as unsaved and takes it back with undo', () => {
    const model = new PriceGridModel({ rows: [reductionRow(stored)], rates: [], currencyRate: null, kind: 'supplement', trackedFields: REDUCTION_GRID_FIELDS });
    const key = model.rows[0].key;
    model.edit([{ rowKey: key, colId: 'percent', oldValue: 50, newValue: 40 }]);
    expect([model.dirtyRowCount, model.isDirtyCell(key, 'percent'), reductionForSave(model.rows[0]).percent]).toEqual([1, true, 40]);
    model.undo();
    expect([model.dirtyRowCount, reductionForSave(model.rows[0]).percent]).toEqual([0, 50]);
    model.destroy();
  });
});

describe('staged extras', () => {
  type Row = PriceRow & { bike_id: number | null };
  const row = (key: string, fields: Partial<Row> = {}): Row => ({
    key,
    bike_id: null,
    formula: null,
    gross: 100,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: 1,
    ...fields,
  });
  const model = (rows: Row[]) => new PriceGridModel<Row>({ rows, rates: thisSeason, currencyRate: 1.1, kind: 'supplement', trackedFields: ['bike_id'] });
  const extras: StagedExtra<{ name: string }, Row>[] = [
    { key: 'extra-3', id: 3, fields: { name: 'Transfer' }, model: model([row('row-1', { id: 1 }), row('new-1', { formula: '[0]+10', gross: 0 })]) },
    { key: 'extra-new-1', fields: { name: 'Picnic' }, model: model([row('new-2', { bike_id: 4 })]) },
  ];

  it('sends every extra with its variations in grid order, formulas evaluated, and the removals', () => {
    const body = extrasSaveBody(6, extras, (variation) => ({ bike_id: variation.bike_id }), [9]);
    expect(body).toEqual({
      version: 6,
      removed_ids: [9],
      extras: [
        {
          id: 3,
          name: 'Transfer',
          variations: [
            { id: 1, bike_id: null, formula: null, gross: 100, non_com: 0, adjustment: 0, markup_rate_id: 1 },
            { bike_id: null, formula: '[0]+10', gross: 110, non_com: 0, adjustment: 0, markup_rate_id: 1 },
          ],
        },
        { name: 'Picnic', variations: [{ bike_id: 4, formula: null, gross: 100, non_com: 0, adjustment: 0, markup_rate_id: 1 }] },
      ],
    });
  });

  it('names the rows and extras a failed save points at', () => {
    const named = extraErrors(
      [
        { msg: 'Row 1: cycle', path: 'extras.0.variations.1.gross' },
        { msg: 'Too long', path: 'extras.1.name' },
        { msg: 'Stale', path: 'version' },
        { msg: 'Gone', path: 'extras.5.variations.0' },
      ],
      extras,
    );
    expect([...named.rows.entries()].map(([extra, rows]) => [extra, [...rows.entries()]])).toEqual([[0, [['new-1', 'Row 1: cycle']]]]);
    expect([...named.extras.entries()]).toEqual([[1, 'Too long']]);
  });

  it('marks the stored variation a PostgreSQL key message names', () => {
    const msg = 'Key (id)=(1) is still referenced from table "booking_party_extras".';
    const named = extraErrors([{ msg }], extras);
    expect([...named.rows.entries()].map(([extra, rows]) => [extra, [...rows.entries()]])).toEqual([[0, [['row-1', msg]]]]);
  });
});

describe('extra night dates in the grid', () => {
  const none = { restricted_days: [], restricted_dates: [], specific_dates: [] };
  it('shortens dates within one year and names the restrictions', () => {
    expect(variationDates({ start: '2026-03-28', end: '2026-10-31' })).toBe('28/03 – 31/10/2026');
    expect(variationDates({ start: '2026-12-20', end: '2027-01-06' })).toBe('20/12/2026 – 06/01/2027');
    expect(variationDates({ start: null, end: null })).toBe('Any date');
    expect(variationSummary({ start: '2026-04-01', end: null, ...none, restricted_days: [0, 6], specific_dates: ['2026-05-01'] })).toBe(
      '01/04/2026 – … · Not Sun, Sat · 1 specific',
    );
  });
});
