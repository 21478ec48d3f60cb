// What the server calls to check formulas and work out net and cost before storing price rows.
//
// Same results as a PriceWorkbook over the same rows, without building one: only formula rows
// and the rows they reference go into a HyperFormula sheet (for the gross), and every row is
// priced with computePrice, the maths the workbook's cells are tested against.

import { DetailedCellError, HyperFormula } from 'hyperformula';
import { type MarkupRate, type PriceKind, effectiveRateId } from '../domain/price-maths';
import { formulaReferences, formulaRows } from './formula-references';
import type { PriceRowError, PriceRowOutcome, TypedPriceRow } from './price-rows';
import { formulaCellContent, grossCellContent, validInput } from './row-input';
import { grossOutcome, priceValues } from './row-outcome';
import { ENGINE_CONFIG } from './workbook-layout';

export function evaluatePriceRows(
  rows: readonly TypedPriceRow[],
  rates: readonly MarkupRate[],
  currencyRate: number | null,
  kind: PriceKind,
): PriceRowOutcome[] {
  const inputs = rows.map(validInput);
  const grosses = evaluateGrossColumn(inputs);
  const ratesById = new Map(rates.map((rate) => [rate.id, rate]));
  return inputs.map((input, row) => {
    const gross = grosses[row];
    if (typeof gross !== 'number') return gross;
    return priceValues(input, gross, ratesById.get(effectiveRateId(input.markup_rate_id)), currencyRate, kind);
  });
}

/**
 * Each row's gross: its number, or its formula evaluated against the other rows. Plain rows that
 * no formula references never reach the engine. Formulas the grid cannot reference into (no
 * `[n]`, not referenced) go in column B once per distinct text: legacy grids repeat the same
 * arithmetic many times, and the same text always gives the same value.
 */
export function evaluateGrossColumn(rows: readonly TypedPriceRow[]): (number | PriceRowError)[] {
  const atIndex = new Set<number>();
  rows.forEach((row, index) => {
    if (row.formula === null) return;
    if (formulaReferences(row.formula).length > 0) atIndex.add(index);
    for (const reference of formulaRows(row.formula, rows.length)) atIndex.add(reference);
  });
  const distinct = new Map<string, number>();
  rows.forEach((row, index) => {
    if (row.formula === null || atIndex.has(index)) return;
    const content = formulaCellContent(row.formula, rows.length);
    if (!distinct.has(content)) distinct.set(content, distinct.size);
  });
  if (atIndex.size === 0 && distinct.size === 0) return rows.map((row) => grossOutcome(null, row.gross, () => false, rows.length));

  const height = Math.max(
    [...atIndex].reduce((max, index) => Math.max(max, index + 1), 0),
    distinct.size,
  );
  const sheet: (number | string | null)[][] = Array.from({ length: height }, (_, index) => [
    atIndex.has(index) ? grossCellContent(rows[index], rows.length) : null,
    null,
  ]);
  for (const [content, index] of distinct) sheet[index][1] = content;
  const engine = scratchEngine();
  // A sheet of its own, removed afterwards: much cheaper than replacing one sheet's content.
  const sheetId = engine.getSheetId(engine.addSheet())!;
  try {
    engine.setCellContents({ sheet: sheetId, row: 0, col: 0 }, sheet);
    const values = rows.map((row, index) => {
      if (row.formula === null) return row.gross;
      const cell = atIndex.has(index) ? { row: index, col: 0 } : { row: distinct.get(formulaCellContent(row.formula, rows.length)) ?? 0, col: 1 };
      return engine.getCellValue({ sheet: sheetId, ...cell });
    });
    const isError = (index: number) => values[index] instanceof DetailedCellError;
    return rows.map((row, index) => grossOutcome(row.formula, values[index], isError, rows.length));
  } finally {
    engine.removeSheet(sheetId);
  }
}

// Building a HyperFormula instance costs about ten times what evaluating a season's formulas
// does (its parser is constructed per instance), so one scratch engine is reused: evaluation is
// synchronous, so no two calls can use it at once. It is rebuilt now and then so the parse
// cache it keeps of every formula text seen stays small.
const REBUILD_AFTER_USES = 1000;
let scratch: { engine: HyperFormula; uses: number } | null = null;

function scratchEngine(): HyperFormula {
  if (!scratch || scratch.uses >= REBUILD_AFTER_USES) {
    scratch?.engine.destroy();
    scratch = { engine: HyperFormula.buildEmpty(ENGINE_CONFIG), uses: 0 };
  }
  scratch.uses += 1;
  return scratch.engine;
}
