// An accepted import on the pricing tab (issue 21): the rows the sheet adds go at the end of
// their group, named rooms and accommodation found by name, and the groups grow with them.

import type { AddedRow, ImportPreview } from '../../formulas/price-sheet-import';
import { stageImportedRows } from '../../grid/commands/stage-imported-sheet';
import type { NamedOption } from '../../api/pricing-queries';
import { idOfName } from '../tour-season/price-sheet-rows';
import { groupOfRow, groupStarts, newPriceRow, type PriceGroup, type PricingRow } from './price-groups';

export type ImportLookups = { roomTypes: readonly NamedOption[]; accommodation: readonly NamedOption[] };

/** A new grid row for a row the sheet adds, in a group whose last row is `previous`; its gross is written by stageImportedRows. */
export function importedPriceRow(added: AddedRow, previous: PricingRow | undefined, rates: readonly { id: number }[], lookups: ImportLookups): PricingRow {
  const row = newPriceRow(previous, rates);
  return {
    ...row,
    room_type_id: idOfName(lookups.roomTypes, added.labels.Room ?? ''),
    accommodation_category_id: idOfName(lookups.accommodation, added.labels.Accommodation ?? ''),
    non_com: added.non_com,
    adjustment: added.adjustment,
    markup_rate_id: added.markup_rate_id ?? row.markup_rate_id,
  };
}

/**
 * The rows and groups after an accepted import that adds rows: each added row at the end of the
 * group with its Group id, in sheet order; a row whose group is gone since the grid loaded is dropped.
 * The stored rows of the ids in `remove` go too (at `removedAt`), their groups shrinking.
 */
export function stageImportIntoGroups(
  preview: ImportPreview,
  rows: readonly PricingRow[],
  groups: readonly PriceGroup[],
  previewPriceIds: readonly number[],
  rates: readonly { id: number }[],
  lookups: ImportLookups,
  remove: readonly number[] = [],
): { rows: PricingRow[]; groups: PriceGroup[]; added: number; dropped: number; removedAt: number[] } {
  const starts = groupStarts(groups);
  // Rows each group gains (added) less those it loses (removed).
  const grown = groups.map(() => 0);
  const staged = stageImportedRows(
    preview,
    rows,
    previewPriceIds,
    (added) => {
      const g = groups.findIndex((group) => group.id === added.groupId);
      if (g < 0) return undefined;
      const end = starts[g] + groups[g].size;
      grown[g] += 1;
      return { at: end, row: importedPriceRow(added, groups[g].size > 0 ? rows[end - 1] : undefined, rates, lookups) };
    },
    remove,
  );
  for (const index of staged.removedAt) grown[groupOfRow(groups, index)] -= 1;
  return { ...staged, groups: groups.map((group, g) => (grown[g] === 0 ? group : { ...group, size: group.size + grown[g] })) };
}
