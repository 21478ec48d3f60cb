import type { GridRow } from './grid-row';

/** An `[n]` reference to the gross of row n of the same grid. */
export const FORMULA_REF = /\[\s*(\d+)\s*\]/g;

/**
 * Whether text entered into the gross column is meant as a formula rather than a number: it uses
 * `[n]` references, arithmetic or a function call (`545+195+230+110`, `[3]+50`,
 * `ROUND([0]*1.05,0)`). Only the characters of formulas are allowed, so stray text ('£5+1',
 * '12%') is reported as not a number instead of being stored as a formula; which functions and
 * what syntax are accepted is src/formulas' job. A leading `=`, as staff type out of spreadsheet
 * habit, is allowed and removed by `formulaTextOf`. A plain or signed number is not a formula,
 * nor is a number with a decimal comma ('1,5'), which gets the number's own message.
 */
export function isFormulaText(text: string): boolean {
  const body = formulaTextOf(text);
  if (body === '' || Number.isFinite(Number(body))) return false;
  if (!/^[\w.\s+\-*/^()[\]:,<>=#!]+$/.test(body)) return false;
  return /\[\s*\d+\s*\]/.test(body) || /[+\-*/^()<>=]/.test(body);
}

/** The formula as stored: trimmed, without a leading `=` (SPEC: written without `=`). */
export function formulaTextOf(text: string): string {
  return text.trim().replace(/^=\s*/, '');
}

/** Whether a row's formula field holds a formula; an empty or blank text is no formula. */
export function hasFormula(row: GridRow, formulaField: string): boolean {
  const value = row[formulaField];
  return typeof value === 'string' && value.trim() !== '';
}
