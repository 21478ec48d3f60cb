import type { GridSelection } from './commands/grid-selection';

/** A cell by its displayed row (group header rows count) and column id. */
export type CellPosition = { rowIndex: number; colId: string };

/**
 * A rectangular selection made with Shift+arrows or Shift+click (AG Grid Community has no range
 * selection): from the anchor, where it started, to the focus, the cell that moved last.
 */
export type CellRange = { anchor: CellPosition; focus: CellPosition };

/** Whether a displayed cell lies in the rectangle; `columnOrder` is the displayed column ids. */
export function rangeContains(range: CellRange, columnOrder: readonly string[], rowIndex: number, colId: string): boolean {
  const [top, bottom] = ordered(range.anchor.rowIndex, range.focus.rowIndex);
  if (rowIndex < top || rowIndex > bottom) return false;
  const [left, right] = ordered(columnOrder.indexOf(range.anchor.colId), columnOrder.indexOf(range.focus.colId));
  const column = columnOrder.indexOf(colId);
  return column >= left && column <= right;
}

/** The column ids the rectangle spans, in display order. */
export function rangeColumns(range: CellRange, columnOrder: readonly string[]): string[] {
  const [left, right] = ordered(columnOrder.indexOf(range.anchor.colId), columnOrder.indexOf(range.focus.colId));
  return left < 0 ? [] : columnOrder.slice(left, right + 1);
}

/**
 * The selection as the grid commands take it: rows as price-row indexes. `priceIndexOf` maps a
 * displayed row to its price row, or -1 for a group header row, which is skipped. Null when the
 * rectangle holds no price row.
 */
export function rangeToSelection(range: CellRange, columnOrder: readonly string[], priceIndexOf: (displayRow: number) => number): GridSelection | null {
  const [top, bottom] = ordered(range.anchor.rowIndex, range.focus.rowIndex);
  let first = -1;
  let last = -1;
  for (let row = top; row <= bottom; row += 1) {
    const index = priceIndexOf(row);
    if (index < 0) continue;
    if (first < 0) first = index;
    last = index;
  }
  if (first < 0) return null;
  return { startRow: first, endRow: last, colIds: rangeColumns(range, columnOrder) };
}

/** The displayed rows a rectangle covers, for refreshing their cells when it changes. */
export function rangeRows(range: CellRange | null): number[] {
  if (range === null) return [];
  const [top, bottom] = ordered(range.anchor.rowIndex, range.focus.rowIndex);
  return Array.from({ length: bottom - top + 1 }, (_, i) => top + i);
}

function ordered(a: number, b: number): [number, number] {
  return a <= b ? [a, b] : [b, a];
}
