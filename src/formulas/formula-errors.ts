// Readable messages for gross cells the engine could not evaluate.

import { ErrorType } from 'hyperformula';
import { parseFormulaParts } from './formula-references';

export const FORMULA_ERROR_MESSAGES = {
  syntax: 'Syntax error in formula',
  cycle: 'Circular reference',
  deletedRow: 'Refers to a deleted row',
  divisionByZero: 'Division by zero',
  invalid: 'Invalid formula',
} as const;

export const refersToRowWithError = (row: number): string => `Refers to row ${row}, which has an error`;

/**
 * The message for a gross cell in error. The engine passes errors on to every formula that
 * uses the failing cell, so the cause is looked for in this formula first: its own text, a
 * cycle, a deleted reference, then a referenced row in error.
 */
export function describeGrossError(
  formula: string,
  errorType: ErrorType,
  rowHasError: (row: number) => boolean,
): string {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return FORMULA_ERROR_MESSAGES.syntax;
  if (errorType === ErrorType.CYCLE) return FORMULA_ERROR_MESSAGES.cycle;
  if (parts.some((part) => part.kind === 'deleted-reference')) return FORMULA_ERROR_MESSAGES.deletedRow;
  const failing = parts.find((part) => part.kind === 'reference' && rowHasError(part.row));
  if (failing !== undefined && failing.kind === 'reference') return refersToRowWithError(failing.row);
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
