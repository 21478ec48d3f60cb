// The bikes, supplements and extra nights tabs export the same working price sheet as the pricing
// tab and read it back with the same preview (issue 21), each laid out by its SheetLayout: bike
// rows, or each extra's variations with `[n]` counting the extra's own rows, priced with the
// supplement markup. The sheets are the app's own export, edited with exceljs as in Excel.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { workbookEngine } from '../helpers/workbook-engine';
import { computePrice, resolveRate } from '../../src/domain/price-maths';
import { previewSheet, type ImportOptions } from '../../src/formulas/price-sheet-import';
import {
  BIKES_LAYOUT,
  EXTRA_NIGHTS_LAYOUT,
  hiddenHeaders,
  priceSheetHeaders,
  RATES_SHEET,
  SUPPLEMENTS_LAYOUT,
  type SheetLayout,
  type SheetSeason,
} from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import type { DescribedPrice } from '../../src/screens/tour-season/price-sheet-rows';
import { bikesSheetSeason, extraNightsSheetSeason, supplementsSheetSeason, tabSheetExport } from '../../src/screens/tour-season/tab-sheet-exports';
import { EXPORTED_AT, lookups, RATES, season2026, TOUR } from '../helpers/price-sheet-seasons';
import { ACCOMMODATION, BIKE_OPTIONS, bikesSeason, extraNightsSeason, ROOM_TYPES, supplementsSeason } from '../helpers/tab-sheet-seasons';

const bikes = bikesSheetSeason(bikesSeason, BIKE_OPTIONS);
const supplements = supplementsSheetSeason(supplementsSeason, { accommodation: ACCOMMODATION, bikes: BIKE_OPTIONS });
const extraNights = extraNightsSheetSeason(extraNightsSeason, { roomTypes: ROOM_TYPES, accommodation: ACCOMMODATION });

async function exported(layout: SheetLayout, season: SheetSeason<DescribedPrice>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildPricingXlsx(tabSheetExport(layout, TOUR, season), EXPORTED_AT));
  return { workbook, sheet: workbook.getWorksheet(layout.sheet)! };
}
const preview = async (workbook: ExcelJS.Workbook, layout: SheetLayout, season: SheetSeason, options?: ImportOptions) =>
  previewSheet((await workbook.xlsx.writeBuffer()) as ArrayBuffer, layout, season, options);

const columnNamed = (sheet: ExcelJS.Worksheet, header: string) => (sheet.getRow(1).values as ExcelJS.CellValue[]).indexOf(header);
const cellOf = (sheet: ExcelJS.Worksheet, row: number, header: string) => sheet.getRow(row).getCell(columnNamed(sheet, header));
const valueOf = (value: ExcelJS.CellValue) => (value !== null && typeof value === 'object' && 'formula' in value ? (value.result ?? 0) : value);
const NOTHING = { ok: true, preview: { changes: [], added: [], missing: [], unmatched: [], ignored: [] } };

/** The app's supplement price of every row, in sheet order. */
const appPrices = (season: SheetSeason) =>
  season.groups.flatMap((group) =>
    group.rows.map((row) =>
      computePrice(
        { gross: Number(row.gross), non_com: Number(row.non_com), adjustment: Number(row.adjustment), markup_rate_id: row.markup_rate_id },
        resolveRate(RATES, row.markup_rate_id),
        1.085,
        'supplement',
      ),
    ),
  );

/** The sheet recalculated by a spreadsheet engine: Gross, Net, Subtotal, Cost and Profit of each row. */
function recalculated(workbook: ExcelJS.Workbook, layout: SheetLayout, rows: number) {
  const engine = workbookEngine(workbook, [layout.sheet, RATES_SHEET]);
  const headers = priceSheetHeaders(false, layout);
  const sheetId = engine.getSheetId(layout.sheet)!;
  const values = Array.from({ length: rows }, (_, index) =>
    (['Gross', 'Net', 'Subtotal', 'Cost', 'Profit'] as const).map((header) =>
      engine.getCellValue({ sheet: sheetId, row: index + 1, col: headers.indexOf(header) }),
    ),
  );
  engine.destroy();
  return values;
}

describe('the bikes and extras sheets', () => {
  it('write bike rows with live gross formulas over the Gross column, priced with the supplement markup', async () => {
    const { workbook, sheet } = await exported(BIKES_LAYOUT, bikes);
    expect(workbook.worksheets.map((each) => each.name)).toEqual(['Bikes', RATES_SHEET]);
    expect(sheet.getRow(1).values).toEqual([undefined, ...priceSheetHeaders(false, BIKES_LAYOUT)]);
    expect([2, 3, 4].map((row) => ['Order', 'Bike', 'Nights'].map((header) => cellOf(sheet, row, header).value))).toEqual([
      [1, 'Hybrid', 7],
      [2, 'E-bike', null],
      [3, 'Hybrid', null],
    ]);
    // Gross is column H: the second bike is the first's gross + 15.
    expect(cellOf(sheet, 3, 'Gross').value).toEqual({ formula: 'H2+15', result: 55 });
    expect(cellOf(sheet, 3, 'Subtotal').value).toEqual({
      formula: 'ROUNDUP(ROUND(K3/Rates!$J$2*IF(J3=Rates!$D$3,Rates!$F$3,VLOOKUP(J3,Rates!$D$2:$F$4,3,FALSE)),6),0)',
      result: appPrices(bikes)[1].subtotal,
    });
    const hidden = hiddenHeaders(BIKES_LAYOUT);
    expect(hidden).toEqual(['Tour id', 'Season id', 'Bike row id', 'Version']);
    expect(hidden.map((header) => cellOf(sheet, 4, header).value)).toEqual([7, 3, 502, 4]);
    expect(hidden.map((header) => sheet.getColumn(columnNamed(sheet, header)).hidden)).toEqual([true, true, true, true]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:S4');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    expect(cellOf(sheet, 2, 'Gross').numFmt).toBe('"€"#,##0.00');
    expect(cellOf(sheet, 2, 'Cost').numFmt).toBe('"£"#,##0.00');
  });

  it('count an extra’s `[n]` in its own variations, and write real dates for extra nights', async () => {
    const party = (await exported(SUPPLEMENTS_LAYOUT, supplements)).sheet;
    // Gross is column J; supplement 61's second variation refers to its first (sheet row 4), not row 2.
    expect([3, 5].map((row) => cellOf(party, row, 'Gross').value)).toEqual([
      { formula: 'J2*2', result: 100 },
      { formula: 'J4+5', result: 25 },
    ]);
    expect(['Supplement', 'Category', 'Min pax', 'Supplement id', 'Variation id'].map((header) => cellOf(party, 3, header).value)).toEqual([
      'Airport transfer',
      'Superior',
      2,
      60,
      601,
    ]);
    const nights = (await exported(EXTRA_NIGHTS_LAYOUT, extraNights)).sheet;
    const start = cellOf(nights, 3, 'Start');
    expect([cellOf(nights, 3, 'Extra night').value, start.value, start.numFmt, cellOf(nights, 3, 'Room').value]).toEqual([
      'Vienna',
      new Date(Date.UTC(2026, 5, 1)),
      'dd/mm/yyyy',
      'Twin',
    ]);
    expect(cellOf(nights, 3, 'Gross').value).toEqual({ formula: 'J2-10', result: 80 });
  });

  it('recalculate to the app’s prices, cached in every formula cell', async () => {
    for (const [layout, season] of [
      [BIKES_LAYOUT, bikes],
      [SUPPLEMENTS_LAYOUT, supplements],
      [EXTRA_NIGHTS_LAYOUT, extraNights],
    ] as const) {
      const { workbook, sheet } = await exported(layout, season);
      const app = appPrices(season).map((price, index) => [
        Number(season.groups.flatMap((group) => group.rows)[index].gross),
        price.net,
        price.subtotal,
        price.cost,
        price.profit,
      ]);
      const cached = app.map((_, index) => ['Gross', 'Net', 'Subtotal', 'Cost', 'Profit'].map((header) => valueOf(cellOf(sheet, index + 2, header).value)));
      expect(cached).toEqual(app);
      expect(recalculated(workbook, layout, app.length)).toEqual(app);
    }
  });
});

describe('the import of a bikes or extras sheet', () => {
  it('finds nothing to change in a sheet as exported', async () => {
    expect(await preview((await exported(BIKES_LAYOUT, bikes)).workbook, BIKES_LAYOUT, bikes)).toEqual(NOTHING);
    expect(await preview((await exported(SUPPLEMENTS_LAYOUT, supplements)).workbook, SUPPLEMENTS_LAYOUT, supplements)).toEqual(NOTHING);
    expect(await preview((await exported(EXTRA_NIGHTS_LAYOUT, extraNights)).workbook, EXTRA_NIGHTS_LAYOUT, extraNights)).toEqual(NOTHING);
  });

  it('lists a bike sheet’s changed cells and the bike rows it adds and no longer has', async () => {
    const { workbook, sheet } = await exported(BIKES_LAYOUT, bikes);
    sheet.getCell('H2').value = 45;
    sheet.getCell('M3').value = 3;
    sheet.getRow(5).values = sheet.getRow(2).values;
    sheet.getCell('R5').value = null;
    sheet.getCell('F5').value = 'E-bike';
    sheet.getCell('H5').value = { formula: 'H3*2' } as ExcelJS.CellFormulaValue;
    sheet.spliceRows(4, 1);
    const result = await preview(workbook, BIKES_LAYOUT, bikes);
    expect(result.ok && result.preview.changes.map(({ priceId, index, field, before, after }) => ({ priceId, index, field, before, after }))).toEqual([
      { priceId: 500, index: 0, field: 'gross', before: 40, after: 45 },
      { priceId: 501, index: 1, field: 'adjustment', before: 0, after: 3 },
    ]);
    expect(result.ok && result.preview.added).toEqual([
      { sheetRow: 4, groupId: null, gross: { formula: '[1]*2', gross: null }, non_com: 0, adjustment: 0, markup_rate_id: 1, labels: { Bike: 'E-bike' } },
    ]);
    expect(result.ok && result.preview.missing).toEqual([{ priceId: 502, groupId: null, index: 2 }]);
  });

  it('reads an extra’s formulas in its own variations, and adds a row to the extra its id names', async () => {
    const { workbook, sheet } = await exported(SUPPLEMENTS_LAYOUT, supplements);
    sheet.getCell('J5').value = { formula: 'J4+7' } as ExcelJS.CellFormulaValue;
    sheet.getRow(6).values = sheet.getRow(4).values;
    sheet.getCell('U6').value = null;
    sheet.getCell('J6').value = 33;
    sheet.getCell('F6').value = 'Superior';
    const result = await preview(workbook, SUPPLEMENTS_LAYOUT, supplements);
    expect(
      result.ok && result.preview.changes.map(({ priceId, index, groupId, field, before, after }) => ({ priceId, index, groupId, field, before, after })),
    ).toEqual([{ priceId: 611, index: 1, groupId: 61, field: 'gross', before: '=[0]+5', after: '=[0]+7' }]);
    expect(result.ok && result.preview.added.map(({ groupId, gross, labels }) => ({ groupId, gross, labels }))).toEqual([
      { groupId: 61, gross: { formula: null, gross: 33 }, labels: { Category: 'Superior', Bike: '' } },
    ]);
  });

  it('reads an added extra night’s own Start and End: a date cell, dd/mm/yyyy or ISO text; an impossible date leaves the row out', async () => {
    const { workbook, sheet } = await exported(EXTRA_NIGHTS_LAYOUT, extraNights);
    const addRow = (row: number, start: ExcelJS.CellValue, end: ExcelJS.CellValue) => {
      sheet.getRow(row).values = sheet.getRow(2).values;
      cellOf(sheet, row, 'Variation id').value = null;
      cellOf(sheet, row, 'Gross').value = 120 + row;
      cellOf(sheet, row, 'Start').value = start;
      cellOf(sheet, row, 'End').value = end;
    };
    // As Excel keeps a typed date (a day serial), and as text typed into a text cell.
    addRow(4, new Date(Date.UTC(2026, 7, 3)), new Date(Date.UTC(2026, 7, 9)));
    addRow(5, '01/09/2026', '2026-09-15');
    addRow(6, '31/02/2026', '2026-03-05');
    addRow(7, '2026-10-01', 'soon');
    addRow(8, null, null);
    const result = await preview(workbook, EXTRA_NIGHTS_LAYOUT, extraNights);
    const start = columnNamed(sheet, 'Start');
    const letter = (column: number) => String.fromCharCode(64 + column);
    expect(result.ok && result.preview.added.map(({ sheetRow, groupId, labels }) => ({ sheetRow, groupId, labels }))).toEqual([
      { sheetRow: 4, groupId: 70, labels: { Start: '2026-08-03', End: '2026-08-09', Room: 'Twin', Category: '' } },
      { sheetRow: 5, groupId: 70, labels: { Start: '2026-09-01', End: '2026-09-15', Room: 'Twin', Category: '' } },
      { sheetRow: 8, groupId: 70, labels: { Start: '', End: '', Room: 'Twin', Category: '' } },
    ]);
    expect(result.ok && result.preview.unmatched).toEqual([
      { sheetRow: 6, reason: `Extra nights row 6, Start (${letter(start)}6): '31/02/2026' is not a date (use dd/mm/yyyy): the row is not imported` },
      { sheetRow: 7, reason: `Extra nights row 7, End (${letter(start + 1)}7): 'soon' is not a date (use dd/mm/yyyy): the row is not imported` },
    ]);
  });

  it('refuses a formula over another extra’s variations, another season, and a sheet of another tab', async () => {
    const refused = async (edit: (sheet: ExcelJS.Worksheet) => void) => {
      const { workbook, sheet } = await exported(SUPPLEMENTS_LAYOUT, supplements);
      edit(sheet);
      return preview(workbook, SUPPLEMENTS_LAYOUT, supplements);
    };
    expect(await refused((sheet) => (sheet.getCell('J5').value = { formula: 'J2+5' } as ExcelJS.CellFormulaValue))).toEqual({
      ok: false,
      refusal: 'Supplements row 5, Gross (J5): =J2+5 refers to J2, which is not a variation of the same supplement',
    });
    expect(await refused((sheet) => (sheet.getCell('S3').value = 99))).toEqual({
      ok: false,
      refusal: 'Row 3 belongs to another tour or season (tour 7, season 99): this is 2026 of tour 7',
    });
    expect(await refused((sheet) => (sheet.getCell('K4').value = 'ten'))).toEqual({
      ok: false,
      refusal: "Supplements row 4, Non-com (K4): 'ten' is not a number",
    });
    const pricing = new ExcelJS.Workbook();
    await pricing.xlsx.load(await buildPricingXlsx(pricingExport(TOUR, [{ pricing: season2026, lookups }]), EXPORTED_AT));
    expect(await preview(pricing, BIKES_LAYOUT, bikes)).toEqual({
      ok: false,
      refusal: 'The workbook has no Bikes sheet: import a sheet this app exported from this tab',
    });
  });

  it('reads numbers held as text as a paste does, on the bikes, supplements and extra nights sheets alike (issue 27)', async () => {
    for (const [layout, season] of [
      [BIKES_LAYOUT, bikes],
      [SUPPLEMENTS_LAYOUT, supplements],
      [EXTRA_NIGHTS_LAYOUT, extraNights],
    ] as const) {
      const { workbook, sheet } = await exported(layout, season);
      cellOf(sheet, 2, 'Gross').value = '€1,250.00';
      cellOf(sheet, 2, 'Adjustment').value = '(12.50)';
      const result = await preview(workbook, layout, season);
      expect([layout.sheet, result.ok && result.preview.changes.map(({ field, after }) => [field, after])]).toEqual([
        layout.sheet,
        [
          ['gross', 1250],
          ['adjustment', -12.5],
        ],
      ]);
      cellOf(sheet, 3, 'Non-com').value = '1.234,50';
      const refused = await preview(workbook, layout, season);
      expect(refused.ok ? 'read' : refused.refusal).toMatch(new RegExp(`^${layout.sheet} row 3, Non-com \\([A-Z]+3\\): '1\\.234,50': Use '\\.' for decimals`));
    }
  });

  it('refuses a bike sheet exported before the last save, and compares it anyway on request', async () => {
    const { workbook, sheet } = await exported(BIKES_LAYOUT, bikes);
    [2, 3, 4].forEach((row) => (sheet.getCell(`S${row}`).value = 3));
    expect(await preview(workbook, BIKES_LAYOUT, bikes)).toEqual({
      ok: false,
      refusal: "The sheet was exported before the season's last save (version 3, now 4)",
      olderVersion: { sheet: 3, current: 4 },
    });
    expect(await preview(workbook, BIKES_LAYOUT, bikes, { olderVersion: true })).toEqual(NOTHING);
  });
});
