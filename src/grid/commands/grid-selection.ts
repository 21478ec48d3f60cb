/**
 * A rectangular selection: rows by display index (inclusive at both ends, in either order,
 * since a drag can go upwards) and the selected columns by id.
 */
export type GridSelection = {
  startRow: number;
  endRow: number;
  colIds: readonly string[];
};

/** The selection's first and last row, ordered and clamped to the rows that exist. */
export function selectionRowSpan(selection: GridSelection, rowCount: number): { first: number; last: number } | null {
  const first = Math.max(0, Math.min(selection.startRow, selection.endRow));
  const last = Math.min(rowCount - 1, Math.max(selection.startRow, selection.endRow));
  return first > last ? null : { first, last };
}
