// Where the price workbook keeps things in HyperFormula, and the formulas of its computed cells.
//
// Prices sheet, one grid row per sheet row:
//   A gross (number or translated formula) | B non_com | C adjustment | D net | E subtotal | F cost | G profit
// Rates sheet, one markup rate per row:  A commission | B markup | C supplement_markup
// Season sheet: A1 the currency rate (0 when the season has no usable rate).
//
// The computed formulas are DESIGN.md section 5 written as cells, with the same operation order as
// src/domain/price-maths.ts so results are identical. A row whose rate is not in the model gets
// the constants computePrice gives for a missing rate.

import type { ConfigParams } from 'hyperformula';
import { type MarkupRate, type PriceKind, DECIMAL_GUARD_PLACES, MONEY_DECIMAL_PLACES } from '../domain/price-maths';
import { MAX_GRID_ROWS } from './formula-references';

export const SHEETS = { prices: 'Prices', rates: 'Rates', season: 'Season' } as const;

export const PRICE_COLUMNS = { gross: 0, non_com: 1, adjustment: 2, net: 3, subtotal: 4, cost: 5, profit: 6 } as const;
export const RATE_COLUMNS = { commission: 0, markup: 1, supplement_markup: 2 } as const;

export const ENGINE_CONFIG: Partial<ConfigParams> = {
  licenseKey: 'gpl-v3',
  maxRows: MAX_GRID_ROWS,
  // Exact IEEE arithmetic like the domain code: smart rounding would round results to 10 digits
  // and treat nearly equal numbers as equal.
  smartRounding: false,
  // The grid keeps its own undo history of row edits.
  undoLimit: 0,
};

const CURRENCY_RATE = `${SHEETS.season}!$A$1`;

export type ComputedCells = [net: string | number, subtotal: string | number, cost: string, profit: string | number];

/** The net, subtotal, cost and profit cells of grid row `row`, priced with the rate on Rates row `rateRow`. */
export function computedCells(row: number, rateRow: number | undefined, kind: PriceKind): ComputedCells {
  const r = row + 1;
  if (rateRow === undefined) return [0, 0, `=C${r}`, 0];
  const k = rateRow + 1;
  const commission = `${SHEETS.rates}!$A$${k}`;
  const multiplier = `${SHEETS.rates}!$${kind === 'tour' ? 'B' : 'C'}$${k}`;
  const places = DECIMAL_GUARD_PLACES;
  const net = `ROUND(A${r}-(A${r}-B${r})*${commission}/100,${MONEY_DECIMAL_PLACES})`;
  return [
    `=IF(${net}<=B${r},0,${net})`,
    `=IF(${CURRENCY_RATE}>0,ROUNDUP(ROUND(D${r}/${CURRENCY_RATE}*${multiplier},${places}),0),0)`,
    `=ROUND(E${r}+C${r},${MONEY_DECIMAL_PLACES})`,
    `=IF(${CURRENCY_RATE}>0,ROUND(ROUND(F${r}-D${r}/${CURRENCY_RATE},${places}),0),0)`,
  ];
}

export function rateCells(rate: Omit<MarkupRate, 'id'>): [number, number, number] {
  return [rate.commission, rate.markup, rate.supplement_markup];
}
