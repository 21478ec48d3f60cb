// The spreadsheet functions and ranges a gross formula may use (issue 17, Formulas): each
// evaluated the same in the grid's workbook (both compute modes) and in the server's evaluation,
// anything else refused with the function named, and a syntax error kept to its own cell.

import { afterEach, describe, expect, it } from 'vitest';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows';
import { formulaProblem, followEngineReferences, remapFormulaReferences, toEngineFormula } from '../../src/formulas/formula-references';
import type { PriceWorkbook } from '../../src/formulas/price-workbook';
import { resizeReferences } from '../../src/formulas/resize-references';
import { MODEL_RATES, grossColumn, openWorkbook, outcomeGross, priceRow } from './price-test-helpers';

const BASE = [100, 250.5, 40, 1000];

const CASES = [
  { typed: 'ROUND([1]*1.05,0)', gross: 263 },
  { typed: 'round([1],-1)', gross: 250 },
  // 100*1.1 is 110.00000000000001 in binary: the decimal guard keeps it at 110, as Excel shows it.
  { typed: 'ROUNDUP([0]*1.1,0)', gross: 110 },
  { typed: 'ROUNDUP(101.01,-1)', gross: 110 },
  { typed: 'ROUNDDOWN([1],0)', gross: 250 },
  { typed: 'MIN([0],[2],75)', gross: 40 },
  { typed: 'MAX([0]:[3])', gross: 1000 },
  { typed: 'SUM([0],[1])', gross: 350.5 },
  { typed: 'SUM([0]:[3])', gross: 1390.5 },
  { typed: 'SUM([0]:[1],[3])+1', gross: 1351.5 },
  { typed: 'AVERAGE([0]:[3])', gross: 347.625 },
  { typed: 'AVERAGE([0],[2])', gross: 70 },
  { typed: 'ABS([2]-[0])', gross: 60 },
  { typed: 'IF([0]>50,[0]*2,0)', gross: 200 },
  { typed: 'IF([0]<50,1,2)', gross: 2 },
  { typed: 'IF([0]>=100,1,2)', gross: 1 },
  { typed: 'IF([0]<=99,1,2)', gross: 2 },
  { typed: 'IF([0]=100,1,2)', gross: 1 },
  { typed: 'IF([0]<>100,1,2)', gross: 2 },
  { typed: 'IF(SUM([0]:[1])>300, ROUND([1]/3, 2), MAX([2], 10))', gross: 83.5 },
  { typed: 'SUM([3]:[0])', gross: 1390.5 },
];

describe('gross formula functions', () => {
  const open: PriceWorkbook[] = [];
  const workbook = (rows: Parameters<typeof openWorkbook>[0]) => {
    const opened = openWorkbook(rows);
    open.push(opened);
    return opened;
  };
  afterEach(() => {
    open.splice(0).forEach((opened) => opened.destroy());
  });

  it.each(CASES)('evaluates $typed to $gross, keeping the text as typed', ({ typed, gross }) => {
    const book = workbook([...BASE, typed]);
    expect(book.getErrors()).toEqual([]);
    expect(book.getRow(4).result).toMatchObject({ gross });
    expect(book.getFormula(4)).toBe(typed);
  });

  it('refuses a range reaching past the last row, as a single reference, naming its far end (issue 19)', () => {
    const book = workbook([100, 200, 'SUM([0]:[1],[5]:[9])', 'AVERAGE([0]:[1],[50])', 'SUM([19000]:[5])+1', 'SUM([0]:[1])']);
    expect(book.getErrors()).toEqual([
      { row: 2, message: 'Refers to row 9, beyond the last row (5)' },
      { row: 3, message: 'Refers to row 50, beyond the last row (5)' },
      { row: 4, message: 'Refers to row 19000, beyond the last row (5)' },
    ]);
    expect(grossColumn(workbook([100, 200, 'SUM([0]:[1])']))).toEqual([100, 200, 300]);
  });

  it.each([
    { typed: 'VLOOKUP(1)', error: 'Unknown function VLOOKUP' },
    { typed: 'NOW()+1', error: 'Unknown function NOW' },
    { typed: '[0]+sqrt(4)', error: 'Unknown function SQRT' },
  ])('refuses $typed naming the function', ({ typed, error }) => {
    const book = workbook([100, typed]);
    const [found] = book.getErrors();
    expect(found.row).toBe(1);
    expect(found.message).toContain(error);
  });

  it.each([
    { typed: 'ROUND([0])', error: 'ROUND takes 2 arguments' },
    { typed: 'ABS(1,2)', error: 'ABS takes 1 argument' },
    { typed: 'IF([0]>1)', error: 'IF takes 2 or 3 arguments' },
    { typed: 'ROUND([0]:[1],0)', error: 'A range such as [0]:[1] only goes in SUM, MIN, MAX or AVERAGE' },
    { typed: '[0]:[1]+1', error: 'A range such as [0]:[1] only goes in SUM, MIN, MAX or AVERAGE' },
    { typed: 'SUM([0]:[2000000])', error: 'A range covers at most 20,000 rows' },
  ])('refuses $typed with "$error"', ({ typed, error }) => {
    expect(workbook([100, typed]).getErrors()).toEqual([{ row: 1, message: error }]);
  });

  it('reports a syntax error in the cell that has it, not as a reference to a row in error', () => {
    const book = workbook([100, '1+', '[1]+SUM(', '[1]*2+', 'SUM([1],2)']);
    expect(book.getErrors()).toEqual([
      { row: 1, message: 'Syntax error in formula' },
      { row: 2, message: 'Syntax error in formula' },
      { row: 3, message: 'Syntax error in formula' },
      { row: 4, message: 'Refers to row 1, which has an error' },
    ]);
  });

  it('refuses a bare comparison, which gives TRUE or FALSE rather than an amount', () => {
    expect(workbook([100, '[0]>50']).getErrors()).toEqual([{ row: 1, message: 'The formula gives TRUE or FALSE, not an amount: put the comparison in IF' }]);
  });

  it('names a row in error inside a range', () => {
    expect(workbook([100, '1+', 'SUM([0]:[1])']).getErrors()).toContainEqual({ row: 2, message: 'Refers to row 1, which has an error' });
  });

  it('moves both ends of a range with inserted, deleted and moved rows', () => {
    const book = workbook([...BASE, 'SUM([1]:[3])']);
    book.insertRows(0, [priceRow(7)]);
    expect(book.getFormula(5)).toBe('SUM([2]:[4])');
    expect(book.getRow(5).result).toMatchObject({ gross: 1290.5 });
    book.removeRows(4, 1);
    expect(book.getFormula(4)).toBe('SUM([2]:[3])');
    expect(book.getRow(4).result).toMatchObject({ gross: 290.5 });
  });

  it('keeps a range on its rows when rows move', () => {
    const book = workbook([...BASE, 'SUM([1]:[2])']);
    book.moveRows(4, 1, 0);
    expect(book.getFormula(0)).toBe('SUM([2]:[3])');
    expect(book.getRow(0).result).toMatchObject({ gross: 290.5 });
  });

  it('gives the same results as the server evaluation', () => {
    const rows = [
      ...BASE.map((gross) => priceRow(gross)),
      ...CASES.map(({ typed }) => priceRow(typed, { markup_rate_id: 42 })),
      priceRow('VLOOKUP(1)'),
      priceRow('SUM([0]:[2]'),
    ];
    const book = openWorkbook(rows, { currencyRate: 1.085 });
    open.push(book);
    expect(evaluatePriceRows(rows, MODEL_RATES, 1.085, 'tour')).toEqual(book.getRows().map((row) => row.result));
    expect(
      evaluatePriceRows(rows, MODEL_RATES, 1.085, 'tour')
        .map(outcomeGross)
        .slice(4, 4 + CASES.length),
    ).toEqual(CASES.map(({ gross }) => gross));
  });
});

describe('formulaProblem', () => {
  it.each(['[0]+1', 'SUM([0]:[3])', 'if([0] > 1 , 2, 3)', '-ABS(-[0])^2', 'MAX(1,-2)', 'SUM(#REF!,1)'])('accepts %s', (typed) => {
    expect(formulaProblem(typed)).toBeUndefined();
  });

  it.each([
    { typed: 'VLOOKUP([0],1)', problem: /^Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF$/ },
    { typed: 'B1+1', problem: /^Unknown name B1/ },
    { typed: 'SUM([0],)', problem: /^Syntax error in formula$/ },
    { typed: '1,5', problem: /^Syntax error in formula$/ },
    { typed: '(1+2', problem: /^Syntax error in formula$/ },
    { typed: 'SUM 1', problem: /^Syntax error in formula$/ },
  ])('refuses $typed', ({ typed, problem }) => {
    expect(formulaProblem(typed)).toMatch(problem);
  });
});

describe('ranges in formula text', () => {
  it('translates functions and ranges for the engine, names in capitals', () => {
    expect(toEngineFormula('sum([0]:[3])+Round([4], 0)')).toBe('=SUM(A1:A4)+ROUND(ROUND(A5,6),0)');
    expect(toEngineFormula('VLOOKUP(1)')).toBeUndefined();
  });

  it('takes both ends of a range from where the engine moved them', () => {
    expect(followEngineReferences('SUM([1]:[3])+[0]', '=SUM(A3:A5)+A1')).toBe('SUM([2]:[4])+[0]');
    expect(followEngineReferences('SUM([1]:[3])', '=SUM(#REF!)')).toBe('SUM(#REF!)');
  });

  it('remaps and resizes both ends of a range', () => {
    expect(remapFormulaReferences('SUM([0]:[2])', (row) => row + 10)).toBe('SUM([10]:[12])');
    expect(resizeReferences('SUM([1]:[5])', 2, 2, 0)).toBe('SUM([1]:[3])');
  });
});
