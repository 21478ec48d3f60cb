// Proof of the pricing export (issue 21): a season priced by the server, exported by the app's
// export code and recalculated by LibreOffice headless gives the app's values in every formula
// cell, to the penny; and edited as a manager would (a base gross, a markup on the Rates sheet),
// it gives what the app gives for the same edit. LibreOffice must be installed (.ci/run installs
// it): without it this test fails, saying so.

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { computePrice, resolveRate, type MarkupRate } from '../../src/domain/price-maths.js';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { evaluateGrossColumn } from '../../src/formulas/evaluate-price-rows.js';
import { previewPriceSheet } from '../../src/formulas/price-sheet-import.js';
import { priceSheetHeaders, PRICING_SHEET, RATES_SHEET } from '../../src/formulas/price-sheet-layout.js';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet.js';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows.js';
import { libreOfficeVersion, recalculateWithLibreOffice } from '../helpers/libreoffice.js';
import { createPricingFixture, type PricingFixture } from '../helpers/pricing-fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let f: PricingFixture;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  f = await createPricingFixture(t.db);
});
afterAll(() => t.close());

const CHECKED = ['Gross', 'Commission', 'Net', 'Subtotal', 'Cost', 'Profit'] as const;
const HEADERS = priceSheetHeaders(false);
const column = (header: (typeof CHECKED)[number]) => HEADERS.indexOf(header) + 1;

const exportOf = (pricing: SeasonPricing) =>
  buildPricingXlsx(
    pricingExport({ tour_code: 'LO1', name: 'LibreOffice proof' }, [{ pricing, lookups: { boats: [], routes: [], roomTypes: [], accommodation: [] } }]),
    new Date(),
  );

/** A season with plain and formula grosses (references, ranges, functions), non-com, adjustments, each rate, a net of 0. */
async function pricedSeason(): Promise<SeasonPricing> {
  const { r20, r10, r0 } = f.rates;
  const row = (gross: number | string, markup_rate_id: number, extra: { non_com?: number; adjustment?: number } = {}) => ({
    room_type_id: f.roomTypeId,
    markup_rate_id,
    non_com: extra.non_com ?? 0,
    adjustment: extra.adjustment ?? 0,
    ...(typeof gross === 'number' ? { gross, formula: null } : { gross: 0, formula: gross }),
  });
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`,
    headers: t.auth,
    payload: {
      version: 1,
      categories: [
        {
          start: '2026-05-01',
          end: '2026-06-30',
          nights: 7,
          prices: [
            row(675, r20),
            row(496, r10, { non_com: 50, adjustment: 12.5 }),
            row('[0]+10', r20),
            row('ROUNDUP([1]*1.1,0)', r0, { adjustment: -3 }),
            row(1234.56, r20, { non_com: 1234.56 }),
          ],
        },
        {
          start: '2026-07-01',
          end: '2026-09-30',
          nights: 10,
          prices: [
            row('SUM([0]:[2])', r10),
            row('IF([0]>=600,ROUND([1]/3,2),MAX([0]:[3],7))', r20),
            row('AVERAGE([0],[5])', r0),
            row(80, r20, { non_com: 90 }),
            row('(675*.9+675+675)/3', r20, { adjustment: 7.25 }),
          ],
        },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<SeasonPricing>();
}

/** A row's formula copied to another row: references to cells of row `from` (not absolute ones, not other rows) move to row `to`. */
const moveRowReferences = (formula: string, from: number, to: number) =>
  formula.replace(new RegExp(`(?<![$A-Za-z0-9_])([A-Z]{1,3})${from}(?![0-9])`, 'g'), `$1${to}`);

/** What the app shows for each row: the server's gross, net and cost, and the price maths' subtotal and profit. */
function appValues(pricing: SeasonPricing, rates: readonly MarkupRate[], grosses?: readonly number[]): number[][] {
  const prices = pricing.categories.flatMap((category) => category.prices);
  return prices.map((price, index) => {
    const gross = grosses?.[index] ?? Number(price.gross);
    const rate = resolveRate(rates, price.markup_rate_id)!;
    const result = computePrice(
      { gross, non_com: Number(price.non_com), adjustment: Number(price.adjustment), markup_rate_id: price.markup_rate_id },
      rate,
      pricing.tour_season.currency!.rate,
      'tour',
    );
    return [gross, rate.commission, result.net, result.subtotal, result.cost, result.profit];
  });
}

/** Every checked cell of the sheet whose value is more than half a penny off the app's, by address. */
function mismatches(sheet: ExcelJS.Worksheet, want: number[][]) {
  const wrong: { cell: string; sheet: unknown; app: number }[] = [];
  let formulas = 0;
  want.forEach((values, index) => {
    CHECKED.forEach((header, h) => {
      const cell = sheet.getRow(index + 2).getCell(column(header));
      const value = cell.value;
      const isFormula = value !== null && typeof value === 'object' && 'formula' in value;
      if (isFormula) formulas++;
      // exceljs 4.4 reads a cached 0 back as no result (the file holds <v>0</v>).
      const got = isFormula ? (value.result ?? 0) : value;
      if (typeof got !== 'number' || Math.abs(got - values[h]) >= 0.005) wrong.push({ cell: cell.address, sheet: got, app: values[h] });
    });
  });
  return { wrong, formulas };
}

describe('the pricing export recalculated by LibreOffice', () => {
  it('finds LibreOffice installed', () => {
    expect(libreOfficeVersion()).toMatch(/^LibreOffice \d/);
  });

  it('gives the app’s value in every formula cell, to the penny, as exported and after a manager’s edits', async () => {
    const pricing = await pricedSeason();
    const rates = pricing.tour_season.model!.rates;
    const exported = await exportOf(pricing);

    // 1. As exported, with every cached value replaced by 999999: only a recalculation gives the app's values back.
    const poisoned = new ExcelJS.Workbook();
    await poisoned.xlsx.load(exported);
    poisoned.getWorksheet(PRICING_SHEET)!.eachRow((row) =>
      row.eachCell((cell) => {
        const value = cell.value;
        if (value !== null && typeof value === 'object' && 'formula' in value && value.formula !== undefined)
          cell.value = { formula: value.formula, result: 999999 };
      }),
    );

    // 2. Edited: row 0's base gross 675 -> 700 (rows 2, 5, 6 and 7 follow it) and the 20% rate's markup 1.32 -> 1.4.
    const edited = new ExcelJS.Workbook();
    await edited.xlsx.load(exported);
    edited.getWorksheet(PRICING_SHEET)!.getRow(2).getCell(column('Gross')).value = 700;
    const ratesSheet = edited.getWorksheet(RATES_SHEET)!;
    const r20Row = rates.findIndex((rate) => rate.id === f.rates.r20) + 2;
    expect(ratesSheet.getRow(r20Row).getCell(5).value).toBe(1.32);
    ratesSheet.getRow(r20Row).getCell(5).value = 1.4;

    const { recalculated, milliseconds } = await recalculateWithLibreOffice([await poisoned.xlsx.writeBuffer(), await edited.xlsx.writeBuffer()]);
    console.log(`soffice --convert-to xlsx of 2 workbooks (${pricing.categories.flatMap((c) => c.prices).length} rows each): ${milliseconds} ms`);

    const [asExported, asEdited] = await Promise.all(
      recalculated.map(async (bytes) => {
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(bytes);
        return workbook.getWorksheet(PRICING_SHEET)!;
      }),
    );
    const exportedCheck = mismatches(asExported, appValues(pricing, rates));
    expect(exportedCheck.wrong).toEqual([]);
    // 10 rows: 6 formula grosses, and commission, net, cost on every row; subtotal and profit on every priced row.
    expect(exportedCheck.formulas).toBe(6 + 10 * 5);

    const prices = pricing.categories.flatMap((category) => category.prices);
    const grosses = evaluateGrossColumn(
      prices.map((price, index) => ({
        formula: price.formula,
        gross: index === 0 ? 700 : Number(price.gross),
        non_com: 0,
        adjustment: 0,
        markup_rate_id: null,
      })),
    );
    const editedRates = rates.map((rate) => (rate.id === f.rates.r20 ? { ...rate, markup: 1.4 } : rate));
    const want = appValues(pricing, editedRates, grosses as number[]);
    expect(want[2][0]).toBe(710);
    expect(mismatches(asEdited, want).wrong).toEqual([]);
  });

  it('round trip: a sheet edited and recalculated by LibreOffice, imported and saved, gives the API LibreOffice’s values', async () => {
    const pricing = await pricedSeason();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await exportOf(pricing));
    const sheet = workbook.getWorksheet(PRICING_SHEET)!;
    // A base gross with dependent rows, a commission typed (10% -> 20%), an adjustment.
    sheet.getRow(2).getCell(column('Gross')).value = 700;
    sheet.getRow(3).getCell(column('Commission')).value = 20;
    sheet.getRow(6).getCell(HEADERS.indexOf('Adjustment') + 1).value = 15;
    // A new row at the end of the second group: sheet row 11 copied to row 12 without its Price id,
    // its own cells' references moved down a row (exceljs copies formulas as written), gross 800.
    const last = sheet.rowCount;
    sheet.getRow(last + 1).values = (sheet.getRow(last).values as ExcelJS.CellValue[]).map((value) =>
      value !== null && typeof value === 'object' && 'formula' in value && value.formula
        ? { formula: moveRowReferences(value.formula, last, last + 1) }
        : value,
    );
    sheet.getRow(last + 1).getCell(HEADERS.indexOf('Price id') + 1).value = null;
    sheet.getRow(last + 1).getCell(column('Gross')).value = 800;
    const { recalculated } = await recalculateWithLibreOffice([await workbook.xlsx.writeBuffer()]);

    const result = await previewPriceSheet(recalculated[0], pricing);
    if (!result.ok) throw new Error(result.refusal);
    const prices = pricing.categories.flatMap((category) => category.prices);
    expect(result.preview.changes.map((change) => [change.priceId, change.field, change.before, change.after])).toEqual([
      [prices[0].id, 'gross', 675, 700],
      [prices[1].id, 'commission', 10, 20],
      [prices[4].id, 'adjustment', 0, 15],
    ]);
    expect(result.preview.added.map((row) => [row.sheetRow, row.groupId, row.gross])).toEqual([
      [last + 1, pricing.categories[1].id, { formula: null, gross: 800 }],
    ]);
    expect([result.preview.missing, result.preview.unmatched, result.preview.ignored]).toEqual([[], [], []]);
    const [added] = result.preview.added;

    // Accept and save: the season as loaded with the preview's cells, sent as the grid sends it.
    const changed = (priceId: number, field: string) => result.preview.changes.find((change) => change.priceId === priceId && change.field === field);
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tour-pricing/${f.tourId}/${f.seasonId}`,
      headers: t.auth,
      payload: {
        version: pricing.tour_season.version,
        categories: pricing.categories.map((category) => ({
          id: category.id,
          start: category.start,
          end: category.end,
          nights: category.nights,
          prices: [
            ...category.prices.map((price) => {
              const gross = changed(price.id, 'gross');
              return {
                id: price.id,
                room_type_id: price.room_type_id,
                ...(gross?.field === 'gross' ? gross.value : { formula: price.formula, gross: Number(price.gross) }),
                non_com: Number(price.non_com),
                adjustment: (changed(price.id, 'adjustment')?.value as number | undefined) ?? Number(price.adjustment),
                markup_rate_id: (changed(price.id, 'commission')?.value as number | undefined) ?? price.markup_rate_id,
              };
            }),
            // The added row, in the group the sheet put it in (its room stays as the copied row's).
            ...(added.groupId === category.id
              ? [{ room_type_id: f.roomTypeId, ...added.gross, non_com: added.non_com, adjustment: added.adjustment, markup_rate_id: added.markup_rate_id }]
              : []),
          ],
        })),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json<SeasonPricing>().categories.flatMap((category) => category.prices);

    // LibreOffice's gross, net and cost of each row, found by its hidden Price id.
    const after = new ExcelJS.Workbook();
    await after.xlsx.load(recalculated[0]);
    const recalculatedSheet = after.getWorksheet(PRICING_SHEET)!;
    const number = (value: ExcelJS.CellValue) => (value !== null && typeof value === 'object' && 'formula' in value ? (value.result ?? 0) : value) as number;
    const byPrice = new Map<number, number[]>();
    recalculatedSheet.eachRow((row, r) => {
      if (r === 1) return;
      // The added row has no Price id in the sheet: it is the one price the save created.
      const priceId = r === last + 1 ? stored.find((price) => !prices.some((known) => known.id === price.id))!.id : undefined;
      byPrice.set(
        priceId ?? number(row.getCell(HEADERS.indexOf('Price id') + 1).value),
        (['Gross', 'Net', 'Cost'] as const).map((header) => number(row.getCell(column(header)).value)),
      );
    });
    const penny = (value: number) => Math.round(value * 100);
    expect(stored.map((price) => [price.id, ...[price.gross, price.net, price.cost].map((value) => penny(Number(value)))])).toEqual(
      stored.map((price) => [price.id, ...byPrice.get(price.id)!.map(penny)]),
    );
    // The edits reached the API: row 0's new gross, its dependent row 2 (=[0]+10), the added row.
    expect([Number(stored[0].gross), Number(stored[2].gross), Number(stored[stored.length - 1].gross)]).toEqual([700, 710, 800]);
    expect(stored).toHaveLength(prices.length + 1);
  });
});
