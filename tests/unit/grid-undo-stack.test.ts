import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CellChange } from '../../src/grid/commands/cell-change';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { pasteBlock } from '../../src/grid/commands/paste-block';
import { UndoStack } from '../../src/grid/commands/undo-stack';

type PriceRow = { id: number; formula: string | null; gross: number | null; non_com: number | null; net: number };

const priceColumns: GridColumn[] = [
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'net', type: 'number', editable: false },
  { colId: 'non_com', type: 'number', editable: true },
];

function priceRows(count: number): PriceRow[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, formula: null, gross: 100, non_com: 0, net: 80 }));
}

function grossChange(rowKey: string, oldValue: number, newValue: number): CellChange {
  return { rowKey, colId: 'gross', oldValue, newValue };
}

describe('UndoStack', () => {
  it('starts with nothing to undo or redo', () => {
    const stack = UndoStack.empty();

    expect(stack.canUndo).toBe(false);
    expect(stack.canRedo).toBe(false);
    expect(stack.cap).toBe(200);
  });

  it('undoes and redoes a pasted block as one step', () => {
    const rows = priceRows(3);
    const pasted = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [
      ['1', '2'],
      ['3', '4'],
      ['[0]+5', '6'],
    ]);
    const stack = UndoStack.empty().record(pasted.changes);

    const undone = stack.undo(pasted.rows);
    expect(undone.rows).toEqual(rows);
    expect(undone.batch).toEqual(pasted.changes);
    expect(undone.stack.canUndo).toBe(false);
    expect(undone.stack.canRedo).toBe(true);

    const redone = undone.stack.redo(undone.rows);
    expect(redone.rows).toEqual(pasted.rows);
    expect(redone.stack.canUndo).toBe(true);
    expect(redone.stack.canRedo).toBe(false);
  });

  it('undoes steps latest first', () => {
    const rows = priceRows(1);
    let stack = UndoStack.empty();
    const first = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [['1']]);
    stack = stack.record(first.changes);
    const second = pasteBlock(first.rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [['2']]);
    stack = stack.record(second.changes);

    const once = stack.undo(second.rows);
    const twice = once.stack.undo(once.rows);

    expect([once.rows[0].gross, twice.rows[0].gross]).toEqual([1, 100]);
  });

  it('forgets what could be redone when a new step is recorded', () => {
    const stack = UndoStack.empty().record([grossChange('1', 100, 1)]);
    const undone = stack.undo(priceRows(1));

    expect(undone.stack.record([grossChange('1', 100, 2)]).canRedo).toBe(false);
  });

  it('does not record an empty batch as a step', () => {
    const stack = UndoStack.empty();

    expect(stack.record([])).toBe(stack);
  });

  it('keeps only the latest batches up to its cap', () => {
    let stack = UndoStack.empty(3);
    for (let step = 1; step <= 5; step += 1) stack = stack.record([grossChange('1', step - 1, step)]);
    let rows = [{ ...priceRows(1)[0], gross: 5 }];

    const grossAfterEachUndo: (number | null)[] = [];
    while (stack.canUndo) {
      ({ stack, rows } = stack.undo(rows));
      grossAfterEachUndo.push(rows[0].gross);
    }

    expect(grossAfterEachUndo).toEqual([4, 3, 2]);
    expect(stack.depth).toEqual({ undo: 0, redo: 3 });
  });

  it('refuses a cap that is not a positive whole number', () => {
    expect(() => UndoStack.empty(0)).toThrow(RangeError);
    expect(() => UndoStack.empty(1.5)).toThrow(RangeError);
  });

  it('returns the same stack and rows when there is nothing to undo or redo', () => {
    const stack = UndoStack.empty();
    const rows = priceRows(1);

    expect(stack.undo(rows)).toEqual({ stack, rows, batch: null });
    expect(stack.redo(rows)).toEqual({ stack, rows, batch: null });
  });

  it('leaves earlier stacks as they were, so any of them can be kept in state', () => {
    const empty = UndoStack.empty();
    const recorded = empty.record([grossChange('1', 100, 1)]);
    recorded.undo(priceRows(1));

    expect(empty.canUndo).toBe(false);
    expect(recorded.canUndo).toBe(true);
    expect(recorded.canRedo).toBe(false);
  });

  it('is not changed when the caller reuses the array it recorded', () => {
    const batch = [grossChange('1', 100, 1)];
    const stack = UndoStack.empty().record(batch);
    batch.push(grossChange('1', 1, 2));

    expect(stack.undo([{ ...priceRows(1)[0], gross: 1 }]).batch).toHaveLength(1);
  });

  it('restores any pasted block exactly by undoing it', () => {
    const cellText = fc.constantFrom('', '1', '£1,234.50', '(12.00)', '[0]+1', 'abc', '100', '0');
    const block = fc.array(fc.array(cellText, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(block, fc.nat(3), (cells, rowIndex) => {
        const rows = priceRows(4);
        const pasted = pasteBlock(rows, priceColumns, { rowIndex, colId: 'gross' }, cells);

        expect(UndoStack.empty().record(pasted.changes).undo(pasted.rows).rows).toEqual(rows);
      }),
    );
  });

  it('undoes a row operation and the cell edits around it in order, rows and layout coming back', () => {
    const rows = priceRows(3);
    const edited = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [['150']]);
    const moved = [edited.rows[1], edited.rows[0], edited.rows[2]];
    let stack = UndoStack.empty()
      .record(edited.changes)
      .recordStructure({ before: edited.rows, after: moved, layout: { before: 'a', after: 'b' } });

    const undoMove = stack.undo(moved);
    expect(undoMove.rows).toEqual(edited.rows);
    expect(undoMove.structure).toEqual({ layout: 'a' });
    expect(undoMove.batch).toBeNull();
    stack = undoMove.stack;
    const undoEdit = stack.undo(undoMove.rows);
    expect(undoEdit.rows).toEqual(rows);
    const redoEdit = undoEdit.stack.redo(undoEdit.rows);
    const redoMove = redoEdit.stack.redo(redoEdit.rows);
    expect(redoMove.rows).toEqual(moved);
    expect(redoMove.structure).toEqual({ layout: 'b' });
  });

  it('records no step for a row operation that changed neither rows nor layout', () => {
    const rows = priceRows(2);
    const layout = { groups: 1 };
    expect(UndoStack.empty().recordStructure({ before: rows, after: [...rows], layout: { before: layout, after: layout } }).canUndo).toBe(false);
    expect(UndoStack.empty().recordStructure({ before: rows, after: [rows[1], rows[0]] }).canUndo).toBe(true);
  });
});
