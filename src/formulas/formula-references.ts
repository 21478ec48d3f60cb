// The gross formula language and its `[n]` references, as pure text functions.
//
// A gross formula is typed without '=' and may hold numbers, + - * / ^, comparisons, brackets,
// spaces, `[n]` (the gross of grid row n, counted from 0), ranges `[n]:[m]` and the functions of
// formula-syntax.ts. `#REF!` stands for a reference whose row was deleted, as in a spreadsheet.
// Nothing else is accepted: no other functions and no A1 addresses, so a formula cannot reach
// the engine's other columns.
//
// In the engine the gross of grid row n lives in cell A(n+1) of the prices sheet.

import { renderFormula, tokenizeFormula } from './formula-syntax';

/** Rows the engine's sheets may hold; a reference at or beyond this counts as a missing row (0). */
export const MAX_GRID_ROWS = 1_000_000;

export type FormulaPart =
  { kind: 'text'; text: string } | { kind: 'reference'; row: number } | { kind: 'range'; from: number; to: number } | { kind: 'deleted-reference' };

/** What a reference to a row that is gone becomes, as in a spreadsheet. */
export const DELETED_REFERENCE = '#REF!';
const PLAIN_NUMBER = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const ENGINE_REFERENCE = /(?<![A-Za-z0-9_$])\$?A\$?(\d+)(?::\$?A\$?(\d+))?|#REF!/g;

/**
 * Splits typed formula text into text, references and ranges; undefined when it holds a
 * character outside the formula language (a comma is fine, a '%' or '"' is not). Whether the
 * text is a valid formula is `formulaProblem`'s question.
 */
export function parseFormulaParts(formula: string): FormulaPart[] | undefined {
  const tokens = tokenizeFormula(formula);
  if (tokens === undefined) return undefined;
  const parts: FormulaPart[] = [];
  let text = '';
  for (const token of tokens) {
    if (token.kind !== 'reference' && token.kind !== 'range' && token.kind !== 'deleted') {
      text += token.text;
      continue;
    }
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
    if (token.kind === 'reference') parts.push({ kind: 'reference', row: token.row });
    else if (token.kind === 'range') parts.push({ kind: 'range', from: token.from, to: token.to });
    else parts.push({ kind: 'deleted-reference' });
  }
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}

/**
 * The farthest row a formula refers to at or beyond the last of a grid's `rowCount` rows (a
 * range counts by its far end), or undefined when every reference is inside the grid. Such a
 * formula is an error (see farReferenceProblem) and never reaches the engine: HyperFormula grows
 * its sheet to the row named, and `[999999]+1` took a second per evaluation.
 */
export function rowBeyond(formula: string, rowCount: number): number | undefined {
  let farthest: number | undefined;
  for (const part of parseFormulaParts(formula) ?? []) {
    const row = part.kind === 'reference' ? part.row : part.kind === 'range' ? Math.max(part.from, part.to) : undefined;
    if (row !== undefined && row >= rowCount && (farthest === undefined || row > farthest)) farthest = row;
  }
  return farthest;
}

/** The error of a formula that refers past the grid's last row, naming both. */
export function farReferenceProblem(row: number, rowCount: number): string {
  return `Refers to row ${row}, beyond the last row (${rowCount - 1})`;
}

/** Whether typed text refers to any row at all (a reference or a range, inside the grid or not). */
export function hasAnyReference(formula: string): boolean {
  return (parseFormulaParts(formula) ?? []).some((part) => part.kind === 'reference' || part.kind === 'range');
}

/** Why typed text is not a formula the grid accepts ('Unknown function VLOOKUP...'), or undefined. */
export function formulaProblem(formula: string): string | undefined {
  const rendered = checkFormula(formula);
  return rendered.ok ? undefined : rendered.problem;
}

/** The problem of text that names a function or name outside the language, or undefined. */
export function unknownNameIn(formula: string): string | undefined {
  const rendered = checkFormula(formula);
  return !rendered.ok && rendered.kind === 'unknown-name' ? rendered.problem : undefined;
}

function checkFormula(formula: string) {
  return renderFormula(formula, { reference: referenceToCell, range: (from, to) => `${referenceToCell(from)}:${referenceToCell(to)}` });
}

export function formatFormulaParts(parts: readonly FormulaPart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'range') return `[${part.from}]:[${part.to}]`;
      return part.kind === 'reference' ? `[${part.row}]` : DELETED_REFERENCE;
    })
    .join('');
}

/** True for text that is just a number ("675", " 54.40 ", "-3"): a plain gross, not a formula. */
export function isPlainNumberText(text: string): boolean {
  return PLAIN_NUMBER.test(text);
}

/** `[3]` -> `A4`: the engine cell holding grid row 3's gross. */
export function referenceToCell(row: number): string {
  return `A${row + 1}`;
}

/** `A4` or `$A$4` -> 3; undefined for anything else. */
export function cellToReference(cell: string): number | undefined {
  const match = /^\$?A\$?(\d+)$/.exec(cell);
  if (match === null) return undefined;
  const row = Number(match[1]) - 1;
  return row >= 0 ? row : undefined;
}

/** Whether a reference is kept as a live engine reference (and so follows row moves). */
export function isLiveReference(row: number): boolean {
  return row < MAX_GRID_ROWS;
}

/**
 * The engine's formula for typed text: `[3]+50` -> `=A4+50`, `SUM([0]:[3])` -> `=SUM(A1:A4)`;
 * undefined when the text is not a valid formula (see formulaProblem). A reference too far out
 * for the engine becomes 0, the value of a missing row; a range is cut at the engine's last row.
 */
export function toEngineFormula(formula: string): string | undefined {
  const rendered = renderFormula(formula, {
    reference: (row) => (isLiveReference(row) ? referenceToCell(row) : '0'),
    range: (from, to) => `${referenceToCell(Math.min(from, MAX_GRID_ROWS - 1))}:${referenceToCell(Math.min(to, MAX_GRID_ROWS - 1))}`,
  });
  return rendered.ok ? `=${rendered.text}` : undefined;
}

/**
 * Typed text as a formula of another sheet (without '='), the xlsx export's: `[n]` becomes
 * `cellOfRow(n)` for the grid's `rowCount` rows, a missing row 0 and a range is cut at the last
 * row, so the sheet gives what the engine gives; undefined when the text is not a valid formula.
 */
export function toSheetFormula(formula: string, rowCount: number, cellOfRow: (row: number) => string): string | undefined {
  const rendered = renderFormula(formula, {
    reference: (row) => (row < rowCount ? cellOfRow(row) : '0'),
    range: (from, to) => {
      const low = Math.min(from, to);
      const high = Math.min(Math.max(from, to), rowCount - 1);
      return low > high ? '0' : `${cellOfRow(low)}:${cellOfRow(high)}`;
    },
  });
  return rendered.ok ? rendered.text : undefined;
}

/**
 * The live references of typed text, in order of appearance; a range gives its two ends (see
 * formulaRows for every row it covers).
 */
export function formulaReferences(formula: string): number[] {
  const parts = parseFormulaParts(formula) ?? [];
  return parts.flatMap((part) => {
    if (part.kind === 'range') return [part.from, part.to].filter(isLiveReference);
    return part.kind === 'reference' && isLiveReference(part.row) ? [part.row] : [];
  });
}

/** Every row of a grid of `rowCount` rows that typed text reads, ranges included. */
export function formulaRows(formula: string, rowCount: number): number[] {
  const parts = parseFormulaParts(formula) ?? [];
  return parts.flatMap((part) => {
    if (part.kind === 'reference') return part.row < rowCount ? [part.row] : [];
    if (part.kind !== 'range') return [];
    const from = Math.min(part.from, part.to);
    const to = Math.min(Math.max(part.from, part.to), rowCount - 1);
    return from > to ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index);
  });
}

/**
 * Typed text with its references replaced by where the engine's formula now points, after the
 * engine moved them for inserted, deleted or moved rows. Everything else stays as typed. The
 * engine formula holds the live references in the same order as the typed text.
 */
export function followEngineReferences(formula: string, engineFormula: string): string {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return formula;
  const targets = [...engineFormula.matchAll(ENGINE_REFERENCE)].map((match) =>
    match[1] === undefined ? undefined : { from: Number(match[1]) - 1, to: Number(match[2] ?? match[1]) - 1 },
  );
  let next = 0;
  const followed = parts.map((part): FormulaPart => {
    if (part.kind === 'text' || (part.kind === 'reference' && !isLiveReference(part.row))) return part;
    const target = targets[next++];
    if (target === undefined) return { kind: 'deleted-reference' };
    if (part.kind !== 'range') return { kind: 'reference', row: target.from };
    // A range reaching past the engine's rows keeps its typed far end.
    return isLiveReference(Math.max(part.from, part.to)) ? { kind: 'range', ...target } : part;
  });
  return formatFormulaParts(followed);
}

/**
 * Rewrites every reference through `replace`, and every range through `replaceRange` (by default
 * each end through `replace`); text outside the formula language is returned unchanged.
 */
export function mapFormulaReferences(
  formula: string,
  replace: (row: number) => string,
  replaceRange: (from: number, to: number) => string = (from, to) => `${replace(from)}:${replace(to)}`,
): string {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return formula;
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'range') return replaceRange(part.from, part.to);
      return part.kind === 'reference' ? replace(part.row) : DELETED_REFERENCE;
    })
    .join('');
}

export type ReferenceMapping = ReadonlyMap<number, number> | ((oldRow: number) => number | undefined);

/**
 * Points references at copied rows: `[n]` becomes `[oldIndexToNewIndex(n)]`. A reference the
 * mapping does not know (a missing row) is kept as it is.
 */
export function remapFormulaReferences(formula: string, oldIndexToNewIndex: ReferenceMapping): string {
  const lookup = typeof oldIndexToNewIndex === 'function' ? oldIndexToNewIndex : (row: number) => oldIndexToNewIndex.get(row);
  return mapFormulaReferences(formula, (row) => `[${lookup(row) ?? row}]`);
}
