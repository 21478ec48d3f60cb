import { describe, expect, it } from 'vitest';
import { deleteRows } from '../../src/grid/commands/delete-rows';
import { insertRows } from '../../src/grid/commands/insert-rows';
import { moveRows, moveTarget } from '../../src/grid/commands/move-rows';

type Row = { key: string; formula: string | null };
const rows = (...formulas: (string | null)[]): Row[] => formulas.map((formula, index) => ({ key: `k${index}`, formula }));
const keys = (list: readonly Row[]) => list.map((row) => row.key);
const formulas = (list: readonly Row[]) => list.map((row) => row.formula);

describe('insertRows', () => {
  it('places rows above the cursor and moves references to later rows down with them', () => {
    const before = rows(null, '[0]+10', '[1]*2', '[5]');
    const after = insertRows(before, 1, [{ key: 'new', formula: '[0]' }]);
    expect(keys(after)).toEqual(['k0', 'new', 'k1', 'k2', 'k3']);
    expect(formulas(after)).toEqual([null, '[0]', '[0]+10', '[2]*2', '[6]']);
  });

  it('appends at the end without touching references, and keeps rows without formulas as they were', () => {
    const before = rows(null, '[0]+10');
    const after = insertRows(before, 2, [{ key: 'new', formula: null }]);
    expect(formulas(after)).toEqual([null, '[0]+10', null]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it('refuses a place outside the grid', () => {
    expect(() => insertRows(rows(null), 3, [])).toThrow(RangeError);
  });
});

describe('deleteRows', () => {
  it('deletes every selected row, turns references to them into #REF! and moves the others up', () => {
    const before = rows(null, null, '[0]+1', null, '[1]+[3]', '[4]*2');
    const after = deleteRows(before, [3, 1]);
    expect(keys(after)).toEqual(['k0', 'k2', 'k4', 'k5']);
    expect(formulas(after)).toEqual([null, '[0]+1', '#REF!+#REF!', '[2]*2']);
  });

  it('ignores repeats and rows that do not exist', () => {
    expect(keys(deleteRows(rows(null, null, null), [1, 1, 7, -1]))).toEqual(['k0', 'k2']);
  });
});

describe('moveRows', () => {
  it('moves a block up and every reference follows the row it points at', () => {
    const before = rows('[3]', null, null, '[1]+5', null);
    const after = moveRows(before, 3, 1, 1);
    expect(keys(after)).toEqual(['k0', 'k3', 'k1', 'k2', 'k4']);
    expect(formulas(after)).toEqual(['[1]', '[2]+5', null, null, null]);
  });

  it('moves a block of two rows down, past the row below', () => {
    const before = rows(null, '[0]*2', null, '[2]');
    const after = moveRows(before, 0, 2, 1);
    expect(keys(after)).toEqual(['k2', 'k0', 'k1', 'k3']);
    expect(formulas(after)).toEqual([null, null, '[1]*2', '[0]']);
  });

  it('keeps a move inside the grid', () => {
    expect(moveTarget(5, 0, 2, -1)).toBe(0);
    expect(moveTarget(5, 3, 2, 1)).toBe(3);
    expect(moveTarget(5, 1, 2, 1)).toBe(2);
    expect(() => moveRows(rows(null, null), 0, 1, 2)).toThrow(RangeError);
  });
});
