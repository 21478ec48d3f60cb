import { describe, expect, it } from 'vitest';
import { applyChanges, invertChanges, type CellChange } from '../../src/grid/commands/cell-change';
import { rowKeyOf } from '../../src/grid/commands/grid-row';

type Row = { id?: number | null; key?: string; gross: number | null };

const change = (rowKey: string, oldValue: number | null, newValue: number | null): CellChange => ({ rowKey, colId: 'gross', oldValue, newValue });

describe('applyChanges', () => {
  it('writes new values into copies of the changed rows only', () => {
    const rows: Row[] = [
      { id: 1, gross: 100 },
      { id: 2, gross: 200 },
    ];

    const next = applyChanges(rows, [change('2', 200, 250)]);

    expect(next).toEqual([
      { id: 1, gross: 100 },
      { id: 2, gross: 250 },
    ]);
    expect(next[0]).toBe(rows[0]);
    expect(rows[1].gross).toBe(200);
  });

  it('returns the same array when there is nothing to change', () => {
    const rows: Row[] = [{ id: 1, gross: 100 }];

    expect(applyChanges(rows, [])).toBe(rows);
    expect(applyChanges(rows, [change('9', 1, 2)])).toBe(rows);
  });

  it('finds unsaved rows by their client key', () => {
    const rows: Row[] = [{ id: null, key: 'new-1', gross: null }];

    expect(applyChanges(rows, [change('new-1', null, 5)])[0].gross).toBe(5);
  });

  it('lets a later change to the same cell win', () => {
    const rows: Row[] = [{ id: 1, gross: 100 }];

    expect(applyChanges(rows, [change('1', 100, 1), change('1', 1, 2)])[0].gross).toBe(2);
  });
});

describe('invertChanges', () => {
  it('swaps old and new values and reverses the order, so a batch undoes exactly', () => {
    const batch = [change('1', 100, 1), change('1', 1, 2)];
    const rows: Row[] = [{ id: 1, gross: 100 }];

    expect(invertChanges(batch)).toEqual([change('1', 2, 1), change('1', 1, 100)]);
    expect(applyChanges(applyChanges(rows, batch), invertChanges(batch))).toEqual(rows);
  });
});

describe('rowKeyOf', () => {
  it.each([
    [{ id: 5 }, '5'],
    [{ id: 'abc' }, 'abc'],
    [{ id: 5, key: 'k5' }, 'k5'],
    [{ id: null, key: 'new-1' }, 'new-1'],
  ])('keys %j as %j', (row, key) => {
    expect(rowKeyOf(row)).toBe(key);
  });

  it('refuses a row with neither key nor id', () => {
    expect(() => rowKeyOf({ gross: 1 })).toThrow('Grid row has neither a key nor an id');
  });
});
