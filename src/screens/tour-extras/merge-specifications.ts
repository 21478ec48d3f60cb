import { rowIdentity } from '../../grid/commands/merge-price-rows';
import { mergeRows, type MergeChoice, type MergeConflict } from '../../grid/commands/three-way-merge';
import { conflictItem } from '../tour-season/merge-notice';
import type { MergeConflictRow } from '../../ui/merge-conflict-dialog';

/** A specification as the tab stages it: a stored one keeps its id, a new one has only its key. */
export type StagedSpecification = { key: string; id?: number; price_includes: string; price_excludes: string };

const FIELDS = ['price_includes', 'price_excludes'] as const;
const FIELD_LABELS: Record<string, string> = { price_includes: 'Price includes', price_excludes: 'Price excludes' };

export type SpecificationsMerge = {
  /** The staged list after the merge, on what is stored now. */
  rows: StagedSpecification[];
  /** Stored specifications the merged list leaves out: deleted by the next save. */
  removedIds: number[];
  keptMine: number;
  /** Conflicts found (decided by `choose`, or left as the clerk had them). */
  found: MergeConflict<StagedSpecification>[];
};

/**
 * The three-way merge of the specifications tab (issue 29), row by row and field by field like the
 * grid tabs: what the clerk loaded, what they staged (removed rows are the ones missing), what is
 * stored now. A row they deleted that the clerk kept comes back as a new row.
 */
export function mergeSpecifications(
  base: readonly StagedSpecification[],
  mine: readonly StagedSpecification[],
  theirs: readonly StagedSpecification[],
  choose?: (conflict: MergeConflict<StagedSpecification>) => MergeChoice | undefined,
): SpecificationsMerge {
  const merge = mergeRows({ base, mine, theirs, identity: rowIdentity, fields: FIELDS, choose });
  const rows = merge.rows.map((row) => {
    if (!merge.revived.has(rowIdentity(row))) return row;
    const { id: _gone, ...revived } = row;
    return { ...revived, key: `specification-revived-${row.key}` };
  });
  const kept = new Set(rows.flatMap((row) => (row.id === undefined ? [] : [row.id])));
  const removedIds = theirs.flatMap((row) => (row.id !== undefined && !kept.has(row.id) ? [row.id] : []));
  return { rows, removedIds, keptMine: merge.keptMine, found: merge.found };
}

/** A conflict as the merge dialog lists it: 'Specification 2, Price includes'. */
export function specificationConflictRow(conflict: MergeConflict<StagedSpecification>, mine: readonly StagedSpecification[]): MergeConflictRow {
  const place = mine.findIndex((row) => rowIdentity(row) === conflict.row);
  const where = place === -1 ? 'Their specification' : `Specification ${place + 1}`;
  return conflictItem({ id: conflict.id, conflict, where, rateLabel: () => undefined, fieldLabel: (field) => FIELD_LABELS[field] });
}
