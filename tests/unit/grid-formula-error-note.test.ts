// Issue 27: what a price grid shows for a row whose formula is in error: Excel's code in the
// cells, and one explanation for the tooltip and the status line.

import { describe, expect, it } from 'vitest';
import { copyBlock } from '../../src/grid/commands/copy-block';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { formulaErrorNote, shownOutcome } from '../../src/grid/formula-error-note';
import { MODEL_RATES, openWorkbook } from './price-test-helpers';

describe('formulaErrorNote', () => {
  it('gives the code and the explanation, naming the formula, of a row in error', () => {
    const book = openWorkbook([100, '[0]/0']);
    try {
      expect(formulaErrorNote(book.getRow(1).result, '[0]/0')).toEqual({ code: '#DIV/0!', explanation: 'Division by zero (formula: [0]/0)' });
    } finally {
      book.destroy();
    }
  });

  it('gives nothing for a row that evaluates, or a row the grid has no result for', () => {
    const book = openWorkbook([100]);
    try {
      expect(formulaErrorNote(book.getRow(0).result, null)).toBeUndefined();
      expect(formulaErrorNote(null, null)).toBeUndefined();
    } finally {
      book.destroy();
    }
  });
});

describe('shownOutcome', () => {
  const columns: GridColumn[] = [
    { colId: 'gross', type: 'formula-number', editable: true },
    { colId: 'net', type: 'number', editable: false },
    { colId: 'subtotal', type: 'number', editable: false },
    { colId: 'cost', type: 'number', editable: false },
    { colId: 'profit', type: 'number', editable: false },
  ];
  const all = { startRow: 0, endRow: 1, colIds: columns.map((column) => column.colId) };

  it("copies a row in error as Excel does: the gross as its formula, each computed cell as the error's code", () => {
    const book = openWorkbook([100, '[1]+1'], { rates: MODEL_RATES });
    try {
      const rows = [
        { key: 'a', formula: null, gross: 100 },
        { key: 'b', formula: '[1]+1', gross: 0 },
      ];
      const text = copyBlock(rows, columns, all, (index) => shownOutcome(book.getRow(index).result));
      const [first, second] = text.split('\n');
      expect(first.split('\t')).toHaveLength(5);
      expect(second).toBe('=[1]+1\t#CIRC!\t#CIRC!\t#CIRC!\t#CIRC!');
    } finally {
      book.destroy();
    }
  });
});
