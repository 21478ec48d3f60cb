import { describe, expect, it } from 'vitest';
import { findCells, findReplace, type FindReplaceOptions } from '../../src/grid/commands/find-replace';

type PriceRow = { id: number; formula: string | null; gross: number | string | null; non_com: number | null; adjustment: number | null };

function priceRow(id: number, fields: Partial<PriceRow> = {}): PriceRow {
  return { id, formula: null, gross: 675, non_com: 0, adjustment: 0, ...fields };
}

function search(fields: Partial<FindReplaceOptions>): FindReplaceOptions {
  return { find: '', replace: '', columns: ['gross', 'non_com', 'adjustment'], ...fields };
}

describe('findReplace', () => {
  it.each(['', '   '])('requires something to find, changing nothing when Find is %j', (find) => {
    const rows = [priceRow(1)];

    const result = findReplace(rows, search({ find, replace: '700' }));

    expect(result.error).toBe('Find is required');
    expect(result.rows).toBe(rows);
    expect(result.count).toBe(0);
  });

  it('asks for a column when none is chosen', () => {
    expect(findReplace([priceRow(1)], search({ find: '675', columns: [] })).error).toBe('Choose a column to search');
  });

  it('replaces a matching value in every chosen column and counts the cells changed', () => {
    const rows = [priceRow(1), priceRow(2, { gross: 720 }), priceRow(3, { non_com: 675 })];

    const result = findReplace(rows, search({ find: '675', replace: '700' }));

    expect(result.rows.map((row) => [row.gross, row.non_com])).toEqual([
      [700, 0],
      [720, 0],
      [700, 700],
    ]);
    expect(result.count).toBe(3);
    expect(result.error).toBeNull();
  });

  it('only searches the chosen columns', () => {
    const rows = [priceRow(1, { non_com: 675 })];

    const result = findReplace(rows, search({ find: '675', replace: '1', columns: ['non_com'] }));

    expect(result.rows[0]).toMatchObject({ gross: 675, non_com: 1 });
  });

  it.each([
    ['675.00', 675],
    ['£675', 675],
    ['675', '675.00'],
  ])('finds %j in a cell holding %j by comparing them as numbers', (find, gross) => {
    const result = findReplace([priceRow(1, { gross })], search({ find, replace: '£1,000', columns: ['gross'] }));

    expect(result.rows[0].gross).toBe(1000);
  });

  it('replaces part of the text of a value when not matching whole cells', () => {
    const rows = [priceRow(1, { gross: 675 }), priceRow(2, { gross: 1775 })];

    const result = findReplace(rows, search({ find: '7', replace: '8', columns: ['gross'] }));

    expect(result.rows.map((row) => row.gross)).toEqual([685, 1885]);
  });

  it('matches only whole values when asked to', () => {
    const rows = [priceRow(1, { gross: 675 }), priceRow(2, { gross: 75 })];

    const result = findReplace(rows, search({ find: '75', replace: '80', columns: ['gross'], matchWholeCell: true }));

    expect(result.rows.map((row) => row.gross)).toEqual([675, 80]);
  });

  it('skips the gross of rows with a formula and says how many, still replacing their other columns', () => {
    const rows = [priceRow(1, { formula: '[1]+50', gross: 675, non_com: 675 }), priceRow(2, { gross: 675 })];

    const result = findReplace(rows, search({ find: '675', replace: '700' }));

    expect(result.rows.map((row) => [row.formula, row.gross, row.non_com])).toEqual([
      ['[1]+50', 675, 700],
      [null, 700, 0],
    ]);
    expect(result.skippedFormulaRows).toBe(1);
    expect(result.count).toBe(2);
  });

  it('treats a blank formula as no formula', () => {
    const result = findReplace([priceRow(1, { formula: '  ' })], search({ find: '675', replace: '700', columns: ['gross'] }));

    expect(result.rows[0].gross).toBe(700);
    expect(result.skippedFormulaRows).toBe(0);
  });

  it('clears the cells whose whole value is replaced by nothing', () => {
    const result = findReplace([priceRow(1, { adjustment: 25 })], search({ find: '25', replace: '', columns: ['adjustment'] }));

    expect(result.rows[0].adjustment).toBeNull();
  });

  it('leaves a cell alone and reports it when the replacement is not a number', () => {
    const rows = [priceRow(1, { gross: 675 }), priceRow(2, { gross: 1675.5 })];

    const result = findReplace(rows, search({ find: '6', replace: 'x', columns: ['gross'] }));

    expect(result.rows).toBe(rows);
    expect(result.errors).toEqual([
      { rowIndex: 0, colId: 'gross', message: "Replacing gives 'x75': Not a number" },
      { rowIndex: 1, colId: 'gross', message: "Replacing gives '1x75.5': Not a number" },
    ]);
  });

  it.each([
    ['gross', '675', '-675', 'A gross cannot be negative'],
    ['non_com', '0', '-10', 'A non-com cannot be negative'],
    ['adjustment', '0', '1.005', 'At most two decimals: 1.005 has three'],
  ] as const)('leaves the %s cell alone and reports it when the replacement breaks the rules of a typed price', (column, find, replace, reason) => {
    const result = findReplace([priceRow(1)], search({ find, replace, columns: [column], matchWholeCell: true }));

    expect(result.changes).toEqual([]);
    expect(result.errors).toEqual([{ rowIndex: 0, colId: column, message: `Replacing gives '${replace}': ${reason}` }]);
  });

  it('refuses a formula replaced by a negative number', () => {
    const result = findReplace([priceRow(1, { formula: '500' })], search({ find: '500', replace: '-500', columns: ['gross'], inFormulas: true }));

    expect(result.errors).toEqual([{ rowIndex: 0, colId: 'gross', message: "Replacing gives '-500': A gross cannot be negative" }]);
  });

  it('never matches empty cells', () => {
    const rows = [priceRow(1, { adjustment: null })];

    expect(findReplace(rows, search({ find: '0', replace: '5', columns: ['adjustment'] })).count).toBe(0);
  });

  it('does not count a replacement that leaves the same price', () => {
    const result = findReplace([priceRow(1, { gross: '675.00' })], search({ find: '675', replace: '675', columns: ['gross'] }));

    expect(result.count).toBe(0);
    expect(result.changes).toEqual([]);
  });

  it('lists the cells it will change, one per cell, for the preview and its highlight', () => {
    const rows = [priceRow(1, { non_com: 675 }), priceRow(2, { gross: 720 }), priceRow(3, { formula: '[0]+1', gross: 676 })];

    const result = findReplace(rows, search({ find: '675', replace: '700' }));

    expect(result.cells).toEqual([
      { rowIndex: 0, rowKey: '1', colId: 'gross' },
      { rowIndex: 0, rowKey: '1', colId: 'non_com' },
    ]);
    expect(result.count).toBe(2);
  });

  it('matches the entire cell only, also for a number typed differently', () => {
    const rows = [priceRow(1, { gross: 1675 }), priceRow(2, { gross: '675.00' }), priceRow(3, { gross: 675.5 })];

    const result = findReplace(rows, search({ find: '675', replace: '700', columns: ['gross'], matchWholeCell: true }));

    expect(result.rows.map((row) => row.gross)).toEqual([1675, 700, 675.5]);
    expect(result.count).toBe(1);
  });

  describe('in formulas', () => {
    const rows = () => [
      priceRow(1, { gross: 1.05 }),
      priceRow(2, { formula: 'ROUND([0]*1.05,0)', gross: 709 }),
      priceRow(3, { formula: '[0]*1.055', gross: 712.13 }),
      priceRow(4, { formula: '[0]+50', gross: 725 }),
    ];

    it('searches the formula text of formula rows and replaces within it, besides the values of the others', () => {
      const result = findReplace(rows(), search({ find: '1.05', replace: '1.06', columns: ['gross'], inFormulas: true }));

      expect(result.rows.map((row) => row.formula ?? row.gross)).toEqual([1.06, 'ROUND([0]*1.06,0)', '[0]*1.065', '[0]+50']);
      expect(result.cells.map((cell) => cell.rowIndex)).toEqual([0, 1, 2]);
      expect(result.skippedFormulaRows).toBe(0);
      // One undo step: a formula row changes only its formula, the engine gives the gross.
      expect(result.changes.filter((change) => change.colId === 'formula')).toHaveLength(2);
    });

    it('matches a whole formula only when asked to', () => {
      const result = findReplace(rows(), search({ find: '[0]+50', replace: '[0]+60', columns: ['gross'], inFormulas: true, matchWholeCell: true }));

      expect(result.rows.map((row) => row.formula ?? row.gross)).toEqual([1.05, 'ROUND([0]*1.05,0)', '[0]*1.055', '[0]+60']);
    });

    it('never searches formula text unless asked, and never the values of formula rows', () => {
      const result = findReplace(rows(), search({ find: '1.05', replace: '1.06', columns: ['gross'] }));

      expect(result.rows.map((row) => row.formula ?? row.gross)).toEqual([1.06, 'ROUND([0]*1.05,0)', '[0]*1.055', '[0]+50']);
      expect(result.skippedFormulaRows).toBe(0);
    });

    it('leaves a formula alone and reports it when the replacement names an unknown function', () => {
      const result = findReplace(rows(), search({ find: 'ROUND', replace: 'VLOOKUP', columns: ['gross'], inFormulas: true }));

      expect(result.changes).toEqual([]);
      expect(result.errors).toEqual([
        {
          rowIndex: 1,
          colId: 'gross',
          message: "Replacing gives 'VLOOKUP([0]*1.05,0)': Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF",
        },
      ]);
    });
  });
});

describe('findCells (Find, Ctrl+F)', () => {
  const rows = () => [
    priceRow(1, { gross: 675, non_com: 675 }),
    priceRow(2, { gross: 1675 }),
    priceRow(3, { formula: 'ROUND([0]*10,0)', gross: 6750 }),
    priceRow(4, { gross: null }),
  ];

  it('finds the cells Replace would act on, whatever the replacement, and changes nothing', () => {
    const found = findCells(rows(), search({ find: '675', replace: '675' }));

    expect(found.error).toBeNull();
    expect(found.cells.map((cell) => `${cell.rowKey} ${cell.colId}`)).toEqual(['1 gross', '1 non_com', '2 gross']);
    // A formula row's gross is left out unless searching in formulas, as Replace skips it.
    expect(found.skippedFormulaRows).toBe(1);
  });

  it('finds entire cells only, and formula text when asked to', () => {
    expect(findCells(rows(), search({ find: '675', columns: ['gross'], matchWholeCell: true })).cells.map((cell) => cell.rowIndex)).toEqual([0]);
    expect(findCells(rows(), search({ find: '*10', columns: ['gross'], inFormulas: true })).cells.map((cell) => cell.rowIndex)).toEqual([2]);
  });

  it('says why it searched nothing', () => {
    expect(findCells(rows(), search({ find: ' ' })).error).toBe('Find is required');
    expect(findCells(rows(), search({ find: '675', columns: [] })).error).toBe('Choose a column to search');
  });
});
