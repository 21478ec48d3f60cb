// Reading and checking what goes into a price row: typed gross text, numbers, rates.

import type { MarkupRate } from '../domain/price-maths';
import { isPlainNumberText, rowBeyond, toEngineFormula, unknownNameIn } from './formula-references';
import type { TypedPriceRow } from './price-rows';

/**
 * Engine content that evaluates to an error, for text outside the formula language: #NAME? for a
 * name the language lacks, so that rows using it show #NAME? as Excel would; else a generic error.
 */
const UNKNOWN_NAME = '=#NAME?';
const NOT_A_FORMULA = '=#ERROR!';
/** Engine content for a formula that refers past the grid's last row: an error, and no far cell. */
const FAR_REFERENCE = '=#REF!';

/** A gross as typed: a number, a formula (its `gross` the last value), or null for none. */
export type GrossEntry = { formula: string | null; gross: number | null };

/**
 * What the engine's gross cell holds for a row of a grid of `rowCount` rows: its number (null, an
 * empty cell, for a missing gross), or its formula translated; an error when the formula refers
 * past the last row (see rowBeyond).
 */
export function grossCellContent(entry: GrossEntry, rowCount: number): number | string | null {
  return entry.formula === null ? entry.gross : formulaCellContent(entry.formula, rowCount);
}

/** The engine content of a gross formula (see grossCellContent). */
export function formulaCellContent(formula: string, rowCount: number): string {
  if (rowBeyond(formula, rowCount) !== undefined) return FAR_REFERENCE;
  return toEngineFormula(formula) ?? (unknownNameIn(formula) === undefined ? NOT_A_FORMULA : UNKNOWN_NAME);
}

/**
 * Reads what staff typed in a gross cell: a number stays a plain gross, empty is no gross (the
 * row's result is GROSS_MISSING), anything else is a formula kept exactly as typed (a leading '='
 * from spreadsheet habit is dropped: formulas are stored without it).
 */
export function readGrossEntry(typed: string | number | null): GrossEntry {
  if (typed === null) return { formula: null, gross: null };
  if (typeof typed === 'number') return { formula: null, gross: assertFinite(typed, 'gross') };
  if (typed.trim() === '') return { formula: null, gross: null };
  if (isPlainNumberText(typed)) return { formula: null, gross: Number(typed.trim()) };
  const withoutEquals = typed.trimStart().startsWith('=') ? typed.trimStart().slice(1) : typed;
  return { formula: withoutEquals, gross: 0 };
}

/** Non-finite money is a caller's bug, not a formula error: it throws. */
export function assertFinite(value: number, field: string): number {
  if (!Number.isFinite(value)) throw new RangeError(`${field} must be a finite number, got ${value}`);
  return value;
}

export function validInput(input: TypedPriceRow): TypedPriceRow {
  return {
    formula: input.formula,
    gross: input.gross === null ? null : assertFinite(input.gross, 'gross'),
    non_com: assertFinite(input.non_com, 'non_com'),
    adjustment: assertFinite(input.adjustment, 'adjustment'),
    markup_rate_id: input.markup_rate_id,
  };
}

export function validRate(rate: MarkupRate): MarkupRate {
  return {
    id: rate.id,
    commission: assertFinite(rate.commission, 'commission'),
    markup: assertFinite(rate.markup, 'markup'),
    supplement_markup: assertFinite(rate.supplement_markup, 'supplement_markup'),
  };
}
