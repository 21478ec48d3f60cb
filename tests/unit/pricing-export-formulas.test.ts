// The xlsx export writes a gross formula as the same Excel formula over the Gross column (M), so
// the sheet gives what the grid and the server give (issue 17, Formulas).

import { HyperFormula } from 'hyperformula';
import { describe, expect, it } from 'vitest';
import type { PricingCategory, SeasonPricing } from '../../src/domain/pricing/tour-pricing';
import { storedGroup, storedPrice } from '../helpers/stored-season-pricing';
import { evaluateGrossColumn } from '../../src/formulas/evaluate-price-rows';
import { pricingExport } from '../../src/screens/tour-season/pricing-export-rows';
import type { ExportCell, FormulaCell } from '../../src/screens/tour-season/price-sheet-rows';

const GROSS = 12; // column M, 0-based

const price = (id: number, formula: string | null, gross: number) => storedPrice(id, gross, formula);
const category = storedGroup;

const typed: [string | null, number][] = [
  [null, 100],
  [null, 250.5],
  ['ROUNDUP([0]*1.1,0)', 0],
  ['SUM([0]:[1])', 0],
  ['if([0]>=100, round([1]/3, 2), MAX([0]:[2], 7))', 0],
  ['AVERAGE([0],[1])+[7]', 0],
  ['SUM([7]:[7])', 0],
  ['(675*.9+675+675)/3', 0],
];

// The sheet's header is row 1, so the season's first price is row 2.
const FIRST_ROW = 2;

function exported(): ExportCell[] {
  const grosses = evaluateGrossColumn(typed.map(([formula, gross]) => ({ formula, gross, non_com: 0, adjustment: 0, markup_rate_id: 1 })));
  const prices = typed.map(([formula], index) => price(index + 1, formula, grosses[index] as number));
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
      model: { id: 1, name: 'M', rates: [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 }] },
      currency: { id: 1, name: 'Euro', symbol: '€', rate: 1.1 },
    },
    // Rows are numbered across the groups of the season, as in the grid.
    categories: [category(1, prices.slice(0, 3)), category(2, prices.slice(3))],
  };
  const lookups = { boats: [], routes: [], roomTypes: [], accommodation: [] };
  return pricingExport({ tour_code: 'T1', name: 'Tour' }, [{ pricing, lookups }]).rows.map((row) => row.cells[GROSS]);
}

const isFormula = (cell: ExportCell): cell is FormulaCell => typeof cell === 'object' && cell !== null && !(cell instanceof Date);

describe('the export of gross formulas', () => {
  it('writes each formula as Excel functions over the Gross column, with the value the app computed', () => {
    expect(exported()).toEqual([
      100,
      250.5,
      { formula: 'ROUNDUP(ROUND(M2*1.1,6),0)', result: 110 },
      { formula: 'SUM(M2:M3)', result: 350.5 },
      { formula: 'IF(M2>=100,ROUND(ROUND(M3/3,6),2),MAX(M2:M4,7))', result: 83.5 },
      // A reference past the last row is refused before a save (issue 19), so none is exported here.
      { formula: 'AVERAGE(M2,M3)+M9', result: 827.75 },
      { formula: 'SUM(M9:M9)', result: 652.5 },
      { formula: '(675*.9+675+675)/3', result: 652.5 },
    ]);
  });

  it('gives the values the app computed when a spreadsheet recalculates the sheet', () => {
    const firstRow = FIRST_ROW;
    // A sheet laid out as the export: rows above the season left empty, Gross in column M.
    const sheet = [
      ...Array.from({ length: firstRow - 1 }, () => []),
      ...exported().map((cell) => [...Array<null>(GROSS).fill(null), isFormula(cell) ? `=${cell.formula}` : cell]),
    ];
    const engine = HyperFormula.buildFromArray(sheet, { licenseKey: 'gpl-v3', smartRounding: false });
    try {
      const recalculated = exported().map((_, index) => engine.getCellValue({ sheet: 0, row: firstRow - 1 + index, col: GROSS }));
      expect(recalculated).toEqual(exported().map((cell) => (isFormula(cell) ? cell.result : cell)));
    } finally {
      engine.destroy();
    }
  });
});

describe('the export of a group’s dates (issue 18)', () => {
  const START = 4;
  const season = {
    id: 1,
    tour_id: 1,
    season_id: 1,
    season_name: '2026',
    version: 1,
    deposit: null,
    live: true,
    markup_model_id: 1,
    currency_id: 1,
    model: null,
    currency: null,
  };
  const datesOf = (group: PricingCategory) =>
    pricingExport({ tour_code: 'T1', name: 'Tour' }, [
      { pricing: { tour_season: season, categories: [group] }, lookups: { boats: [], routes: [], roomTypes: [], accommodation: [] } },
    ]).rows.map((row) => row.cells.slice(START, START + 2));

  it('lists every range, starts under Start and ends under End in the same order, one row per price', () => {
    const group = {
      ...category(1, [price(1, null, 100), price(2, null, 200)]),
      start: '2026-05-01',
      end: '2026-07-14',
      date_ranges: [
        { start: '2026-05-01', end: '2026-05-31' },
        { start: '2026-07-01', end: '2026-07-14' },
      ],
    };
    expect(datesOf(group)).toEqual([
      ['01/05/2026, 01/07/2026', '31/05/2026, 14/07/2026'],
      ['01/05/2026, 01/07/2026', '31/05/2026, 14/07/2026'],
    ]);
  });

  it('writes a group of one range as real dates (issue 21), and what an undated group holds', () => {
    expect(datesOf({ ...category(1, [price(1, null, 100)]), start: '2026-05-01', end: '2026-05-31' })).toEqual([
      [new Date(Date.UTC(2026, 4, 1)), new Date(Date.UTC(2026, 4, 31))],
    ]);
    expect(datesOf({ ...category(1, [price(1, null, 100)]), start: '2026-05-01' })).toEqual([[new Date(Date.UTC(2026, 4, 1)), null]]);
  });
});
