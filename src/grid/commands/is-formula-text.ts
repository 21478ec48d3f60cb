import type { GridRow } from './grid-row';

/** An `[n]` reference to the gross of row n of the same grid. */
export const FORMULA_REF = /\[\s*(\d+)\s*\]/g;

/**
 * Whether text entered into the gross column is a formula rather than a number: it uses `[n]`
 * references or arithmetic (`545+195+230+110`, `(675*.9+675+675)/3`, `[3]+50`). Only the
 * characters of such arithmetic are allowed, so stray text is reported as an error instead of
 * being stored as a formula; syntax and cycles are src/formulas' job. A leading `=`, as staff
 * type out of spreadsheet habit, is allowed and removed by `formulaTextOf`. A plain or signed
 * number is not a formula.
 */
export function isFormulaText(text: string): boolean {
  const body = formulaTextOf(text);
  if (body === '' || Number.isFinite(Number(body))) return false;
  if (!/^[\d.\s+\-*/^()[\]]+$/.test(body)) return false;
  return /\[\s*\d+\s*\]/.test(body) || /[+\-*/^()]/.test(body);
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
