import { describe, expect, it } from 'vitest';
import { MAX_MONEY } from '../../src/domain/pricing/price-fields';
import { priceInputProblem, priceRowProblems } from '../../src/domain/pricing/price-input-rules';

describe('priceInputProblem', () => {
  it.each([
    ['gross', 675],
    ['gross', 0],
    ['gross', 1100.5],
    ['gross', 54.4],
    ['gross', 0.29],
    ['gross', MAX_MONEY],
    ['non_com', 120.25],
    ['adjustment', -10],
    ['adjustment', -MAX_MONEY],
    ['adjustment', 1e3],
  ] as const)('accepts a %s of %d', (field, value) => {
    expect(priceInputProblem(field, value)).toBeNull();
  });

  it.each([
    ['gross', -500, 'A gross cannot be negative'],
    ['gross', -0.01, 'A gross cannot be negative'],
    ['non_com', -10, 'A non-com cannot be negative'],
    ['adjustment', 1.005, 'At most two decimals: 1.005 has three'],
    ['adjustment', -1.005, 'At most two decimals: -1.005 has three'],
    ['gross', 12.3456, 'At most two decimals: 12.3456 has four'],
    ['non_com', 1e-7, 'At most two decimals: 1e-7 has seven'],
    ['gross', 0.123456789012, 'At most two decimals: 0.123456789012 has 12'],
    ['gross', 99999999999999, 'At most 10,000,000'],
    ['gross', MAX_MONEY + 0.01, 'At most 10,000,000'],
    ['adjustment', MAX_MONEY + 1, 'At most 10,000,000'],
    ['adjustment', -MAX_MONEY - 1, 'At least -10,000,000'],
    ['gross', Number.NaN, 'Not a number'],
    ['gross', Number.POSITIVE_INFINITY, 'Not a number'],
  ] as const)('refuses a %s of %d: %s', (field, value, message) => {
    expect(priceInputProblem(field, value)).toBe(message);
  });

  it('names the sign before the limit, and the limit before the decimals', () => {
    expect(priceInputProblem('gross', -20_000_000.123)).toBe('A gross cannot be negative');
    expect(priceInputProblem('gross', 20_000_000.123)).toBe('At most 10,000,000');
  });
});

describe('priceRowProblems', () => {
  const row = { formula: null, gross: 675, non_com: 0, adjustment: 0 };

  it('finds none in a row as staff type it', () => {
    expect(priceRowProblems(row)).toEqual([]);
  });

  it('lists each broken field, in column order', () => {
    expect(priceRowProblems({ formula: null, gross: -500, non_com: -10, adjustment: 1.005 })).toEqual([
      { field: 'gross', message: 'A gross cannot be negative' },
      { field: 'non_com', message: 'A non-com cannot be negative' },
      { field: 'adjustment', message: 'At most two decimals: 1.005 has three' },
    ]);
  });

  it("does not read a formula row's gross, which is its formula's result (legacy results carry more decimals)", () => {
    expect(priceRowProblems({ formula: '(1190*2+1190/2)/3', gross: 991.666992, non_com: 0, adjustment: 0 })).toEqual([]);
    expect(priceRowProblems({ formula: '[0]+50', gross: -500, non_com: 0, adjustment: 0 })).toEqual([]);
  });

  it('leaves a missing gross to the evaluation, which gives the row its error', () => {
    expect(priceRowProblems({ ...row, gross: null })).toEqual([]);
  });
});
