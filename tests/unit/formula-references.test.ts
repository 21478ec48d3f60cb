import { describe, expect, it } from 'vitest';
import {
  MAX_GRID_ROWS,
  cellToReference,
  followEngineReferences,
  formulaReferences,
  isPlainNumberText,
  referenceToCell,
  remapFormulaReferences,
  toEngineFormula,
} from '../../src/formulas/formula-references';

describe('[n] and engine cells', () => {
  it.each([
    { row: 0, cell: 'A1' },
    { row: 3, cell: 'A4' },
    { row: 19_999, cell: 'A20000' },
  ])('puts grid row $row in cell $cell', ({ row, cell }) => {
    expect(referenceToCell(row)).toBe(cell);
    expect(cellToReference(cell)).toBe(row);
  });

  it.each(['$A$4', 'A$4', '$A4'])('reads the absolute form %s as row 3', (cell) => {
    expect(cellToReference(cell)).toBe(3);
  });

  it.each(['B4', 'A0', 'A', '4', 'AA4'])('reads %s as no grid row', (cell) => {
    expect(cellToReference(cell)).toBeUndefined();
  });
});

describe('toEngineFormula', () => {
  it.each([
    { typed: '545+195+230+110', engine: '=545+195+230+110' },
    { typed: '(675*.9+675+675)/3', engine: '=(675*.9+675+675)/3' },
    { typed: '[3]+50', engine: '=A4+50' },
    { typed: ' [0] * 2 - [12]', engine: '=A1*2-A13' },
    { typed: '2^3', engine: '=2^3' },
    { typed: '#REF!+50', engine: '=#REF!+50' },
    { typed: `[${MAX_GRID_ROWS}]+1`, engine: '=0+1' },
  ])('turns $typed into $engine', ({ typed, engine }) => {
    expect(toEngineFormula(typed)).toBe(engine);
  });

  it.each(['VLOOKUP(1,2)', 'A1+1', '1,5', '[x]+1', '[-1]', '=1+2', '1e3', '"a"', '[3'])('refuses %s, which is outside the formula language', (typed) => {
    expect(toEngineFormula(typed)).toBeUndefined();
  });
});

describe('formulaReferences', () => {
  it.each([
    { typed: '[3]+[0]*2+[3]', references: [3, 0, 3] },
    { typed: '545+195', references: [] },
    { typed: '#REF!+[1]', references: [1] },
    { typed: 'non$ense[1]', references: [] },
  ])('finds $references in $typed', ({ typed, references }) => {
    expect(formulaReferences(typed)).toEqual(references);
  });
});

describe('followEngineReferences', () => {
  it.each([
    { typed: '[3] +  [0]*.9', engine: '=A6 +  A1*0.9', followed: '[5] +  [0]*.9' },
    { typed: '[3]+50', engine: '=#REF!+50', followed: '#REF!+50' },
    { typed: '#REF!+[2]', engine: '=#REF!+A2', followed: '#REF!+[1]' },
    { typed: `[2]+[${MAX_GRID_ROWS}]`, engine: '=A4+0', followed: `[3]+[${MAX_GRID_ROWS}]` },
  ])('keeps the typed text of $typed and takes the rows from $engine', ({ typed, engine, followed }) => {
    expect(followEngineReferences(typed, engine)).toBe(followed);
  });
});

describe('remapFormulaReferences', () => {
  it('points references at the copied rows and keeps the rest as typed', () => {
    const copied = new Map([
      [0, 10],
      [3, 13],
    ]);
    expect(remapFormulaReferences('( [3]+50 ) * .9 + [0]', copied)).toBe('( [13]+50 ) * .9 + [10]');
  });

  it('keeps a reference the mapping does not know (a missing row)', () => {
    expect(remapFormulaReferences('[99]+1', new Map([[0, 5]]))).toBe('[99]+1');
  });

  it('accepts a function as the mapping', () => {
    expect(remapFormulaReferences('[1]+[2]', (row) => row * 100)).toBe('[100]+[200]');
  });

  it('leaves formulas without references alone', () => {
    expect(remapFormulaReferences('(675*.9+675+675)/3', new Map())).toBe('(675*.9+675+675)/3');
  });
});

describe('isPlainNumberText', () => {
  it.each(['675', ' 54.40 ', '-3', '.5', '+2'])('reads %s as a plain number', (text) => {
    expect(isPlainNumberText(text)).toBe(true);
  });

  it.each(['1+2', '[1]', '', '1,5', '5%'])('reads %s as not a plain number', (text) => {
    expect(isPlainNumberText(text)).toBe(false);
  });
});
