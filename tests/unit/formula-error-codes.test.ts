// Issue 27: a gross formula in error carries the code Excel would show in its cell, beside the
// explanation staff read on hover and in the status line.

import { describe, expect, it } from 'vitest';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows';
import type { PriceRowOutcome } from '../../src/formulas/price-rows';
import { MODEL_RATES, openWorkbook, priceRow } from './price-test-helpers';

const CASES = [
  { why: 'a cycle', rows: ['[0]+1'], code: '#CIRC!', error: 'Circular reference' },
  { why: 'a row inside a cycle of two', rows: ['[1]', '[0]'], code: '#CIRC!', error: 'Circular reference' },
  { why: 'a deleted row', rows: ['#REF!+50'], code: '#REF!', error: 'Refers to a deleted row' },
  { why: 'a row past the last', rows: ['[999]+1'], code: '#REF!', error: 'Refers to row 999, beyond the last row (0)' },
  {
    why: 'an unknown function',
    rows: ['VLOOKUP(1)'],
    code: '#NAME?',
    error: 'Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF',
  },
  { why: 'a syntax error', rows: ['1+'], code: '#VALUE!', error: 'Syntax error in formula' },
  { why: 'a character outside the language', rows: ['1%'], code: '#VALUE!', error: 'Syntax error in formula' },
  { why: 'a wrong count of arguments', rows: [100, 'ROUND([0])'], code: '#VALUE!', error: 'ROUND takes 2 arguments' },
  {
    why: 'a comparison',
    rows: [100, '[0]>1'],
    code: '#VALUE!',
    error: 'The formula gives TRUE or FALSE, not an amount: put the comparison in IF',
  },
  { why: 'a division by zero', rows: [100, '[0]/0'], code: '#DIV/0!', error: 'Division by zero' },
  { why: 'a result past the money limit', rows: ['10^33'], code: '#NUM!', error: 'The formula gives 1.00e+33, outside the money limit of ±10,000,000' },
  // Excel passes an error on with its own code: a row using a #NAME? row is #NAME? too.
  { why: 'a row using a division by zero', rows: [100, '[0]/0', '[1]+1'], code: '#DIV/0!', error: 'Refers to row 1, which has an error' },
  { why: 'a row using an unknown function', rows: ['VLOOKUP(1)', '[0]+1'], code: '#NAME?', error: 'Refers to row 0, which has an error' },
  { why: 'a row using a syntax error', rows: ['1+', '[0]+1'], code: '#VALUE!', error: 'Refers to row 0, which has an error' },
  { why: 'a row using a deleted row', rows: ['#REF!', '[0]+1'], code: '#REF!', error: 'Refers to row 0, which has an error' },
] as const;

const last = (outcomes: readonly PriceRowOutcome[]) => outcomes[outcomes.length - 1];

describe("a formula in error gives Excel's code", () => {
  it.each(CASES)('$code for $why, on the server', ({ rows, code, error }) => {
    const outcomes = evaluatePriceRows(
      rows.map((row) => priceRow(row)),
      MODEL_RATES,
      1.1,
      'tour',
    );
    expect(last(outcomes)).toEqual({ error, code });
  });

  it.each(CASES)('$code for $why, in the grid', ({ rows, code, error }) => {
    const book = openWorkbook([...rows]);
    try {
      expect(last(book.getRows().map((row) => row.result))).toEqual({ error, code });
    } finally {
      book.destroy();
    }
  });

  it('gives #REF! to a formula whose row is deleted, as the grid deletes it', () => {
    const book = openWorkbook([100, 200, '[1]+50']);
    try {
      expect(book.removeRows(1, 1)).toEqual([{ row: 1, error: 'Refers to a deleted row', code: '#REF!' }]);
    } finally {
      book.destroy();
    }
  });
});
