// Stored net and cost come from the project's price engine (src/formulas/evaluate-price-rows.ts,
// the code the grid and the save routes use), never from a copy of the maths, so seeded rows look
// exactly as if staff had saved them.
//
// Building a formula engine costs tens of milliseconds however small the grid, and a large seed
// has thousands of grids. The book therefore queues grids and evaluates them in two steps, which
// is what evaluatePriceRows does for one grid:
// 1. every queued grid's gross column at once (evaluateGrossColumn), each grid's `[n]` references
//    shifted by its offset so every row sees exactly the rows of its own grid;
// 2. net and cost per grid with its rates, currency rate and kind (evaluatePriceRows over the
//    evaluated grosses, which needs no formula engine).

import type { MarkupRate, PriceKind } from '../../../domain/price-maths.js';
import { evaluateGrossColumn, evaluatePriceRows } from '../../../formulas/evaluate-price-rows.js';
import { formulaReferences, remapFormulaReferences } from '../../../formulas/formula-references.js';
import { isPriceRowError, type PriceRowInput } from '../../../formulas/price-rows.js';

export type StoredPriceFields = {
  formula: string | null;
  gross: number;
  non_com: number;
  net: number;
  adjustment: number;
  cost: number;
  markup_rate_id: number | null;
};

type QueuedGrid = {
  rows: readonly PriceRowInput[];
  rates: readonly MarkupRate[];
  currencyRate: number;
  kind: PriceKind;
  offset: number;
  targets: StoredPriceFields[];
};

export type PriceBook = {
  /**
   * Queues one grid (rows in display order). The returned fields hold the inputs with net and
   * cost 0 until evaluate() fills them in place.
   */
  add: (rows: readonly PriceRowInput[], rates: readonly MarkupRate[], currencyRate: number, kind: PriceKind) => StoredPriceFields[];
  /** Prices every queued grid. A formula error or a missing rate is a bug in the generator, so it throws. */
  evaluate: () => void;
};

export function createPriceBook(): PriceBook {
  let grids: QueuedGrid[] = [];
  let shifted: PriceRowInput[] = [];
  return {
    add(rows, rates, currencyRate, kind) {
      const offset = shifted.length;
      rows.forEach((row, index) => {
        if (row.formula !== null && formulaReferences(row.formula).some((reference) => reference >= index)) {
          throw new Error(`Seed formula ${row.formula} on row ${index} must reference an earlier row of its grid`);
        }
        shifted.push(row.formula === null ? row : { ...row, formula: remapFormulaReferences(row.formula, (reference) => reference + offset) });
      });
      const targets = rows.map((row) => ({
        formula: row.formula,
        gross: row.gross,
        non_com: row.non_com,
        net: 0,
        adjustment: row.adjustment,
        cost: 0,
        markup_rate_id: row.markup_rate_id,
      }));
      grids.push({ rows, rates, currencyRate, kind, offset, targets });
      return targets;
    },
    evaluate() {
      const grosses = evaluateGrossColumn(shifted);
      for (const grid of grids) {
        const evaluated = grid.rows.map((row, index) => {
          const gross = grosses[grid.offset + index];
          if (typeof gross !== 'number') throw new Error(`Seed price ${row.formula} does not evaluate: ${gross.error}`);
          return { ...row, formula: null, gross };
        });
        const outcomes = evaluatePriceRows(evaluated, grid.rates, grid.currencyRate, grid.kind);
        outcomes.forEach((outcome, index) => {
          if (isPriceRowError(outcome)) throw new Error(`Seed price row ${index} does not evaluate: ${outcome.error}`);
          if (outcome.missing) throw new Error(`Seed price row ${index} has no ${outcome.missing}`);
          // A formula row stores its evaluated gross, as a save does; the formula stays as typed.
          Object.assign(grid.targets[index], { gross: outcome.gross, net: outcome.net, cost: outcome.cost });
        });
      }
      grids = [];
      shifted = [];
    },
  };
}
