// The xlsx export can include a Price history sheet (issue 22; Excel reserves the name History): one row per change set of each
// exported season, newest first, with who, when, the kind of save, rows and cost change.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ChangeSetSummary } from '../../src/domain/pricing/price-history';
import { PRICING_SHEET, RATES_SHEET } from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx, HISTORY_SHEET, type SeasonHistory } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import { EXPORTED_AT, lookups, season2026, TOUR } from '../helpers/price-sheet-seasons';

const set = (id: number, created_at: string, author: string | null, source: string, row_count: number, cost_change: number): ChangeSetSummary => ({
  id,
  created_at,
  author,
  source,
  row_count,
  cost_change,
  below_guardrail: id === 2 ? 1 : 0,
});

async function exported(history?: SeasonHistory[]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildPricingXlsx(pricingExport(TOUR, [{ pricing: season2026, lookups }]), EXPORTED_AT, history));
  return workbook;
}

describe('the Price history sheet of the pricing export', () => {
  it('is left out unless asked for', async () => {
    expect((await exported()).worksheets.map((sheet) => sheet.name)).toEqual([PRICING_SHEET, RATES_SHEET]);
  });

  it('lists each change set with its season, time, author, kind of save, rows and cost change, and says when the list is cut short', async () => {
    const workbook = await exported([
      {
        seasonName: '2026',
        sets: [set(2, '2026-11-27T10:15:00.000Z', 'anna@example.test', 'pricing', 3, 12.5), set(1, '2026-11-26T09:00:00.000Z', null, 'rates', 40, -80.25)],
        complete: false,
      },
    ]);
    const sheet = workbook.getWorksheet(HISTORY_SHEET)!;
    expect(workbook.worksheets.map((each) => each.name)).toEqual([PRICING_SHEET, RATES_SHEET, HISTORY_SHEET]);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Season', 'When', 'Who', 'Save', 'Rows changed', 'Cost change', 'Rows left below guardrail']);
    const rowValues = (row: number) => (sheet.getRow(row).values as ExcelJS.CellValue[]).slice(1);
    const [season, when, ...rest] = rowValues(2);
    expect(season).toBe('2026');
    expect(when).toBeInstanceOf(Date);
    // Written as the local clock showed it (a spreadsheet has no time zone), read back as UTC fields.
    const local = new Date('2026-11-27T10:15:00.000Z');
    expect((when as Date).getUTCHours()).toBe(local.getHours());
    expect(rest).toEqual(['anna@example.test', 'Pricing save', 3, 12.5, 1]);
    expect(rowValues(3).slice(2)).toEqual(['Import or command line', 'Rate change', 40, -80.25, 0]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('"£"#,##0.00');
    expect(rowValues(4)).toEqual(['2026', undefined, "Only the newest 2 change sets; the app's History has the rest"]);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });
});
