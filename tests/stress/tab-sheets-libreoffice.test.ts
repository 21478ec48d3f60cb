// Proof of the bikes and extras sheets (issue 21): exported by the app's export code and
// recalculated by LibreOffice headless, every formula cell gives the app's supplement price to the
// penny; a gross changed as a manager would moves the dependent rows of the same extra only, and
// the import reads the recalculated sheet back as that one change. LibreOffice must be installed
// (.ci/run installs it): without it this test fails, saying so.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { computePrice, resolveRate } from '../../src/domain/price-maths.js';
import { previewSheet } from '../../src/formulas/price-sheet-import.js';
import { BIKES_LAYOUT, priceSheetHeaders, SUPPLEMENTS_LAYOUT, type SheetLayout, type SheetSeason } from '../../src/formulas/price-sheet-layout.js';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet.js';
import { bikesSheetSeason, supplementsSheetSeason, tabSheetExport } from '../../src/screens/tour-season/tab-sheet-exports.js';
import type { DescribedPrice } from '../../src/screens/tour-season/price-sheet-rows.js';
import { libreOfficeVersion, recalculateWithLibreOffice } from '../helpers/libreoffice.js';
import { EXPORTED_AT, RATES, TOUR } from '../helpers/price-sheet-seasons.js';
import { ACCOMMODATION, BIKE_OPTIONS, bikesSeason, supplementsSeason } from '../helpers/tab-sheet-seasons.js';

const CHECKED = ['Gross', 'Net', 'Subtotal', 'Cost', 'Profit'] as const;

/** The app's supplement prices of a season's rows, each row's gross given. */
const appValues = (season: SheetSeason, grosses: readonly number[]) =>
  season.groups
    .flatMap((group) => group.rows)
    .map((row, index) => {
      const price = computePrice(
        { gross: grosses[index], non_com: Number(row.non_com), adjustment: Number(row.adjustment), markup_rate_id: row.markup_rate_id },
        resolveRate(RATES, row.markup_rate_id),
        1.085,
        'supplement',
      );
      return [grosses[index], price.net, price.subtotal, price.cost, price.profit];
    });

async function recalculated(layout: SheetLayout, season: SheetSeason<DescribedPrice>, edit: (sheet: ExcelJS.Worksheet) => void = () => {}) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildPricingXlsx(tabSheetExport(layout, TOUR, season), EXPORTED_AT));
  edit(workbook.getWorksheet(layout.sheet)!);
  const {
    recalculated: [bytes],
  } = await recalculateWithLibreOffice([(await workbook.xlsx.writeBuffer()) as ArrayBuffer]);
  const read = new ExcelJS.Workbook();
  await read.xlsx.load(bytes);
  const sheet = read.getWorksheet(layout.sheet)!;
  const headers = priceSheetHeaders(false, layout);
  const rows = season.groups.reduce((sum, group) => sum + group.rows.length, 0);
  const values = Array.from({ length: rows }, (_, index) =>
    CHECKED.map((header) => {
      const value = sheet.getRow(index + 2).getCell(headers.indexOf(header) + 1).value;
      return value !== null && typeof value === 'object' && 'formula' in value ? (value.result ?? 0) : value;
    }),
  );
  return { bytes, values };
}

describe(`the bikes and supplements sheets recalculated by LibreOffice (${libreOfficeVersion()})`, () => {
  const bikes = bikesSheetSeason(bikesSeason, BIKE_OPTIONS);
  const supplements = supplementsSheetSeason(supplementsSeason, { accommodation: ACCOMMODATION, bikes: BIKE_OPTIONS });

  it('give the app’s prices in every formula cell', async () => {
    expect((await recalculated(BIKES_LAYOUT, bikes)).values).toEqual(appValues(bikes, [40, 55, 30]));
    expect((await recalculated(SUPPLEMENTS_LAYOUT, supplements)).values).toEqual(appValues(supplements, [50, 100, 20, 25]));
  });

  it('move an extra’s own dependent rows when a base gross changes, and import as that one change', async () => {
    // Supplement 61's first variation (sheet row 4, Gross J): its second (=[0]+5) follows; supplement 60's rows stay.
    const { bytes, values } = await recalculated(SUPPLEMENTS_LAYOUT, supplements, (sheet) => {
      sheet.getCell('J4').value = 30;
    });
    expect(values).toEqual(appValues(supplements, [50, 100, 30, 35]));
    const result = await previewSheet(bytes, SUPPLEMENTS_LAYOUT, supplements);
    if (!result.ok) throw new Error(result.refusal);
    expect(result.preview.changes.map((change) => [change.priceId, change.field, change.before, change.after])).toEqual([[610, 'gross', 20, 30]]);
  });
});
