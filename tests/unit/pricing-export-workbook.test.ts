// The pricing export is a working price sheet (issue 21): read back with exceljs, it has live
// gross formulas over the Gross column, a Rates sheet its commission, net, subtotal and profit
// formulas refer to, cached values equal to the app's, real dates, money formats with currency,
// a Season column for several seasons, a frozen and filtered header, fitted widths, a print setup
// and hidden id columns. A spreadsheet engine (HyperFormula) recalculating the sheet gives the
// cached values, and reprices it as the server would when a markup changes on the Rates sheet.

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { workbookEngine } from '../helpers/workbook-engine';
import { computePrice, resolveRate } from '../../src/domain/price-maths';
import type { SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { HIDDEN_HEADERS, priceSheetHeaders, PRICING_SHEET, RATES_SHEET } from '../../src/formulas/price-sheet-layout';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import { EXPORTED_AT, lookups, RATES, season2026, season2027, TOUR } from '../helpers/price-sheet-seasons';

async function workbookOf(seasons: SeasonPricing[]) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    await buildPricingXlsx(
      pricingExport(
        TOUR,
        seasons.map((pricing) => ({ pricing, lookups })),
      ),
      EXPORTED_AT,
    ),
  );
  return workbook;
}

/** The app's price of every exported row, in sheet order. */
const appPrices = (seasons: SeasonPricing[]) =>
  seasons.flatMap(({ tour_season: season, categories }) =>
    categories.flatMap((category) =>
      category.prices.map((price) => ({
        price,
        season,
        result: computePrice(
          { gross: price.gross, non_com: price.non_com, adjustment: price.adjustment, markup_rate_id: price.markup_rate_id },
          resolveRate(season.model?.rates ?? [], price.markup_rate_id),
          season.currency?.rate,
          'tour',
        ),
      })),
    ),
  );

const columnNamed = (sheet: ExcelJS.Worksheet, header: string) => (sheet.getRow(1).values as ExcelJS.CellValue[]).indexOf(header);
const cellOf = (sheet: ExcelJS.Worksheet, row: number, header: string) => sheet.getRow(row).getCell(columnNamed(sheet, header));
/**
 * A cell's value, a formula's cached result for a formula. exceljs 4.4 reads a cached 0 back as
 * no result (the file holds <v>0</v>: its reader tests the text for truth), so a formula read
 * without a result counts as 0 here.
 */
const valueOf = (value: ExcelJS.CellValue) => (value !== null && typeof value === 'object' && 'formula' in value ? (value.result ?? 0) : value);

describe('the pricing workbook', () => {
  it('writes gross formulas over the Gross cells and names the Rates sheet in the computed formulas', async () => {
    const sheet = (await workbookOf([season2026])).getWorksheet(PRICING_SHEET)!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...priceSheetHeaders(false)]);
    expect(cellOf(sheet, 3, 'Gross').value).toEqual({ formula: 'M2+10', result: 685 });
    expect(cellOf(sheet, 5, 'Gross').value).toEqual({ formula: 'ROUND(ROUND(SUM(M2:M4)/3,6),2)', result: 618.67 });
    // Row 4 uses rate 3 (row 4 of Rates), which shares 20% with rate 1.
    expect(cellOf(sheet, 4, 'Commission').value).toEqual({ formula: 'Rates!$D$4', result: 20 });
    expect(cellOf(sheet, 4, 'Net').value).toEqual({ formula: 'IF(ROUND(M4-(M4-N4)*O4/100,9)<=N4,0,ROUND(M4-(M4-N4)*O4/100,9))', result: 396.8 });
    expect(cellOf(sheet, 4, 'Subtotal').value).toEqual({
      formula: 'ROUNDUP(ROUND(P4/Rates!$J$2*IF(O4=Rates!$D$4,Rates!$E$4,VLOOKUP(O4,Rates!$D$2:$E$4,2,FALSE)),6),0)',
      result: 512,
    });
    expect(cellOf(sheet, 4, 'Cost').value).toEqual({ formula: 'ROUND(Q4+R4,9)', result: 524.5 });
    expect(cellOf(sheet, 4, 'Profit').value).toEqual({ formula: 'ROUND(ROUND(S4-P4/Rates!$J$2,6),0)', result: 159 });
    // A row whose rate is not in the model: the app prices it at 0 but for its adjustment.
    expect(['Commission', 'Net', 'Subtotal', 'Cost', 'Profit'].map((header) => cellOf(sheet, 6, header).value)).toEqual([
      null,
      0,
      0,
      { formula: 'ROUND(Q6+R6,9)', result: 5 },
      0,
    ]);
  });

  it('caches the app’s value in every formula cell', async () => {
    const seasons = [season2026, season2027];
    const sheet = (await workbookOf(seasons)).getWorksheet(PRICING_SHEET)!;
    const money = ['Net', 'Subtotal', 'Cost', 'Profit'] as const;
    const inSheet = appPrices(seasons).map((_, index) => money.map((header) => valueOf(cellOf(sheet, index + 2, header).value)));
    expect(inSheet).toEqual(appPrices(seasons).map(({ result }) => money.map((header) => result[header.toLowerCase() as Lowercase<typeof header>])));
    expect(inSheet.length).toBe(8);
  });

  it('holds each season’s markup rates and currency rate on the Rates sheet', async () => {
    const rates = (await workbookOf([season2026, season2027])).getWorksheet(RATES_SHEET)!;
    const rows = Array.from({ length: rates.rowCount }, (_, index) => (rates.getRow(index + 1).values as unknown[]).slice(1));
    expect(rows).toEqual([
      ['Season', 'Model', 'Rate id', 'Commission %', 'Markup', 'Supplement markup', undefined, 'Season', 'Currency', 'Units per £'],
      ['2026', 'Standard', 1, 20, 1.32, 1.11, undefined, '2026', 'Euro', 1.085],
      ['2026', 'Standard', 2, 12.5, 1.25, 1.1, undefined, '2027', 'Dollar'],
      ['2026', 'Standard', 3, 20, 1.4, 1.2],
      ['2027', 'Standard', 1, 20, 1.32, 1.11],
      ['2027', 'Standard', 2, 12.5, 1.25, 1.1],
    ]);
  });

  it('adds a Season column for several seasons, and hidden columns with the ids an import needs', async () => {
    const sheet = (await workbookOf([season2026, season2027])).getWorksheet(PRICING_SHEET)!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...priceSheetHeaders(true)]);
    expect(priceSheetHeaders(true).indexOf('Season')).toBe(2);
    expect(cellOf(sheet, 9, 'Season').value).toBe('2027');
    // Gross moved to column N with the Season column; the 2027 rows refer to their own rows.
    expect(cellOf(sheet, 9, 'Gross').value).toEqual({ formula: 'N8*2', result: 1400 });
    const ids = (row: number) => HIDDEN_HEADERS.map((header) => cellOf(sheet, row, header).value);
    expect([ids(2), ids(7), ids(9)]).toEqual([
      [7, 3, 100, 1000, 4],
      [7, 3, 101, 1005, 4],
      [7, 4, 200, 2001, 2],
    ]);
    expect(HIDDEN_HEADERS.map((header) => sheet.getColumn(columnNamed(sheet, header)).hidden)).toEqual(HIDDEN_HEADERS.map(() => true));
    expect(sheet.getColumn(1).hidden).toBe(false);
  });

  it('writes real dates, money with its currency, and fits its columns', async () => {
    const sheet = (await workbookOf([season2026, season2027])).getWorksheet(PRICING_SHEET)!;
    const start = cellOf(sheet, 2, 'Start');
    expect([start.value, start.numFmt, cellOf(sheet, 9, 'End').value]).toEqual([new Date(Date.UTC(2026, 4, 1)), 'dd/mm/yyyy', new Date(Date.UTC(2027, 4, 31))]);
    const formats = (row: number) => ['Gross', 'Non-com', 'Net', 'Subtotal', 'Adjustment', 'Cost', 'Profit'].map((header) => cellOf(sheet, row, header).numFmt);
    expect(formats(2)).toEqual(['"€"#,##0.00', '"€"#,##0.00', '"€"#,##0.00', '"£"#,##0.00', '"£"#,##0.00', '"£"#,##0.00', '"£"#,##0.00']);
    expect(formats(8).slice(0, 3)).toEqual(['"$"#,##0.00', '"$"#,##0.00', '"$"#,##0.00']);
    const width = (header: string) => sheet.getColumn(columnNamed(sheet, header)).width;
    // 'Danube & Tisza' is 14 characters; 'Accommodation' is the widest header.
    expect([width('Name'), width('Nights'), width('Accommodation')]).toEqual([16, 11, 18]);
  });

  it('freezes and filters the header, and prints landscape, one page wide, with the header on every page', async () => {
    const sheet = (await workbookOf([season2026, season2027])).getWorksheet(PRICING_SHEET)!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:Z9');
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: '1:1' });
    expect(sheet.headerFooter.oddHeader).toBe('&LDanube && Tisza&C2026, 2027&RExported 25/11/2026');
  });

  it('recalculates to its cached values, and reprices from the Rates sheet as the server would', async () => {
    const seasons = [season2026, season2027];
    const workbook = await workbookOf(seasons);
    const engine = workbookEngine(workbook, [PRICING_SHEET, RATES_SHEET]);
    try {
      const pricingId = engine.getSheetId(PRICING_SHEET)!;
      const headers = priceSheetHeaders(true);
      const computed = () =>
        appPrices(seasons).map((_, index) =>
          (['Gross', 'Commission', 'Net', 'Subtotal', 'Cost', 'Profit'] as const).map((header) =>
            engine.getCellValue({ sheet: pricingId, row: index + 1, col: headers.indexOf(header) }),
          ),
        );
      const cached = appPrices(seasons).map((_, index) =>
        (['Gross', 'Commission', 'Net', 'Subtotal', 'Cost', 'Profit'] as const).map((header) =>
          valueOf(cellOf(workbook.getWorksheet(PRICING_SHEET)!, index + 2, header).value),
        ),
      );
      expect(computed()).toEqual(cached);
      // Rate 1's markup 1.32 -> 1.5 on the Rates sheet (E2): row 2 (675 at 20%) is repriced.
      engine.setCellContents({ sheet: engine.getSheetId(RATES_SHEET)!, row: 1, col: 4 }, 1.5);
      const repriced = computePrice({ gross: 675, non_com: 0, adjustment: 0, markup_rate_id: 1 }, { ...RATES[0], markup: 1.5 }, 1.085, 'tour');
      expect(computed()[0].slice(2)).toEqual([repriced.net, repriced.subtotal, repriced.cost, repriced.profit]);
    } finally {
      engine.destroy();
    }
  });
});
