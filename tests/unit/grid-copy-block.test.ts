import { describe, expect, it } from 'vitest';
import { copyBlock } from '../../src/grid/commands/copy-block';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { parseClipboardBlock } from '../../src/grid/commands/parse-clipboard-block';
import { pasteBlock } from '../../src/grid/commands/paste-block';

type Row = {
  key: string;
  note: string | null;
  formula: string | null;
  gross: number | null;
  non_com: number | null;
  markup_rate_id: number | null;
  adjustment: number | null;
};

const RATES = [
  { value: null, label: '' },
  { value: 21, label: '20%' },
  { value: 22, label: '12.5%' },
];

// The pricing grid's columns in display order, as the grid gives them to copy and paste.
const columns: GridColumn[] = [
  { colId: '#', type: 'number', editable: false },
  { colId: 'note', type: 'text', editable: true },
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'non_com', type: 'number', editable: true },
  { colId: 'markup_rate_id', type: 'number', editable: true, options: RATES },
  { colId: 'net', type: 'number', editable: false },
  { colId: 'subtotal', type: 'number', editable: false },
  { colId: 'adjustment', type: 'number', editable: true },
  { colId: 'cost', type: 'number', editable: false },
];
const ALL = columns.map((column) => column.colId);

const row = (key: string, fields: Partial<Row> = {}): Row => ({
  key,
  note: null,
  formula: null,
  gross: 100,
  non_com: 0,
  markup_rate_id: 21,
  adjustment: 0,
  ...fields,
});

/** What the grid works out for a row: its `#` and the computed columns. */
const computed = (index: number) => ({ '#': index, net: 987.6479999999999, subtotal: 1234.5, cost: -5, profit: 0 });

const select = (startRow: number, endRow: number, colIds: readonly string[]) => ({ startRow, endRow, colIds });

describe('copyBlock', () => {
  it('copies a formula gross with the = Excel reads it by', () => {
    const rows = [row('a'), row('b', { formula: '[0]+10', gross: 110 })];

    expect(copyBlock(rows, columns, select(0, 1, ['gross']), computed)).toBe('100\n=[0]+10');
  });

  it('copies a commission as the percentage the cell shows, never the rate id', () => {
    const rows = [row('a'), row('b', { markup_rate_id: 22 }), row('c', { markup_rate_id: null })];

    expect(copyBlock(rows, columns, select(0, 2, ['markup_rate_id']), computed)).toBe('20%\n12.5%\n');
  });

  it('copies a rate id the model does not have as the cell shows it, so a paste refuses it', () => {
    expect(copyBlock([row('a', { markup_rate_id: 1 })], columns, select(0, 0, ['markup_rate_id']), computed)).toBe('#1');
  });

  it('copies typed money as stored, without currency signs or thousands separators', () => {
    const rows = [row('a', { gross: 1234.5, non_com: 12.345, adjustment: -3.25 })];

    expect(copyBlock(rows, columns, select(0, 0, ['gross', 'non_com', 'markup_rate_id', 'net', 'subtotal', 'adjustment', 'cost']), computed)).toBe(
      '1234.5\t12.345\t20%\t987.65\t1234.5\t-3.25\t-5',
    );
  });

  it('copies computed values rounded as the screen shows them, and # as the row number', () => {
    const rows = [row('a'), row('b')];

    expect(copyBlock(rows, columns, select(1, 1, ['#', 'net']), computed)).toBe('1\t987.65');
  });

  it('copies nothing for a computed cell the grid gives no value for', () => {
    const failing = (index: number) => ({ '#': index, error: 'Cycle' });

    expect(copyBlock([row('a', { formula: '[0]' })], columns, select(0, 0, ['#', 'gross', 'net']), failing)).toBe('0\t=[0]\t');
  });

  it('copies a read-only text cell as the screen shows it', () => {
    const dates = [...columns, { colId: 'dates', type: 'text' as const, editable: false }];

    expect(copyBlock([row('a')], dates, select(0, 0, ['dates']), () => ({ dates: '1 May to 30 Sep' }))).toBe('1 May to 30 Sep');
  });

  it('quotes a text holding a tab, a line break or a quote, as spreadsheets do', () => {
    const rows = [row('a', { note: 'Twin\tsea "view"' }), row('b', { note: 'two\nlines' })];

    expect(copyBlock(rows, columns, select(1, 0, ['note']), computed)).toBe('"Twin\tsea ""view"""\n"two\nlines"');
  });

  it('copies nothing when the selection holds no row', () => {
    expect(copyBlock([], columns, select(0, 0, ['gross']), computed)).toBe('');
  });

  it('gives back the same inputs when its block is pasted elsewhere', () => {
    const rows = [
      row('a', { note: 'Double, "sea"', gross: 675, non_com: 25.5, adjustment: 12 }),
      row('b', { note: 'Single', formula: '[0]+10', gross: 685, markup_rate_id: 22, adjustment: -3.25 }),
      row('c', { gross: 1 }),
      row('d', { gross: 2 }),
    ];
    const inputs = (each: Row) => [each.note, each.formula, each.formula ? null : each.gross, each.non_com, each.markup_rate_id, each.adjustment];

    const text = copyBlock(rows, columns, select(0, 1, ALL), computed);
    const result = pasteBlock(rows, columns, { rowIndex: 2, colId: '#' }, parseClipboardBlock(text));

    expect(result.errors).toEqual([]);
    expect(result.rows.slice(2).map(inputs)).toEqual(rows.slice(0, 2).map(inputs));
  });
});
