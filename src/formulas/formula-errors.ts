// Readable messages, and the codes Excel shows, for gross cells the engine could not evaluate.

import { ErrorType } from 'hyperformula';
import { MAX_GRID_ROWS, farReferenceProblem, formulaProblem, parseFormulaParts, rowBeyond, unknownNameIn } from './formula-references';
import type { FormulaErrorCode, PriceRowError } from './price-rows';

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
 * The message and code of a gross cell in error. The engine passes errors on to every formula
 * that uses the failing cell, so the cause is looked for in this formula first: its own text (a
 * syntax error, an unknown function), a reference past the last of the grid's `rowCount` rows,
 * a cycle, a deleted reference, then a referenced row (or a row of a referenced range) in error.
 * Excel has no code for a formula it would refuse to take (a syntax error, a wrong count of
 * arguments): those show #VALUE!, its code for a formula that cannot give a value. A row using a
 * row in error shows that row's code, which the engine passes on with the error.
 */
export function describeGrossError(formula: string, errorType: ErrorType, rowHasError: (row: number) => boolean, rowCount: number): PriceRowError {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return { error: FORMULA_ERROR_MESSAGES.syntax, code: '#VALUE!' };
  const problem = formulaProblem(formula);
  if (problem !== undefined) return { error: problem, code: unknownNameIn(formula) === undefined ? '#VALUE!' : '#NAME?' };
  const far = rowBeyond(formula, rowCount);
  if (far !== undefined) return { error: farReferenceProblem(far, rowCount), code: '#REF!' };
  if (errorType === ErrorType.CYCLE) return { error: FORMULA_ERROR_MESSAGES.cycle, code: '#CIRC!' };
  if (parts.some((part) => part.kind === 'deleted-reference')) return { error: FORMULA_ERROR_MESSAGES.deletedRow, code: '#REF!' };
  const code = excelCode(errorType);
  for (const part of parts) {
    const failing =
      part.kind === 'reference' ? (rowHasError(part.row) ? part.row : undefined) : part.kind === 'range' ? firstRowInError(part, rowHasError) : undefined;
    if (failing !== undefined) return { error: refersToRowWithError(failing), code };
  }
  switch (errorType) {
    case ErrorType.ERROR:
      return { error: FORMULA_ERROR_MESSAGES.syntax, code };
    case ErrorType.DIV_BY_ZERO:
      return { error: FORMULA_ERROR_MESSAGES.divisionByZero, code };
    case ErrorType.REF:
      return { error: FORMULA_ERROR_MESSAGES.deletedRow, code };
    default:
      return { error: FORMULA_ERROR_MESSAGES.invalid, code };
  }
}

/** Excel's code for an engine error; HyperFormula's own #ERROR! (text it could not parse) is #VALUE!. */
function excelCode(errorType: ErrorType): FormulaErrorCode {
  switch (errorType) {
    case ErrorType.DIV_BY_ZERO:
      return '#DIV/0!';
    case ErrorType.REF:
      return '#REF!';
    case ErrorType.NAME:
      return '#NAME?';
    case ErrorType.CYCLE:
      return '#CIRC!';
    case ErrorType.NUM:
      return '#NUM!';
    case ErrorType.NA:
      return '#N/A';
    default:
      return '#VALUE!';
  }
}

function firstRowInError(range: { from: number; to: number }, rowHasError: (row: number) => boolean): number | undefined {
  const last = Math.min(Math.max(range.from, range.to), MAX_GRID_ROWS - 1);
  for (let row = Math.min(range.from, range.to); row <= last; row += 1) if (rowHasError(row)) return row;
  return undefined;
}
