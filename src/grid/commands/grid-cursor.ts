import type { CellPosition, CellRange } from '../cell-range';

/**
 * What the cursor commands need to know about the displayed grid, without a DOM: how many rows
 * are displayed, which of them hold data (group header rows do not), the columns the cursor may
 * stand on in display order, how many rows a page holds, and which cells are blank (for
 * Ctrl+arrow, which stops at the edge of the data as Excel's does).
 */
export type GridLayout = {
  rowCount: number;
  isDataRow: (row: number) => boolean;
  columns: readonly string[];
  pageRows: number;
  isBlank: (row: number, colId: string) => boolean;
};

export type CursorMotion =
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'row-start'
  | 'row-end'
  | 'grid-start'
  | 'grid-end'
  | 'page-up'
  | 'page-down'
  | 'edge-up'
  | 'edge-down'
  | 'edge-left'
  | 'edge-right';

/**
 * The data row `steps` data rows away from `row` (negative: upwards), skipping group header rows;
 * it stops at the first or last data row. `row` itself may be a header row. Null when the grid
 * has no data row.
 */
export function dataRowFrom(layout: GridLayout, row: number, steps: number): number | null {
  const direction = steps < 0 ? -1 : 1;
  let remaining = Math.abs(steps);
  let last: number | null = layout.isDataRow(row) ? row : null;
  for (let next = row + direction; next >= 0 && next < layout.rowCount && remaining > 0; next += direction) {
    if (!layout.isDataRow(next)) continue;
    last = next;
    remaining -= 1;
  }
  if (last !== null) return last;
  // Nothing that way (a header at the very end): the nearest data row the other way.
  for (let next = row - direction; next >= 0 && next < layout.rowCount; next -= direction) {
    if (layout.isDataRow(next)) return next;
  }
  return null;
}

const firstDataRow = (layout: GridLayout) => dataRowFrom(layout, -1, 1);
const lastDataRow = (layout: GridLayout) => dataRowFrom(layout, layout.rowCount, -1);

/**
 * Excel's Ctrl+arrow along a line of cells: from a filled cell whose neighbour is filled, to the
 * last filled cell before a blank; otherwise to the next filled cell; else to the line's end.
 */
function edgeOf(cells: readonly number[], at: number, isBlank: (cell: number) => boolean): number {
  const start = cells.indexOf(at);
  if (start < 0 || start === cells.length - 1) return at;
  if (!isBlank(at) && !isBlank(cells[start + 1])) {
    let index = start + 1;
    while (index + 1 < cells.length && !isBlank(cells[index + 1])) index += 1;
    return cells[index];
  }
  for (let index = start + 1; index < cells.length; index += 1) {
    if (!isBlank(cells[index])) return cells[index];
  }
  return cells[cells.length - 1];
}

function dataRows(layout: GridLayout): number[] {
  const rows: number[] = [];
  for (let row = 0; row < layout.rowCount; row += 1) if (layout.isDataRow(row)) rows.push(row);
  return rows;
}

/** Where a cursor motion takes the cell `from`; the cursor never lands on a group header row. */
export function moveCursor(layout: GridLayout, from: CellPosition, motion: CursorMotion): CellPosition {
  const { columns } = layout;
  // A cursor on a column the commands do not stand on (the `#` label) stays on it going up or
  // down, and enters the cells from their first going sideways.
  const column = columns.indexOf(from.colId);
  const at = (rowIndex: number | null, colIndex: number): CellPosition => ({
    rowIndex: rowIndex ?? from.rowIndex,
    colId: colIndex < 0 && column < 0 ? from.colId : (columns[Math.max(0, Math.min(columns.length - 1, colIndex))] ?? from.colId),
  });
  switch (motion) {
    case 'up':
      return at(dataRowFrom(layout, from.rowIndex, -1), column);
    case 'down':
      return at(dataRowFrom(layout, from.rowIndex, 1), column);
    case 'left':
      return at(from.rowIndex, Math.max(0, column - 1));
    case 'right':
      return at(from.rowIndex, column + 1);
    case 'row-start':
      return at(from.rowIndex, 0);
    case 'row-end':
      return at(from.rowIndex, columns.length - 1);
    case 'grid-start':
      return at(firstDataRow(layout), 0);
    case 'grid-end':
      return at(lastDataRow(layout), columns.length - 1);
    case 'page-up':
      return at(dataRowFrom(layout, from.rowIndex, -Math.max(1, layout.pageRows)), column);
    case 'page-down':
      return at(dataRowFrom(layout, from.rowIndex, Math.max(1, layout.pageRows)), column);
    case 'edge-up':
    case 'edge-down': {
      const rows = dataRows(layout);
      const line = motion === 'edge-down' ? rows : [...rows].reverse();
      return at(
        edgeOf(line, from.rowIndex, (row) => layout.isBlank(row, from.colId)),
        column,
      );
    }
    case 'edge-left':
    case 'edge-right': {
      const indexes = columns.map((_, index) => index);
      const line = motion === 'edge-right' ? indexes : [...indexes].reverse();
      return at(from.rowIndex, column < 0 ? line[0] : edgeOf(line, column, (index) => layout.isBlank(from.rowIndex, columns[index])));
    }
  }
}

/**
 * A motion applied to a selection: without `extend` the selection becomes the cell moved to; with
 * it (Shift held) the anchor stays and the focus moves, as Shift+arrow does in Excel.
 */
export function moveSelection(layout: GridLayout, range: CellRange, motion: CursorMotion, extend: boolean): CellRange {
  const focus = moveCursor(layout, range.focus, motion);
  return { anchor: extend ? range.anchor : focus, focus };
}

/**
 * Ctrl+A: every data cell of the grid. The cursor (the range's focus, which the grid's focused
 * cell follows) goes to the first cell, so the view stays at the top as in Excel.
 */
export function selectAll(layout: GridLayout, range: CellRange): CellRange {
  const first = firstDataRow(layout);
  const last = lastDataRow(layout);
  if (first === null || last === null) return range;
  return { anchor: { rowIndex: last, colId: layout.columns[layout.columns.length - 1] }, focus: { rowIndex: first, colId: layout.columns[0] } };
}

/** Shift+Space: the whole row (or rows) of the selection, the cursor on the row's first cell. */
export function selectRows(layout: GridLayout, range: CellRange): CellRange {
  const [first, last] = [layout.columns[0], layout.columns[layout.columns.length - 1]];
  return { anchor: { rowIndex: range.anchor.rowIndex, colId: last }, focus: { rowIndex: range.focus.rowIndex, colId: first } };
}

/** Escape outside an edit: the selection shrinks to the cursor's cell. */
export function collapseSelection(range: CellRange): CellRange {
  return { anchor: range.focus, focus: range.focus };
}
