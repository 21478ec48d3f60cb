// Text in the pricing export that starts with =, +, - or @ must stay text in the xlsx, also once
// someone edits the cell in Excel: each text cell is written as a string and formatted as Text
// (numFmt '@'), so a spreadsheet neither runs it now nor turns it into a formula when it is
// edited (issue 19 item 13).

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CategoryPrice, PricingCategory, SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { buildPricingXlsx } from '../../src/screens/tour-season/download-price-sheet';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import { priceSheetHeaders } from '../../src/formulas/price-sheet-layout';

const EXPORT_HEADERS = priceSheetHeaders(false);

const HOSTILE = {
  tour_code: '=1+1',
  tour: '+SUM(A1:A9)',
  model: '-2+3',
  currency: '@SUM(1,2)',
  boat: '=HYPERLINK("http://x","y")',
  route: '-route',
  room: "=cmd|' /C calc'!A0",
  accommodation: '@accommodation',
};

function price(id: number): CategoryPrice {
  return {
    id,
    formula: null,
    gross: 675,
    non_com: 0,
    adjustment: 0,
    markup_rate_id: 1,
    net: 540,
    cost: 648,
    room_type_id: 7,
    accommodation_category_id: 8,
    deck_id: null,
  };
}

const category: PricingCategory = {
  id: 1,
  start: '2026-05-01',
  end: '2026-05-31',
  date_ranges: [{ start: '2026-05-01', end: '2026-05-31' }],
  nights: 7,
  guided: false,
  boat_id: 5,
  tour_route_id: 6,
  specific_dates: [],
  restricted_dates: [],
  restricted_days: [],
  prices: [price(1)],
};

const pricing: SeasonPricing = {
  tour_season: {
    id: 1,
    tour_id: 1,
    season_id: 1,
    season_name: '2026',
    version: 1,
    deposit: null,
    live: true,
    markup_model_id: 1,
    currency_id: 1,
    model: { id: 1, name: HOSTILE.model, rates: [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 }] },
    currency: { id: 1, name: HOSTILE.currency, symbol: '€', rate: 1.1 },
  },
  categories: [category],
};
const lookups = {
  boats: [{ id: 5, name: HOSTILE.boat }],
  routes: [{ id: 6, name: HOSTILE.route }],
  roomTypes: [{ id: 7, name: HOSTILE.room }],
  accommodation: [{ id: 8, name: HOSTILE.accommodation }],
};

async function exportedSheet() {
  const data = pricingExport({ tour_code: HOSTILE.tour_code, name: HOSTILE.tour }, [{ pricing, lookups }]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await buildPricingXlsx(data, new Date()));
  return workbook.getWorksheet('Pricing')!;
}

describe('text cells of the pricing export', () => {
  it('are strings formatted as Text, never formulas, when they start with = + - or @', async () => {
    const row = (await exportedSheet()).getRow(2);
    const byHeader = (header: (typeof EXPORT_HEADERS)[number]) => row.getCell(EXPORT_HEADERS.indexOf(header) + 1);
    const texts = {
      'Tour code': HOSTILE.tour_code,
      Name: HOSTILE.tour,
      Model: HOSTILE.model,
      Currency: HOSTILE.currency,
      Boat: HOSTILE.boat,
      Route: HOSTILE.route,
      Room: HOSTILE.room,
      Accommodation: HOSTILE.accommodation,
    } as const;
    for (const [header, text] of Object.entries(texts)) {
      const cell = byHeader(header as keyof typeof texts);
      expect({ header, value: cell.value, type: cell.type, numFmt: cell.numFmt }).toEqual({ header, value: text, type: ExcelJS.ValueType.String, numFmt: '@' });
    }
    // Every other text cell (guidance) is Text too; dates are real dates (see pricing-export-workbook.test.ts).
    for (const header of ['Guidance'] as const)
      expect([header, byHeader(header).type, byHeader(header).numFmt]).toEqual([header, ExcelJS.ValueType.String, '@']);
  });

  it('leave numbers and the computed formulas as they were', async () => {
    const row = (await exportedSheet()).getRow(2);
    expect([row.getCell(13).type, row.getCell(13).value, row.getCell(13).numFmt]).toEqual([ExcelJS.ValueType.Number, 675, '"€"#,##0.00']);
    expect(row.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(row.getCell(16).type).toBe(ExcelJS.ValueType.Formula);
  });

  it('formats the header row as Text too', async () => {
    const header = (await exportedSheet()).getRow(1);
    expect(EXPORT_HEADERS.map((_, index) => header.getCell(index + 1).numFmt)).toEqual(EXPORT_HEADERS.map(() => '@'));
  });
});
