// Readable messages for gross cells the engine could not evaluate.

import { ErrorType } from 'hyperformula';
import { MAX_GRID_ROWS, farReferenceProblem, formulaProblem, parseFormulaParts, rowBeyond } from './formula-references';

export const FORMULA_ERROR_MESSAGES = {
  syntax: 'Syntax error in formula',
  cycle: 'Circular reference',
  deletedRow: 'Refers to a deleted row',
  divisionByZero: 'Division by zero',
  invalid: 'Invalid formula',
  notANumber: 'The formula gives TRUE or FALSE, not an amount: put the comparison in IF',
} as const;

export const refersToRowWithError = (row: number): string => `Refers to row ${row}, which has an error`;

/**
 * The message for a gross cell in error. The engine passes errors on to every formula that
 * uses the failing cell, so the cause is looked for in this formula first: its own text (a
 * syntax error, an unknown function), a reference past the last of the grid's `rowCount` rows,
 * a cycle, a deleted reference, then a referenced row (or a row of a referenced range) in error.
 */
export function describeGrossError(formula: string, errorType: ErrorType, rowHasError: (row: number) => boolean, rowCount: number): string {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return FORMULA_ERROR_MESSAGES.syntax;
  const problem = formulaProblem(formula);
  if (problem !== undefined) return problem;
  const far = rowBeyond(formula, rowCount);
  if (far !== undefined) return farReferenceProblem(far, rowCount);
  if (errorType === ErrorType.CYCLE) return FORMULA_ERROR_MESSAGES.cycle;
  if (parts.some((part) => part.kind === 'deleted-reference')) return FORMULA_ERROR_MESSAGES.deletedRow;
  for (const part of parts) {
    const failing =
      part.kind === 'reference' ? (rowHasError(part.row) ? part.row : undefined) : part.kind === 'range' ? firstRowInError(part, rowHasError) : undefined;
    if (failing !== undefined) return refersToRowWithError(failing);
  }
  switch (errorType) {
    case ErrorType.ERROR:
      return FORMULA_ERROR_MESSAGES.syntax;
    case ErrorType.DIV_BY_ZERO:
      return FORMULA_ERROR_MESSAGES.divisionByZero;
    case ErrorType.REF:
      return FORMULA_ERROR_MESSAGES.deletedRow;
    default:
      return FORMULA_ERROR_MESSAGES.invalid;
  }
}

function firstRowInError(range: { from: number; to: number }, rowHasError: (row: number) => boolean): number | undefined {
  const last = Math.min(Math.max(range.from, range.to), MAX_GRID_ROWS - 1);
  for (let row = Math.min(range.from, range.to); row <= last; row += 1) if (rowHasError(row)) return row;
  return undefined;
}
