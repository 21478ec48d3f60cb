// Import of an exported pricing sheet (issue 21): rows matched by their hidden ids, a preview of
// changed cells (formulas as formulas), added, missing and unmatched rows, and refusals that name
// what is wrong. The sheets are the app's own export, edited with exceljs as a manager would in Excel.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { previewPriceSheet, type ImportOptions } from '../../src/formulas/price-sheet-import';
import { PRICING_SHEET } from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import { EXPORTED_AT, lookups, season2026, TOUR } from '../helpers/price-sheet-seasons';

// Sheet rows 2-7 hold prices 1000-1005 of season2026 (groups 100 and 101); Gross is M,
// Non-com N, Commission O, Adjustment R, the hidden ids U (tour) to Y (version).
async function exported() {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildPricingXlsx(pricingExport(TOUR, [{ pricing: season2026, lookups }]), EXPORTED_AT));
  return { workbook, sheet: workbook.getWorksheet(PRICING_SHEET)! };
}

async function preview(workbook: ExcelJS.Workbook, options?: ImportOptions, current: SeasonPricing = season2026) {
  return previewPriceSheet((await workbook.xlsx.writeBuffer()) as ArrayBuffer, current, options);
}

const NOTHING = { ok: true, preview: { changes: [], added: [], missing: [], unmatched: [], ignored: [] } };

describe('the preview of an imported pricing sheet', () => {
  it('finds nothing to change in the sheet as exported, formulas and the rounding guard included', async () => {
    expect(await preview((await exported()).workbook)).toEqual(NOTHING);
  });

  it('lists every changed cell, before and after, a formula as a formula over the grid’s rows', async () => {
    const { workbook, sheet } = await exported();
    sheet.getCell('M2').value = 700;
    sheet.getCell('M3').value = { formula: 'M2+20' } as ExcelJS.CellFormulaValue;
    sheet.getCell('N4').value = 50;
    sheet.getCell('R5').value = 9;
    sheet.getCell('O2').value = 12.5;
    // 20% is rates 1 and 3: row 4 is on rate 3 and keeps it, as a pasted 20 would.
    sheet.getCell('O4').value = 20;
    // Rates row 3 is rate 2 (12.5%).
    sheet.getCell('O7').value = { formula: 'Rates!$D$3' } as ExcelJS.CellFormulaValue;
    const result = await preview(workbook);
    expect(result.ok && result.preview.changes.map(({ priceId, field, before, after, value }) => ({ priceId, field, before, after, value }))).toEqual([
      { priceId: 1000, field: 'gross', before: 675, after: 700, value: { formula: null, gross: 700 } },
      { priceId: 1000, field: 'commission', before: 20, after: 12.5, value: 2 },
      { priceId: 1001, field: 'gross', before: '=[0]+10', after: '=[0]+20', value: { formula: '[0]+20', gross: null } },
      { priceId: 1002, field: 'non_com', before: 0, after: 50, value: 50 },
      { priceId: 1003, field: 'adjustment', before: 0, after: 9, value: 9 },
      { priceId: 1005, field: 'commission', before: 20, after: 12.5, value: 2 },
    ]);
  });

  it('reads a fill-down of the Gross column as Excel saves it (one shared formula) as each row’s own formula', async () => {
    const { workbook, sheet } = await exported();
    // M3 to M5 filled down from M3 = M2*2: Excel writes the formula once and "the same, moved" below
    // (exceljs writes shareType and ref, though its types do not list them).
    sheet.getCell('M3').value = { formula: 'M2*2', shareType: 'shared', ref: 'M3:M5', result: 0 } as unknown as ExcelJS.CellFormulaValue;
    sheet.getCell('M4').value = { sharedFormula: 'M3', result: 0 } as ExcelJS.CellSharedFormulaValue;
    sheet.getCell('M5').value = { sharedFormula: 'M3', result: 0 } as ExcelJS.CellSharedFormulaValue;
    const result = await preview(workbook);
    expect(result.ok && result.preview.changes.map(({ priceId, after }) => [priceId, after])).toEqual([
      [1001, '=[0]*2'],
      [1002, '=[1]*2'],
      [1003, '=[2]*2'],
    ]);
  });

  it('finds no change in a formula a spreadsheet rewrote (LibreOffice writes .9 as 0.9)', async () => {
    const { workbook, sheet } = await exported();
    // Price 1001 is =[0]+10, exported as =M2+10.
    sheet.getCell('M3').value = { formula: 'M2 + 10.0', result: 685 } as ExcelJS.CellFormulaValue;
    expect(await preview(workbook)).toEqual(NOTHING);
  });

  it('names the Rates sheet edits it leaves out', async () => {
    const { workbook } = await exported();
    const rates = workbook.getWorksheet('Rates')!;
    rates.getCell('E2').value = 1.5;
    rates.getCell('J2').value = 1.2;
    const result = await preview(workbook);
    expect(result.ok && result.preview.ignored).toEqual([
      'Rates J2: Euro rate 1.085 -> 1.2 is not imported (rates are changed on the pricing model and the currency)',
      'Rates E2: rate 1 markup 1.32 -> 1.5 is not imported (rates are changed on the pricing model and the currency)',
    ]);
  });

  it('finds its rows again after they are sorted', async () => {
    const { workbook, sheet } = await exported();
    // Prices 1000 and 1002 swap rows; 1001's formula follows its reference (=M2+10 -> =M4+10),
    // and 1003's SUM(M2:M4) still covers the same three prices.
    const second = sheet.getRow(2).values;
    sheet.getRow(2).values = sheet.getRow(4).values;
    sheet.getRow(4).values = second;
    sheet.getCell('M3').value = { formula: 'M4+10', result: 685 } as ExcelJS.CellFormulaValue;
    expect(sheet.getCell('X2').value).toBe(1002);
    expect(await preview(workbook)).toEqual(NOTHING);
  });

  it('lists added rows, rows the sheet no longer has, and rows it cannot match with the reason', async () => {
    const { workbook, sheet } = await exported();
    const copy = (from: number, to: number, changes: Record<string, ExcelJS.CellValue>) => {
      sheet.getRow(to).values = sheet.getRow(from).values;
      for (const [address, value] of Object.entries(changes)) sheet.getCell(`${address}${to}`).value = value;
    };
    copy(7, 8, { X: null, M: 900, O: 12.5, R: 4, K: 'Twin', L: 'Superior' });
    copy(7, 9, { X: 9999 });
    copy(7, 10, { X: null, W: null });
    copy(7, 11, { X: null, W: 555 });
    sheet.spliceRows(6, 1);
    const result = await preview(workbook);
    expect(result.ok && result.preview).toEqual({
      changes: [],
      added: [
        {
          sheetRow: 7,
          groupId: 101,
          gross: { formula: null, gross: 900 },
          non_com: 90,
          adjustment: 4,
          markup_rate_id: 2,
          labels: { Room: 'Twin', Accommodation: 'Superior' },
        },
      ],
      missing: [{ priceId: 1004, groupId: 101, index: 4 }],
      unmatched: [
        { sheetRow: 8, reason: 'Price 9999 is not in this season (removed since the export?)' },
        { sheetRow: 9, reason: 'A new row without a Group id: copy a row of the group it belongs to' },
        { sheetRow: 10, reason: 'Group 555 is not in this season' },
      ],
      ignored: [],
    });
  });
});

describe('the refusals of an import', () => {
  const refused = async (edit: (sheet: ExcelJS.Worksheet) => void, options?: ImportOptions) => {
    const { workbook, sheet } = await exported();
    edit(sheet);
    return preview(workbook, options);
  };

  it('refuses a file that is not xlsx, or larger than 5 MB', async () => {
    expect(await previewPriceSheet(new TextEncoder().encode('tour,gross\n').buffer as ArrayBuffer, season2026)).toEqual({
      ok: false,
      refusal: 'The file is not an xlsx workbook',
    });
    expect(await previewPriceSheet(new ArrayBuffer(5 * 1024 * 1024 + 1), season2026)).toEqual({
      ok: false,
      refusal: 'The file is 5.0 MB: the import reads files up to 5 MB',
    });
  });

  it('refuses a sheet of another season', async () => {
    expect(await refused((sheet) => (sheet.getCell('V3').value = 99))).toEqual({
      ok: false,
      refusal: 'Row 3 belongs to another tour or season (tour 7, season 99): this is 2026 of tour 7',
    });
  });

  it('refuses a sheet exported before the season’s last save, and compares it anyway on request', async () => {
    const older = (sheet: ExcelJS.Worksheet) => [2, 3, 4, 5, 6, 7].forEach((row) => (sheet.getCell(`Y${row}`).value = 3));
    expect(await refused(older)).toEqual({
      ok: false,
      refusal: "The sheet was exported before the season's last save (version 3, now 4)",
      olderVersion: { sheet: 3, current: 4 },
    });
    expect(await refused(older, { olderVersion: true })).toEqual(NOTHING);
  });

  it('names the sheet, row and column of a value that is not a number or an allowed formula', async () => {
    expect(await refused((sheet) => (sheet.getCell('N3').value = 'abc'))).toEqual({ ok: false, refusal: "Pricing row 3, Non-com (N3): 'abc' is not a number" });
    expect(await refused((sheet) => (sheet.getCell('M4').value = 'lots'))).toEqual({
      ok: false,
      refusal: "Pricing row 4, Gross (M4): 'lots' is not a number or an allowed formula",
    });
    expect(await refused((sheet) => (sheet.getCell('M4').value = { formula: 'VLOOKUP(M2,M2:M3,1)' } as ExcelJS.CellFormulaValue))).toEqual({
      ok: false,
      refusal:
        'Pricing row 4, Gross (M4): =VLOOKUP(M2,M2:M3,1) is not an allowed formula (Unknown ' +
        'function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF)',
    });
    expect(await refused((sheet) => (sheet.getCell('O3').value = 33))).toEqual({
      ok: false,
      refusal: "Pricing row 3, Commission (O3): no rate of 33% in the season's model",
    });
  });

  it('names the cell of an amount a typed price could not hold', async () => {
    expect(await refused((sheet) => (sheet.getCell('M4').value = -500))).toEqual({
      ok: false,
      refusal: 'Pricing row 4, Gross (M4): A gross cannot be negative',
    });
    expect(await refused((sheet) => (sheet.getCell('N3').value = -10))).toEqual({
      ok: false,
      refusal: 'Pricing row 3, Non-com (N3): A non-com cannot be negative',
    });
    expect(await refused((sheet) => (sheet.getCell('M3').value = 99999999999999))).toEqual({
      ok: false,
      refusal: 'Pricing row 3, Gross (M3): At most 10,000,000',
    });
  });

  it('refuses a gross formula that refers outside the Gross column', async () => {
    expect(await refused((sheet) => (sheet.getCell('M4').value = { formula: 'M2+N3' } as ExcelJS.CellFormulaValue))).toEqual({
      ok: false,
      refusal: 'Pricing row 4, Gross (M4): =M2+N3 refers to N3, outside the Gross column (M)',
    });
    expect(await refused((sheet) => (sheet.getCell('M4').value = { formula: 'Rates!E2*500' } as ExcelJS.CellFormulaValue))).toEqual({
      ok: false,
      refusal: 'Pricing row 4, Gross (M4): =Rates!E2*500 refers to another sheet: a gross formula may refer to Gross cells only',
    });
  });
});

// Issue 27: a spreadsheet keeps a number typed into a text cell (or pasted from another program) as
// text; the import reads it as a paste into the grid reads it, and refuses what a paste refuses.
describe('numbers stored as text', () => {
  it('reads 1,250.00, €1,234.50, (120.00) and 12.5% held as text as the numbers they show', async () => {
    const { workbook, sheet } = await exported();
    sheet.getCell('M2').value = '1,250.00';
    sheet.getCell('N3').value = '€1,234.50';
    sheet.getCell('R4').value = '(120.00)';
    sheet.getCell('O7').value = '12.5%';
    // The stored 1,234.56 typed as text is no change.
    sheet.getCell('M6').value = ' 1,234.56 ';
    expect(sheet.getCell('M2').type).toBe(ExcelJS.ValueType.String);
    const result = await preview(workbook);
    expect(result.ok && result.preview.changes.map(({ priceId, field, before, after, value }) => ({ priceId, field, before, after, value }))).toEqual([
      { priceId: 1000, field: 'gross', before: 675, after: 1250, value: { formula: null, gross: 1250 } },
      { priceId: 1001, field: 'non_com', before: 0, after: 1234.5, value: 1234.5 },
      { priceId: 1002, field: 'adjustment', before: 12.5, after: -120, value: -120 },
      { priceId: 1005, field: 'commission', before: 20, after: 12.5, value: 2 },
    ]);
  });

  it("refuses what a paste refuses, with the paste's reason, naming the row and cell", async () => {
    const refused = async (address: string, text: string) => {
      const { workbook, sheet } = await exported();
      sheet.getCell(address).value = text;
      return preview(workbook);
    };
    expect(await refused('M5', '1.234,50')).toEqual({
      ok: false,
      refusal: "Pricing row 5, Gross (M5): '1.234,50': Use '.' for decimals and ',' only between thousands, as in 1,234.50",
    });
    expect(await refused('N6', '1,5')).toEqual({
      ok: false,
      refusal: "Pricing row 6, Non-com (N6): '1,5': Use '.' for decimals and ',' only between thousands, as in 1,234.50",
    });
    expect(await refused('R3', '12%')).toEqual({ ok: false, refusal: "Pricing row 3, Adjustment (R3): '12%': Percentages are not accepted here" });
    expect(await refused('O3', 'twenty')).toEqual({ ok: false, refusal: "Pricing row 3, Commission (O3): 'twenty' is not a percentage" });
  });

  it('names an error a cell holds by its code', async () => {
    const { workbook, sheet } = await exported();
    sheet.getCell('N4').value = { error: '#DIV/0!' } as ExcelJS.CellErrorValue;
    expect(await preview(workbook)).toEqual({ ok: false, refusal: "Pricing row 4, Non-com (N4): '#DIV/0!' is not a number" });
    sheet.getCell('N4').value = 0;
    sheet.getCell('M4').value = { error: '#REF!' } as ExcelJS.CellErrorValue;
    expect(await preview(workbook)).toEqual({ ok: false, refusal: "Pricing row 4, Gross (M4): '#REF!' is not a number or an allowed formula" });
  });
});

describe('the preview of a large season', () => {
  // Its speed is measured by npm run bench, not asserted here: a timed test fails on a busy machine.
  it('finds the one changed cell of a 2,000-row season', async () => {
    const [first] = season2026.categories;
    const prices = Array.from({ length: 2000 }, (_, index) => ({
      ...first.prices[index % 3],
      id: 10_000 + index,
      formula: index % 3 === 1 ? `[${index - 1}]+10` : null,
    }));
    const large: SeasonPricing = { ...season2026, categories: [{ ...first, prices }] };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await buildPricingXlsx(pricingExport(TOUR, [{ pricing: large, lookups }]), EXPORTED_AT));
    workbook.getWorksheet(PRICING_SHEET)!.getCell('M2').value = 700;
    const bytes = (await workbook.xlsx.writeBuffer()) as ArrayBuffer;
    const result = await previewPriceSheet(bytes, large);
    expect(result.ok && result.preview.changes.map((change) => [change.priceId, change.field])).toEqual([[10_000, 'gross']]);
  });
});
