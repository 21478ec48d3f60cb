import { describe, expect, it } from 'vitest';
import { collapseSelection, dataRowFrom, moveCursor, moveSelection, selectAll, selectRows, type GridLayout } from '../../src/grid/commands/grid-cursor';

// Displayed rows: 0 header, 1-2 data, 3 header, 4-7 data; columns a to d. Blank cells are listed.
function layout(blank: readonly string[] = [], pageRows = 2): GridLayout {
  return {
    rowCount: 8,
    isDataRow: (row) => row !== 0 && row !== 3,
    columns: ['a', 'b', 'c', 'd'],
    pageRows,
    isBlank: (row, colId) => blank.includes(`${row}${colId}`),
  };
}
const cell = (rowIndex: number, colId: string) => ({ rowIndex, colId });

describe('dataRowFrom', () => {
  it('steps over group header rows in both directions', () => {
    expect(dataRowFrom(layout(), 2, 1)).toBe(4);
    expect(dataRowFrom(layout(), 4, -1)).toBe(2);
    expect(dataRowFrom(layout(), 1, 3)).toBe(5);
  });

  it('stops at the first and last data rows, never on the header above the first', () => {
    expect(dataRowFrom(layout(), 1, -1)).toBe(1);
    expect(dataRowFrom(layout(), 7, 1)).toBe(7);
    expect(dataRowFrom(layout(), 6, 10)).toBe(7);
  });

  it('leaves a header row for the nearest data row', () => {
    expect(dataRowFrom(layout(), 0, 1)).toBe(1);
    expect(dataRowFrom(layout(), 3, -1)).toBe(2);
    expect(dataRowFrom({ ...layout(), rowCount: 1, isDataRow: () => false }, 0, 1)).toBeNull();
  });
});

describe('moveCursor', () => {
  it('moves up and down a row, across a group header', () => {
    expect(moveCursor(layout(), cell(2, 'b'), 'down')).toEqual(cell(4, 'b'));
    expect(moveCursor(layout(), cell(4, 'b'), 'up')).toEqual(cell(2, 'b'));
  });

  it('moves left and right within the columns', () => {
    expect(moveCursor(layout(), cell(2, 'b'), 'left')).toEqual(cell(2, 'a'));
    expect(moveCursor(layout(), cell(2, 'a'), 'left')).toEqual(cell(2, 'a'));
    expect(moveCursor(layout(), cell(2, 'c'), 'right')).toEqual(cell(2, 'd'));
    expect(moveCursor(layout(), cell(2, 'd'), 'right')).toEqual(cell(2, 'd'));
  });

  it('goes to the first and last cells of the row with Home and End', () => {
    expect(moveCursor(layout(), cell(5, 'c'), 'row-start')).toEqual(cell(5, 'a'));
    expect(moveCursor(layout(), cell(5, 'b'), 'row-end')).toEqual(cell(5, 'd'));
  });

  it('goes to the first and last cells of the grid with Ctrl+Home and Ctrl+End', () => {
    expect(moveCursor(layout(), cell(5, 'c'), 'grid-start')).toEqual(cell(1, 'a'));
    expect(moveCursor(layout(), cell(2, 'b'), 'grid-end')).toEqual(cell(7, 'd'));
  });

  it('moves a page of data rows with PageUp and PageDown, stopping at the ends', () => {
    expect(moveCursor(layout([], 2), cell(1, 'b'), 'page-down')).toEqual(cell(4, 'b'));
    expect(moveCursor(layout([], 2), cell(6, 'b'), 'page-down')).toEqual(cell(7, 'b'));
    expect(moveCursor(layout([], 2), cell(5, 'b'), 'page-up')).toEqual(cell(2, 'b'));
    expect(moveCursor(layout([], 2), cell(2, 'b'), 'page-up')).toEqual(cell(1, 'b'));
  });

  it('goes with Ctrl+arrow to the last filled cell before a blank, as Excel does', () => {
    // Column b: rows 1, 2, 4 filled, 5 blank, 6 and 7 filled.
    const gaps = layout(['5b']);
    expect(moveCursor(gaps, cell(1, 'b'), 'edge-down')).toEqual(cell(4, 'b'));
    expect(moveCursor(gaps, cell(4, 'b'), 'edge-down')).toEqual(cell(6, 'b'));
    expect(moveCursor(gaps, cell(6, 'b'), 'edge-down')).toEqual(cell(7, 'b'));
    expect(moveCursor(gaps, cell(7, 'b'), 'edge-up')).toEqual(cell(6, 'b'));
    expect(moveCursor(gaps, cell(6, 'b'), 'edge-up')).toEqual(cell(4, 'b'));
  });

  it('goes with Ctrl+arrow to the end of a full line, and left and right the same way', () => {
    expect(moveCursor(layout(), cell(2, 'b'), 'edge-down')).toEqual(cell(7, 'b'));
    expect(moveCursor(layout(), cell(7, 'b'), 'edge-up')).toEqual(cell(1, 'b'));
    expect(moveCursor(layout(['2c']), cell(2, 'a'), 'edge-right')).toEqual(cell(2, 'b'));
    expect(moveCursor(layout(['2c']), cell(2, 'b'), 'edge-right')).toEqual(cell(2, 'd'));
    expect(moveCursor(layout(), cell(2, 'd'), 'edge-left')).toEqual(cell(2, 'a'));
  });

  it('keeps a cursor on a column it does not stand on (the # label) going up and down, and enters the cells sideways', () => {
    expect(moveCursor(layout(), cell(2, '#'), 'down')).toEqual(cell(4, '#'));
    expect(moveCursor(layout(), cell(2, '#'), 'right')).toEqual(cell(2, 'a'));
    expect(moveCursor(layout(), cell(2, '#'), 'edge-right')).toEqual(cell(2, 'a'));
  });
});

describe('selections', () => {
  const range = { anchor: cell(1, 'b'), focus: cell(2, 'c') };

  it('moves the whole selection to the moved cursor, or extends it from the anchor with Shift', () => {
    expect(moveSelection(layout(), range, 'down', false)).toEqual({ anchor: cell(4, 'c'), focus: cell(4, 'c') });
    expect(moveSelection(layout(), range, 'down', true)).toEqual({ anchor: cell(1, 'b'), focus: cell(4, 'c') });
    expect(moveSelection(layout(), range, 'grid-end', true)).toEqual({ anchor: cell(1, 'b'), focus: cell(7, 'd') });
  });

  it('selects every data cell with Ctrl+A, the cursor on the first', () => {
    expect(selectAll(layout(), range)).toEqual({ anchor: cell(7, 'd'), focus: cell(1, 'a') });
  });

  it('selects the whole rows of the selection with Shift+Space', () => {
    expect(selectRows(layout(), range)).toEqual({ anchor: cell(1, 'd'), focus: cell(2, 'a') });
  });

  it('shrinks the selection to the cursor with Escape', () => {
    expect(collapseSelection(range)).toEqual({ anchor: cell(2, 'c'), focus: cell(2, 'c') });
  });
});
