// The gross formula language and its `[n]` references, as pure text functions.
//
// A gross formula is typed without '=' and may hold numbers, + - * / ^, brackets, spaces and
// `[n]` (the gross of grid row n, counted from 0). `#REF!` stands for a reference whose row was
// deleted, as in a spreadsheet. Nothing else is accepted: no functions and no A1 addresses, so
// a formula cannot reach the engine's other columns.
//
// In the engine the gross of grid row n lives in cell A(n+1) of the prices sheet.

/** Rows the engine's sheets may hold; a reference at or beyond this counts as a missing row (0). */
export const MAX_GRID_ROWS = 1_000_000;

export type FormulaPart =
  | { kind: 'text'; text: string }
  | { kind: 'reference'; row: number }
  | { kind: 'deleted-reference' };

const DELETED_REFERENCE = '#REF!';
const TOKEN = /\s+|\d+(?:\.\d*)?|\.\d+|\[(\d+)\]|#REF!|[-+*/^()]/y;
const PLAIN_NUMBER = /^\s*[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const ENGINE_REFERENCE = /\$?A\$?(\d+)|#REF!/g;

/**
 * Splits typed formula text into text and references; undefined when it holds anything outside
 * the formula language (a letter, a comma, an unclosed bracket...).
 */
export function parseFormulaParts(formula: string): FormulaPart[] | undefined {
  const parts: FormulaPart[] = [];
  let text = '';
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(formula);
    if (match === null) return undefined;
    if (match[1] !== undefined || match[0] === DELETED_REFERENCE) {
      if (text !== '') parts.push({ kind: 'text', text });
      text = '';
      parts.push(match[1] !== undefined ? { kind: 'reference', row: Number(match[1]) } : { kind: 'deleted-reference' });
    } else {
      text += formula.slice(start, TOKEN.lastIndex);
    }
  }
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}

export function formatFormulaParts(parts: readonly FormulaPart[]): string {
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
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
 * The engine's formula for typed text: `[3]+50` -> `=A4+50`; undefined when the text is outside
 * the formula language. A reference too far out for the engine becomes 0, the value of a
 * missing row.
 */
export function toEngineFormula(formula: string): string | undefined {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return undefined;
  const body = parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
      if (part.kind === 'deleted-reference') return DELETED_REFERENCE;
      return isLiveReference(part.row) ? referenceToCell(part.row) : '0';
    })
    .join('');
  return `=${body}`;
}

/** The live references of typed text, in order of appearance. */
export function formulaReferences(formula: string): number[] {
  const parts = parseFormulaParts(formula) ?? [];
  return parts.flatMap((part) => (part.kind === 'reference' && isLiveReference(part.row) ? [part.row] : []));
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
    match[1] === undefined ? undefined : Number(match[1]) - 1,
  );
  let next = 0;
  const followed = parts.map((part): FormulaPart => {
    if (part.kind === 'text' || (part.kind === 'reference' && !isLiveReference(part.row))) return part;
    const target = targets[next++];
    return target === undefined ? { kind: 'deleted-reference' } : { kind: 'reference', row: target };
  });
  return formatFormulaParts(followed);
}

/** Rewrites every reference through `replace`; text outside the formula language is returned unchanged. */
export function mapFormulaReferences(formula: string, replace: (row: number) => string): string {
  const parts = parseFormulaParts(formula);
  if (parts === undefined) return formula;
  return parts
    .map((part) => {
      if (part.kind === 'text') return part.text;
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
