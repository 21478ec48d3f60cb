import { sameValue } from '../../domain/merge-fields';
import { DELETED_REFERENCE, mapFormulaReferences } from '../../formulas/formula-references';
import type { GridRow } from './grid-row';

// The three-way merge of a price grid (issue 29): what the clerk loaded (`base`), what the clerk
// has staged (`mine`) and what is stored now (`theirs`), row by row and cell by cell. Rows are
// matched by identity (a stored row's id, a new row's key), never by position: the other clerk
// may have inserted or deleted rows. A formula's `[n]` names a row by its position in its own
// grid, so formulas are compared and carried as the rows they refer to, and written back as
// positions in the merged grid. Nothing is chosen silently: a cell both sides changed to
// different values, a row one side deleted and the other changed, is a conflict, decided by
// `choose` or else left as the clerk had it and reported.

export type MergeChoice = 'mine' | 'theirs';

/** A cell both sides changed; its values as each grid shows them (a formula's `[n]` are rows of that grid). */
export type CellConflict = { kind: 'cell'; id: string; row: string; field: string; base: unknown; mine: unknown; theirs: unknown };
/** `deleted-by-them`: they deleted a row the clerk changed; `deleted-by-me`: the clerk deleted a row they changed. */
export type RowConflict<R> = { kind: 'deleted-by-them' | 'deleted-by-me'; id: string; row: string; base: R; mine?: R; theirs?: R };
export type MergeConflict<R> = CellConflict | RowConflict<R>;

export type RowsMergeInput<R extends GridRow> = {
  base: readonly R[];
  mine: readonly R[];
  theirs: readonly R[];
  /** The row's identity across the three grids: `id:12` for a stored row, `key:new-3` for a new one. */
  identity: (row: R) => string;
  /** The fields merged cell by cell; the others come from the side whose row is kept (theirs when both have it). */
  fields: readonly (keyof R & string)[];
  /** A field holding a formula whose `[n]` are rows of its own grid. */
  formulaField?: keyof R & string;
  /** The decision for a conflict; undefined leaves it reported, with the clerk's side in the rows. */
  choose?: (conflict: MergeConflict<R>) => MergeChoice | undefined;
  /** Puts the merged rows in their final order (the pricing tab: by group) before formulas take positions in it. */
  arrange?: (rows: R[]) => R[];
};

export type RowsMerge<R> = {
  /** The merged grid in order: the clerk's order, with rows only they have after the row they follow there. */
  rows: R[];
  /** Conflicts `choose` did not decide. */
  conflicts: MergeConflict<R>[];
  /** Every conflict found, decided or not (a dialog lists them all). */
  found: MergeConflict<R>[];
  /** Rows kept whose stored row is gone (they deleted it, the clerk kept theirs): to be saved as new rows. */
  revived: Set<string>;
  /** The clerk's changes the merge kept: cells, added rows and deleted rows. */
  keptMine: number;
  /** Their changes the merge took: cells, added rows and deleted rows. */
  tookTheirs: number;
};

const REFERENCE_TO = /\[@([^\]]*)\]/g;

/** A formula with each `[n]` replaced by `[@identity]` of row n of its grid (an unknown row keeps its number). */
function formulaByIdentity(formula: unknown, grid: readonly string[]): unknown {
  if (typeof formula !== 'string' || formula === '') return formula;
  return mapFormulaReferences(formula, (row) => (row < grid.length ? `[@${grid[row]}]` : `[@#${row}]`));
}

/** Back from identities to positions in the merged grid; a row no longer in it is `#REF!`. */
function formulaByPosition(formula: unknown, positions: ReadonlyMap<string, number>): unknown {
  if (typeof formula !== 'string') return formula;
  return formula.replace(REFERENCE_TO, (_, identity: string) => {
    if (identity.startsWith('#')) return `[${identity.slice(1)}]`;
    const position = positions.get(identity);
    return position === undefined ? DELETED_REFERENCE : `[${position}]`;
  });
}

/** One grid: its rows in order, each row comparable (formulas by identity) and as it was (for a dialog). */
type Side<R> = { grid: string[]; rows: Map<string, R>; shown: Map<string, R> };

function sideOf<R extends GridRow>(rows: readonly R[], input: RowsMergeInput<R>): Side<R> {
  const grid = rows.map(input.identity);
  const formulaField = input.formulaField;
  const byIdentity = new Map<string, R>();
  rows.forEach((row, index) => {
    const comparable = formulaField ? { ...row, [formulaField]: formulaByIdentity(row[formulaField], grid) } : row;
    byIdentity.set(grid[index], comparable);
  });
  return { grid, rows: byIdentity, shown: new Map(rows.map((row, index) => [grid[index], row])) };
}

const changedFields = <R extends GridRow>(from: R, to: R, fields: readonly string[]) => fields.filter((field) => !sameValue(from[field], to[field]));

/**
 * The clerk's order with the rows only the other side has placed after the row they follow in
 * the other grid (at the top when none does).
 */
function mergedOrder(mine: readonly string[], theirs: readonly string[], kept: ReadonlySet<string>): string[] {
  const order = mine.filter((identity) => kept.has(identity));
  const placed = new Set(order);
  let previous: string | undefined;
  for (const identity of theirs) {
    if (kept.has(identity) && !placed.has(identity)) {
      order.splice(previous === undefined ? 0 : order.indexOf(previous) + 1, 0, identity);
      placed.add(identity);
    }
    if (placed.has(identity)) previous = identity;
  }
  return order;
}

export function mergeRows<R extends GridRow>(input: RowsMergeInput<R>): RowsMerge<R> {
  const base = sideOf(input.base, input);
  const mine = sideOf(input.mine, input);
  const theirs = sideOf(input.theirs, input);
  const fields = input.fields as readonly string[];
  const merged = new Map<string, R>();
  const found: MergeConflict<R>[] = [];
  const conflicts: MergeConflict<R>[] = [];
  const revived = new Set<string>();
  let keptMine = 0;
  let tookTheirs = 0;
  const decide = (conflict: MergeConflict<R>): MergeChoice => {
    found.push(conflict);
    const choice = input.choose?.(conflict);
    if (choice === undefined) conflicts.push(conflict);
    return choice ?? 'mine';
  };

  for (const identity of new Set([...mine.grid, ...theirs.grid, ...base.grid])) {
    const loaded = base.rows.get(identity);
    const ours = mine.rows.get(identity);
    const stored = theirs.rows.get(identity);
    if (!loaded) {
      // A row one side added.
      const added = ours ?? stored;
      if (added) merged.set(identity, added);
      if (ours) keptMine += 1;
      else if (stored) tookTheirs += 1;
      continue;
    }
    if (ours && stored) {
      const row: Record<string, unknown> = { ...stored };
      for (const field of fields) {
        const mineChanged = !sameValue(ours[field], loaded[field]);
        const theirsChanged = !sameValue(stored[field], loaded[field]);
        if (mineChanged && theirsChanged && !sameValue(ours[field], stored[field])) {
          const shown = (side: Side<R>) => side.shown.get(identity)?.[field];
          const choice = decide({
            kind: 'cell',
            id: `${identity}:${field}`,
            row: identity,
            field,
            base: shown(base),
            mine: shown(mine),
            theirs: shown(theirs),
          });
          row[field] = choice === 'mine' ? ours[field] : stored[field];
          if (choice === 'mine') keptMine += 1;
          else tookTheirs += 1;
        } else if (mineChanged) {
          row[field] = ours[field];
          keptMine += 1;
        } else if (theirsChanged) tookTheirs += 1;
      }
      merged.set(identity, row as R);
    } else if (ours) {
      // They deleted the row: gone, unless the clerk changed it.
      if (changedFields(loaded, ours, fields).length === 0) tookTheirs += 1;
      else if (
        decide({ kind: 'deleted-by-them', id: `${identity}:row`, row: identity, base: base.shown.get(identity) as R, mine: mine.shown.get(identity) }) ===
        'mine'
      ) {
        merged.set(identity, ours);
        revived.add(identity);
        keptMine += 1;
      } else tookTheirs += 1;
    } else if (stored) {
      // The clerk deleted the row: gone, unless they changed it.
      if (changedFields(loaded, stored, fields).length === 0) keptMine += 1;
      else if (
        decide({ kind: 'deleted-by-me', id: `${identity}:row`, row: identity, base: base.shown.get(identity) as R, theirs: theirs.shown.get(identity) }) ===
        'theirs'
      ) {
        merged.set(identity, stored);
        tookTheirs += 1;
      } else keptMine += 1;
    }
  }

  const ordered = mergedOrder(mine.grid, theirs.grid, new Set(merged.keys())).map((identity) => merged.get(identity) as R);
  const arranged = input.arrange ? input.arrange(ordered) : ordered;
  const positions = new Map(arranged.map((row, index) => [input.identity(row), index]));
  const formulaField = input.formulaField;
  const rows = formulaField ? arranged.map((row) => ({ ...row, [formulaField]: formulaByPosition(row[formulaField], positions) }) as R) : arranged;
  return { rows, conflicts, found, revived, keptMine, tookTheirs };
}
