import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { parseClipboardBlock } from '../../src/grid/commands/parse-clipboard-block';
import { pasteBlock } from '../../src/grid/commands/paste-block';

type PriceRow = {
  id: number;
  room: string;
  formula: string | null;
  gross: number | null;
  non_com: number | null;
  markup_rate_id: number | null;
  net: number | null;
  subtotal: number | null;
  adjustment: number | null;
  cost: number | null;
};

// The pricing table in display order; net, subtotal and cost are computed, so read-only.
const priceColumns: GridColumn[] = [
  { colId: 'room', type: 'text', editable: true },
  { colId: 'gross', type: 'formula-number', editable: true },
  { colId: 'non_com', type: 'number', editable: true },
  { colId: 'markup_rate_id', type: 'number', editable: true },
  { colId: 'net', type: 'number', editable: false },
  { colId: 'subtotal', type: 'number', editable: false },
  { colId: 'adjustment', type: 'number', editable: true },
  { colId: 'cost', type: 'number', editable: false },
];

function priceRow(id: number, fields: Partial<PriceRow> = {}): PriceRow {
  return {
    id,
    room: 'Double',
    formula: null,
    gross: 100,
    non_com: 0,
    markup_rate_id: 15,
    net: 80,
    subtotal: 96,
    adjustment: 0,
    cost: 96,
    ...fields,
  };
}

/** The columns as the grid gives them to a paste: commission reads rate labels (`20%`) into rate ids. */
const RATE_OPTIONS = [
  { value: null, label: '' },
  { value: 15, label: '20%' },
  { value: 16, label: '25% (rate 16)' },
  { value: 17, label: '25% (rate 17)' },
];
const withRates = (columns: readonly GridColumn[]): GridColumn[] =>
  columns.map((column) => (column.colId === 'markup_rate_id' ? { ...column, options: RATE_OPTIONS } : column));

function priceRows(count: number): PriceRow[] {
  return Array.from({ length: count }, (_, index) => priceRow(index + 1));
}

function deepFreeze<T>(rows: T[]): T[] {
  rows.forEach((row) => Object.freeze(row));
  return Object.freeze(rows) as T[];
}

describe('pasteBlock', () => {
  it('pastes an Excel block from the focused cell, reading currency and thousands as numbers', () => {
    const rows = priceRows(3);
    const block = parseClipboardBlock('£1,234.50\t10\r\n675\t£0.00\r\n');

    const result = pasteBlock(rows, priceColumns, { rowIndex: 1, colId: 'gross' }, block);

    expect(result.rows.map((row) => [row.gross, row.non_com])).toEqual([
      [100, 0],
      [1234.5, 10],
      [675, 0],
    ]);
    expect(result.changes).toEqual([
      { rowKey: '2', colId: 'gross', oldValue: 100, newValue: 1234.5 },
      { rowKey: '2', colId: 'non_com', oldValue: 0, newValue: 10 },
      { rowKey: '3', colId: 'gross', oldValue: 100, newValue: 675 },
    ]);
    expect(result.errors).toEqual([]);
    expect(result.cut).toEqual({ rows: 0, columns: 0 });
  });

  it('lands a row copied from Excel column for column, skipping the values that fall on computed columns', () => {
    // Gross, Non-com, Commission, Net, Subtotal, Adjustment, Cost as on screen (issue 17, defect 1).
    const block = parseClipboardBlock('1000\t0\t20%\t800\t974\t0\t974\r\n');

    const result = pasteBlock([priceRow(1, { adjustment: 5 })], withRates(priceColumns), { rowIndex: 0, colId: 'gross' }, block);

    expect(result.rows[0]).toMatchObject({ gross: 1000, non_com: 0, markup_rate_id: 15, net: 80, subtotal: 96, adjustment: 0, cost: 96 });
    expect(result.errors).toEqual([]);
    expect(result.cut).toEqual({ rows: 0, columns: 0 });
  });

  it('never slides a value into the next editable column: the block keeps the layout of the screen', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'non_com' }, [['5', '3', '0.5', '0.6', '25']]);

    expect(result.rows[0]).toMatchObject({ non_com: 5, markup_rate_id: 3, net: 80, subtotal: 96, adjustment: 25, cost: 96 });
    expect(result.changes.map((change) => change.colId)).toEqual(['non_com', 'markup_rate_id', 'adjustment']);
  });

  it('skips the values that fall on read-only columns when the focus is on one', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'net' }, [['1', '2', '25']]);

    expect(result.rows[0]).toMatchObject({ net: 80, subtotal: 96, adjustment: 25 });
    expect(result.changes).toHaveLength(1);
  });

  it('pastes nothing and says why when every value of the block falls on read-only columns', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'net' }, [['25', '26']]);

    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual([{ rowIndex: 0, colId: 'net', message: 'Nothing here can be pasted into' }]);
  });

  it('cuts the rows of a block that fall below the last row and says how many, adding none', () => {
    const rows = priceRows(2);

    const result = pasteBlock(rows, priceColumns, { rowIndex: 1, colId: 'gross' }, [['1'], ['2'], ['3'], ['4']]);

    expect(result.rows).toHaveLength(2);
    expect(result.rows[1].gross).toBe(1);
    expect(result.cut).toEqual({ rows: 3, columns: 0 });
  });

  it('cuts the columns of a block beyond the last column and says how many', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'adjustment' }, [['1', '2', '3', '4']]);

    expect(result.rows[0]).toMatchObject({ adjustment: 1, cost: 96 });
    expect(result.cut).toEqual({ rows: 0, columns: 2 });
  });

  it.each([
    ['[3]+50', '[3]+50'],
    ['545+195+230+110', '545+195+230+110'],
    ['(675*.9+675+675)/3', '(675*.9+675+675)/3'],
    ['=[0]*2', '[0]*2'],
    [' [2] ', '[2]'],
  ])('keeps %j pasted into gross as the formula %j, leaving gross to be evaluated', (text, formula) => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'gross' }, [[text]]);

    expect(result.rows[0]).toMatchObject({ formula, gross: 100 });
    expect(result.changes).toEqual([{ rowKey: '1', colId: 'formula', oldValue: null, newValue: formula }]);
  });

  it.each([
    ['gross', '=1000', 1000],
    ['gross', '= 12.5', 12.5],
    ['non_com', '=25', 25],
  ])("reads %s pasted as %j, a number behind Excel's =, as the number %j", (colId, text, value) => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId }, [[text]]);

    expect(result.errors).toEqual([]);
    expect(result.rows[0]).toMatchObject({ formula: null, [colId]: value });
  });

  it('clears the formula of a row when a number is pasted into its gross', () => {
    const rows = [priceRow(1, { formula: '[0]+50', gross: 150 })];

    const result = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [['(12.00)']]);

    expect(result.rows[0]).toMatchObject({ formula: null, gross: -12 });
  });

  it('reads a negative number pasted into gross as a number, not a formula', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'gross' }, [['-12']]);

    expect(result.rows[0]).toMatchObject({ formula: null, gross: -12 });
  });

  it('clears the cells a blank pasted cell lands on', () => {
    const rows = [priceRow(1, { formula: '[0]+50', adjustment: 5 })];

    // Gross to Adjustment: the blanks on net and subtotal are skipped.
    const result = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [['', '', '', '', '', '']]);

    expect(result.rows[0]).toMatchObject({ formula: null, gross: null, non_com: null, markup_rate_id: null, adjustment: null });
  });

  it('stores text columns as pasted', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'room' }, [['Twin\nsea view']]);

    expect(result.rows[0].room).toBe('Twin\nsea view');
  });

  it('reports cells that are not numbers and still pastes the rest of the block', () => {
    const result = pasteBlock(priceRows(2), priceColumns, { rowIndex: 0, colId: 'gross' }, [
      ['abc', '12%'],
      ['1.234,50', '7'],
    ]);

    expect(result.errors).toEqual([
      { rowIndex: 0, colId: 'gross', message: 'Not a number or a formula' },
      { rowIndex: 0, colId: 'non_com', message: 'Percentages are not accepted here' },
      { rowIndex: 1, colId: 'gross', message: "Use '.' for decimals and ',' only between thousands, as in 1,234.50" },
    ]);
    expect(result.rows.map((row) => [row.gross, row.non_com])).toEqual([
      [100, 0],
      [100, 7],
    ]);
  });

  it('refuses a formula in a plain number column', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'non_com' }, [['[0]+5']]);

    expect(result.errors).toEqual([{ rowIndex: 0, colId: 'non_com', message: 'Not a number' }]);
    expect(result.changes).toEqual([]);
  });

  it('fills every editable cell of a selection with a single copied cell', () => {
    const selection = { startRow: 2, endRow: 0, colIds: ['non_com', 'net', 'adjustment'] };

    const result = pasteBlock(priceRows(4), priceColumns, { rowIndex: 0, colId: 'non_com' }, [['9']], { selection });

    expect(result.rows.map((row) => [row.non_com, row.net, row.adjustment])).toEqual([
      [9, 80, 9],
      [9, 80, 9],
      [9, 80, 9],
      [0, 80, 0],
    ]);
    expect(result.changes).toHaveLength(6);
  });

  it('pastes a single cell at the focus when the selection is that one cell', () => {
    const selection = { startRow: 1, endRow: 1, colIds: ['gross'] };

    const result = pasteBlock(priceRows(3), priceColumns, { rowIndex: 1, colId: 'gross' }, [['5']], { selection });

    expect(result.rows.map((row) => row.gross)).toEqual([100, 5, 100]);
  });

  it('pastes a block larger than one cell from the focus whatever is selected', () => {
    const selection = { startRow: 0, endRow: 2, colIds: ['gross'] };

    const result = pasteBlock(priceRows(3), priceColumns, { rowIndex: 0, colId: 'gross' }, [['5'], ['6']], { selection });

    expect(result.rows.map((row) => row.gross)).toEqual([5, 6, 100]);
  });

  it('never mutates the rows it is given', () => {
    const rows = deepFreeze(priceRows(2));
    const before = structuredClone(rows);

    const result = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, [
      ['1', '2'],
      ['3', '4'],
    ]);

    expect(rows).toEqual(before);
    expect(result.rows).not.toBe(rows);
  });

  it('keeps the identity of rows it does not change and leaves unchanged cells out of the batch', () => {
    const rows = priceRows(3);

    const result = pasteBlock(rows, priceColumns, { rowIndex: 1, colId: 'gross' }, [['100', '1']]);

    expect(result.rows[0]).toBe(rows[0]);
    expect(result.rows[2]).toBe(rows[2]);
    expect(result.changes).toEqual([{ rowKey: '2', colId: 'non_com', oldValue: 0, newValue: 1 }]);
  });

  it('pastes nothing and says why when the focus has no editable column from it rightwards', () => {
    const result = pasteBlock(priceRows(1), priceColumns, { rowIndex: 0, colId: 'cost' }, [['1', '2']]);

    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual([{ rowIndex: 0, colId: 'cost', message: 'Nothing here can be pasted into' }]);
    expect(result.cut).toEqual({ rows: 0, columns: 2 });
  });

  it('does nothing with an empty block', () => {
    const rows = priceRows(1);

    const result = pasteBlock(rows, priceColumns, { rowIndex: 0, colId: 'gross' }, []);

    expect(result.rows).toBe(rows);
    expect(result.changes).toEqual([]);
  });
});

describe('pasting a commission', () => {
  const pasteCommission = (text: string, row: PriceRow = priceRow(1)) =>
    pasteBlock([row], withRates(priceColumns), { rowIndex: 0, colId: 'markup_rate_id' }, [[text]]);

  it.each(['20%', '20', ' 20 % ', '20.0%'])('reads %j as the rate of the model whose commission is twenty per cent', (text) => {
    const result = pasteCommission(text, priceRow(1, { markup_rate_id: 16 }));

    expect(result.rows[0].markup_rate_id).toBe(15);
    expect(result.errors).toEqual([]);
  });

  it.each(['1', '1%', '22', 'twenty'])('refuses %j, which is no rate of the model, and leaves the cell as it was (never a rate id)', (text) => {
    const result = pasteCommission(text);

    expect(result.changes).toEqual([]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ rowIndex: 0, colId: 'markup_rate_id' });
  });

  it('says which percentage the model lacks', () => {
    expect(pasteCommission('1').errors[0].message).toBe("no rate of 1% in the season's model");
  });

  it('keeps the row on its rate when two rates share the pasted percentage and the row has one of them', () => {
    const result = pasteCommission('25%', priceRow(1, { markup_rate_id: 17 }));

    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual([]);
  });

  it('asks for a pick when two rates share the pasted percentage and the row has neither', () => {
    const result = pasteCommission('25%');

    expect(result.errors[0].message).toBe('25% is more than one rate (25% (rate 16), 25% (rate 17)): pick one in the cell');
  });

  it('reads the label of a rate that shares its percentage as that rate', () => {
    expect(pasteCommission('25% (rate 17)').rows[0].markup_rate_id).toBe(17);
  });

  it('clears the commission for an empty cell', () => {
    expect(pasteCommission('').rows[0].markup_rate_id).toBeNull();
  });
});

describe('pasting into a choice column such as room type', () => {
  const ROOMS = [
    { value: null, label: 'Any' },
    { value: 2, label: 'Double' },
    { value: 3, label: 'Twin room' },
  ];
  const roomColumns: GridColumn[] = [{ colId: 'room_type_id', type: 'number', editable: true, options: ROOMS }, ...priceColumns];
  const paste = (text: string) => pasteBlock([{ ...priceRow(1), room_type_id: 3 }], roomColumns, { rowIndex: 0, colId: 'room_type_id' }, [[text]]);

  it.each([
    ['double', 2],
    [' Twin   ROOM ', 3],
    ['Any', null],
    ['', null],
  ])('reads %j by its label as %j', (text, id) => {
    expect(paste(text).rows[0].room_type_id).toBe(id);
  });

  it.each(['2', 'Suite'])('refuses %j, which is no label, rather than storing it as an id', (text) => {
    const result = paste(text);

    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual([{ rowIndex: 0, colId: 'room_type_id', message: `'${text}' is not one of the choices` }]);
  });
});

describe('pasting a cut block', () => {
  const cut = { rowKeys: ['1', '2'], colIds: ['gross', 'non_com', 'markup_rate_id', 'net'] };

  it('clears the cut cells the paste did not land on, in the same batch', () => {
    const rows = [priceRow(1, { gross: 10, non_com: 1 }), priceRow(2, { formula: '[0]+5', gross: 15, non_com: 2 }), priceRow(3), priceRow(4)];

    const result = pasteBlock(
      rows,
      priceColumns,
      { rowIndex: 1, colId: 'gross' },
      [
        ['10', '1', '15'],
        ['=[0]+5', '2', '15'],
      ],
      { cut },
    );

    expect(result.clearedCut).toBe(true);
    // The moved formula names where its row went ([0] moved to [1]), as Excel's cut does.
    expect(result.rows.map((row) => [row.formula, row.gross, row.non_com, row.markup_rate_id, row.net])).toEqual([
      [null, null, null, null, 80],
      [null, 10, 1, 15, 80],
      ['[1]+5', 100, 2, 15, 80],
      [null, 100, 0, 15, 80],
    ]);
  });

  it('keeps the cut cells when part of the paste is refused, so nothing is lost', () => {
    const rows = priceRows(3);

    const result = pasteBlock(rows, priceColumns, { rowIndex: 2, colId: 'non_com' }, [['=[0]+5']], { cut: { rowKeys: ['1'], colIds: ['gross'] } });

    expect(result.clearedCut).toBe(false);
    expect(result.changes).toEqual([]);
  });

  it('clears nothing without a cut', () => {
    const result = pasteBlock(priceRows(2), priceColumns, { rowIndex: 1, colId: 'gross' }, [['7']]);

    expect(result.clearedCut).toBe(false);
    expect(result.changes).toEqual([{ rowKey: '2', colId: 'gross', oldValue: 100, newValue: 7 }]);
  });
});

describe('references on paste', () => {
  const rowsWith = (formulas: Record<number, string>, count = 16) =>
    Array.from({ length: count }, (_, index) => priceRow(index, formulas[index] ? { formula: formulas[index] } : {}));

  it('moves a copied formula by the rows between copy and paste, as Excel does', () => {
    const rows = rowsWith({ 5: '[3]*1.1' });
    const result = pasteBlock(rows, priceColumns, { rowIndex: 12, colId: 'gross' }, [['=[3]*1.1']], { copiedFrom: 5 });
    expect(result.rows[12].formula).toBe('[10]*1.1');
  });

  it('moves each row of a copied block by the same distance, and a reference above row 0 becomes #REF!', () => {
    const rows = rowsWith({});
    const result = pasteBlock(rows, priceColumns, { rowIndex: 1, colId: 'gross' }, [['=[2]+1'], ['=[3]+1']], { copiedFrom: 4 });
    expect([result.rows[1].formula, result.rows[2].formula]).toEqual(['#REF!+1', '[0]+1']);
  });

  it('pastes text from elsewhere as it is', () => {
    const result = pasteBlock(rowsWith({}), priceColumns, { rowIndex: 12, colId: 'gross' }, [['=[3]*1.1']]);
    expect(result.rows[12].formula).toBe('[3]*1.1');
  });

  it('moves references to a cut gross to where it lands, and those to the cells it overwrote become #REF!', () => {
    const rows = rowsWith({ 12: '[10]+280', 13: '[14]*2' });
    const result = pasteBlock(rows, priceColumns, { rowIndex: 14, colId: 'gross' }, [['110']], { cut: { rowKeys: ['10'], colIds: ['gross'] } });
    expect(result.clearedCut).toBe(true);
    expect(result.rows.map((row) => [row.formula, row.gross]).slice(10, 15)).toEqual([
      [null, null],
      [null, 100],
      ['[14]+280', 100],
      ['#REF!*2', 100],
      [null, 110],
    ]);
  });

  it('refuses to move a gross that formulas name into a column that cannot be named', () => {
    const rows = rowsWith({ 12: '[10]+280' });
    const result = pasteBlock(rows, priceColumns, { rowIndex: 14, colId: 'non_com' }, [['110']], { cut: { rowKeys: ['10'], colIds: ['gross'] } });
    expect(result.changes).toEqual([]);
    expect(result.errors[0]?.message).toBe('Formulas refer to the gross cut from row 10: paste it into a Gross cell');
  });

  it('keeps the cut cells when part of the block falls below the last row', () => {
    const rows = rowsWith({}, 3);
    const result = pasteBlock(rows, priceColumns, { rowIndex: 2, colId: 'gross' }, [['100'], ['100']], { cut: { rowKeys: ['0', '1'], colIds: ['gross'] } });
    expect(result.clearedCut).toBe(false);
    expect(result.rows.map((row) => row.gross)).toEqual([100, 100, 100]);
  });
});
