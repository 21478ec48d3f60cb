// Formula text from the legacy system, made fit for the grid.
//
// Legacy formulas were HTML-escaped on every save, sometimes many times over
// (`(590*3)&amp;amp;amp;#x2F;3`), and their `[n]` named the referenced price by its database id,
// not by its row. Seasons copied in the legacy system kept pointing at the original season's ids.

import { mapFormulaReferences } from './formula-references';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const ENTITY = /&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi;

function decodeEntity(entity: string, body: string): string {
  if (body[0] === '#') {
    const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
}

/** Decodes HTML entities until none is left: `&amp;amp;#x2F;` -> `/`. Other text is untouched. */
export function unescapeLegacyFormula(text: string): string {
  let current = text;
  for (;;) {
    const decoded = current.replace(ENTITY, decodeEntity);
    if (decoded === current) return current;
    current = decoded;
  }
}

export type LegacyReferenceLookup = {
  /** The grid row of the price with this legacy id, when it is in the grid being imported. */
  rowOfId: (id: number) => number | undefined;
  /** The stored gross of a legacy price anywhere in the data, for ids outside the grid. */
  grossOfId: (id: number) => number | undefined;
};

/**
 * A legacy formula as grid formula text: unescaped, `[id]` turned into `[row]`. A reference to a
 * price outside the grid (a legacy copy that was never remapped) is replaced by that price's
 * gross, the number the legacy system used; an unknown id becomes 0, the value of a missing row.
 */
export function legacyFormulaToGridFormula(formula: string, lookup: LegacyReferenceLookup): string {
  return mapFormulaReferences(unescapeLegacyFormula(formula).trim(), (id) => {
    const row = lookup.rowOfId(id);
    if (row !== undefined) return `[${row}]`;
    const gross = lookup.grossOfId(id);
    return gross === undefined ? '0' : `(${gross})`;
  });
}
