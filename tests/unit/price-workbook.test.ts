import { afterEach, describe, expect, it } from 'vitest';
import { computePrice, resolveRate } from '../../src/domain/price-maths';
import { SEASON_LIMITS } from '../../src/domain/pricing/season-limits';
import { remapFormulaReferences } from '../../src/formulas/formula-references';
import type { ChangedRow } from '../../src/formulas/price-rows';
import type { PriceWorkbook } from '../../src/formulas/price-workbook';
import { MODEL_RATES, type WorkbookOptions, grossColumn, openWorkbook, priceRow } from './price-test-helpers';

const rowsOf = (changes: ChangedRow[]) => changes.map((change) => change.row);

describe('PriceWorkbook', () => {
  const open: PriceWorkbook[] = [];
  const workbook = (rows: Parameters<typeof openWorkbook>[0], options: WorkbookOptions = {}) => {
    const opened = openWorkbook(rows, options);
    open.push(opened);
    return opened;
  };
  afterEach(() => {
    open.splice(0).forEach((opened) => opened.destroy());
  });

  describe('prices', () => {
    it('prices the worked example: gross 675, commission 20, rate 1.1, markup 1.32', () => {
      const rates = [{ id: 41, commission: 20, markup: 1.32, supplement_markup: 1.11 }];
      expect(workbook([675], { rates, currencyRate: 1.1 }).getRow(0).result).toEqual({ gross: 675, net: 540, subtotal: 648, cost: 648, profit: 157 });
    });

    it('gives 608, not 609, for 496 / 1.085 * 1.33', () => {
      const rates = [{ id: 41, commission: 20, markup: 1.33, supplement_markup: 1.11 }];
      expect(workbook(['620'], { rates, currencyRate: 1.085 }).getRow(0).result).toMatchObject({ net: 496, subtotal: 608, cost: 608 });
    });

    it('gives net 987.648 for gross 1234.56 at 20%, without the binary noise of 987.6479999999999', () => {
      const rates = [{ id: 41, commission: 20, markup: 1.32, supplement_markup: 1.11 }];
      expect(workbook([1234.56], { rates, currencyRate: 1.1 }).getRow(0).result).toMatchObject({ net: 987.648 });
    });

    it('gives the decimal net of a formula gross and the decimal cost, without binary noise', () => {
      const rates = [{ id: 41, commission: 0, markup: 1.32, supplement_markup: 1.11 }];
      expect(workbook(['100.1+200.2'], { rates, currencyRate: 1.1 }).getRow(0).result).toMatchObject({ net: 300.3 });
      expect(workbook([priceRow(0.5, { adjustment: 0.14, markup_rate_id: 41 })], { rates, currencyRate: 1.1 }).getRow(0).result).toMatchObject({
        subtotal: 1,
        cost: 1.14,
      });
    });

    it('uses the supplement markup for bikes and extras', () => {
      expect(workbook([100], { kind: 'supplement' }).getRow(0).result).toMatchObject({ net: 80, subtotal: 81 });
    });

    it('prices a row without markup_rate_id with rate 15', () => {
      const rates = [...MODEL_RATES, { id: 15, commission: 0, markup: 2, supplement_markup: 2 }];
      expect(workbook([priceRow(110, { markup_rate_id: null })], { rates }).getRow(0).result).toMatchObject({ net: 110, subtotal: 200 });
    });

    it('flags rows whose rate is not in the model and prices them as their adjustment', () => {
      const result = workbook([priceRow(675, { markup_rate_id: 99, adjustment: 12 })]).getRow(0).result;
      expect(result).toEqual({ gross: 675, net: 0, subtotal: 0, cost: 12, profit: 0, missing: 'markup-rate' });
    });

    it('flags every row when the season has no currency rate', () => {
      expect(workbook([675], { currencyRate: null }).getRow(0).result).toEqual({
        gross: 675,
        net: 540,
        subtotal: 0,
        cost: 0,
        profit: 0,
        missing: 'currency-rate',
      });
    });
  });

  describe('formulas', () => {
    it.each([
      { typed: '545+195+230+110', gross: 1080 },
      { typed: '(675*.9+675+675)/3', gross: 652.5 },
      { typed: '((445*3)-70)/3', gross: (445 * 3 - 70) / 3 },
      { typed: ' 2 ^ 3 ', gross: 8 },
      { typed: '[0]+50', gross: 150 },
      { typed: '[0] * .5 + [0]', gross: 150 },
    ])('evaluates $typed to $gross and reads back exactly what was typed', ({ typed, gross }) => {
      const book = workbook([100, typed]);
      expect(book.getRow(1).result).toMatchObject({ gross });
      expect(book.getFormula(1)).toBe(typed);
      expect(book.getRow(1).input).toMatchObject({ formula: typed, gross });
    });

    it('refuses a reference past the last row, naming it, without the engine growing its sheet (issue 19)', () => {
      const book = workbook([100, '[7]+50', '[2000000]+1', '[1]*2']);
      expect(book.getErrors()).toEqual([
        { row: 1, message: 'Refers to row 7, beyond the last row (3)' },
        { row: 2, message: 'Refers to row 2000000, beyond the last row (3)' },
        { row: 3, message: 'Refers to row 1, which has an error' },
      ]);
    });

    it('shows a formula nested too deep and a result past the money limit as errors in their cells (issue 19)', () => {
      const book = workbook([100, `${'('.repeat(900)}1${')'.repeat(900)}`, '10^33', '0-[0]*200000']);
      expect(book.getErrors()).toEqual([
        { row: 1, message: 'A formula nests brackets, functions and signs at most 100 deep' },
        { row: 2, message: 'The formula gives 1.00e+33, outside the money limit of ±10,000,000' },
        { row: 3, message: 'The formula gives -20,000,000, outside the money limit of ±10,000,000' },
      ]);
    });

    it('takes a far reference in once inserted rows reach it, and renames the last row while they do not', () => {
      const book = workbook([100, '[3]+50']);
      book.insertRows(2, [priceRow(1)]);
      expect(book.getErrors()).toEqual([{ row: 1, message: 'Refers to row 3, beyond the last row (2)' }]);
      book.insertRows(3, [priceRow(7)]);
      expect(book.getErrors()).toEqual([]);
      expect(grossColumn(book)).toEqual([100, 57, 1, 7]);
      book.removeRows(3, 1);
      expect(book.getErrors()).toEqual([{ row: 1, message: 'Refers to a deleted row' }]);
    });

    it.each([
      { case: 'a self-reference', rows: [100, '[1]+1'], errors: [{ row: 1, message: 'Circular reference' }] },
      {
        case: 'a cycle',
        rows: [100, '[2]+1', '[1]+1'],
        errors: [
          { row: 1, message: 'Circular reference' },
          { row: 2, message: 'Circular reference' },
        ],
      },
      { case: 'an unfinished formula', rows: [100, '1+'], errors: [{ row: 1, message: 'Syntax error in formula' }] },
      { case: 'unbalanced brackets', rows: [100, '(1+2'], errors: [{ row: 1, message: 'Syntax error in formula' }] },
      {
        case: 'a function it does not know',
        rows: [100, 'VLOOKUP(1,2)'],
        errors: [{ row: 1, message: 'Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF' }],
      },
      {
        case: 'a cell address',
        rows: [100, 'B1+1'],
        errors: [{ row: 1, message: 'Unknown name B1: a formula uses numbers, [n] and ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF' }],
      },
      { case: 'a division by zero', rows: [100, '[0]/0'], errors: [{ row: 1, message: 'Division by zero' }] },
      {
        case: 'a reference to a row in error',
        rows: [100, '1+', '[1]*2'],
        errors: [
          { row: 1, message: 'Syntax error in formula' },
          { row: 2, message: 'Refers to row 1, which has an error' },
        ],
      },
    ])('reports $case as a row error instead of throwing', ({ rows, errors }) => {
      const book = workbook(rows);
      expect(book.getErrors()).toEqual(errors);
      for (const { row, message } of errors) expect(book.getRow(row)).toMatchObject({ input: { gross: 0 }, result: { error: message } });
    });

    it('reports a cycle typed into a cell in the changed rows, and recovers when it is fixed', () => {
      const book = workbook([100, '[0]+50', '[1]*2']);
      expect(book.setGross(0, '[2]')).toEqual([
        { row: 0, error: 'Circular reference', code: '#CIRC!' },
        { row: 1, error: 'Circular reference', code: '#CIRC!' },
        { row: 2, error: 'Circular reference', code: '#CIRC!' },
      ]);
      expect(rowsOf(book.setGross(0, 10))).toEqual([0, 1, 2]);
      expect(grossColumn(book)).toEqual([10, 60, 120]);
      expect(book.getErrors()).toEqual([]);
    });
  });

  describe('setGross', () => {
    it('returns only the edited row and the rows that depend on it', () => {
      const book = workbook([100, '[0]+50', 300, '[1]*2', 500]);
      const changes = book.setGross(0, 200);
      expect(rowsOf(changes)).toEqual([0, 1, 3]);
      expect(changes[2]).toEqual({ row: 3, ...book.getRow(3).result });
      expect(changes[2]).toMatchObject({ gross: 500 });
    });

    it.each([
      { typed: '675', formula: null, gross: 675 },
      { typed: 675, formula: null, gross: 675 },
      { typed: ' 54.40 ', formula: null, gross: 54.4 },
      { typed: '', formula: null, gross: 0 },
      { typed: null, formula: null, gross: 0 },
      { typed: '=1+2', formula: '1+2', gross: 3 },
      { typed: '1 + 2', formula: '1 + 2', gross: 3 },
    ])('reads $typed as formula $formula with gross $gross', ({ typed, formula, gross }) => {
      const book = workbook([100]);
      book.setGross(0, typed);
      expect(book.getRow(0).input).toMatchObject({ formula, gross });
    });

    it('throws for a gross that is not a finite number, which is a caller bug', () => {
      expect(() => workbook([100]).setGross(0, Number.NaN)).toThrow(RangeError);
    });
  });

  describe('setField', () => {
    it.each([
      { field: 'non_com' as const, value: 175, expected: { net: 575, subtotal: 690, cost: 690 } },
      { field: 'adjustment' as const, value: -8, expected: { net: 540, subtotal: 648, cost: 640 } },
    ])('recomputes the row when $field changes', ({ field, value, expected }) => {
      const book = workbook([675]);
      expect(book.setField(0, field, value)).toEqual([{ row: 0, ...book.getRow(0).result }]);
      expect(book.getRow(0).result).toMatchObject(expected);
      expect(book.getRow(0).input[field]).toBe(value);
    });

    it('reprices the row with the commission chosen by markup_rate_id', () => {
      const book = workbook([675]);
      book.setField(0, 'markup_rate_id', 43);
      expect(book.getRow(0).result).toMatchObject({ net: 607.5, subtotal: 707 });
      book.setField(0, 'markup_rate_id', 99);
      expect(book.getRow(0).result).toMatchObject({ missing: 'markup-rate', cost: 0 });
    });
  });

  describe('rates and currency', () => {
    const rows = [priceRow(675), priceRow(500, { markup_rate_id: 42 }), priceRow('[0]+25'), priceRow(800, { markup_rate_id: 43 })];

    it('recomputes the rows on a model rate when the rate changes, and only those', () => {
      const book = workbook(rows);
      const changes = book.setRate(41, { commission: 10 });
      expect(rowsOf(changes)).toEqual([0, 2]);
      expect(changes[0]).toMatchObject({ net: 607.5, subtotal: 729 });
      expect(book.getRates().find((rate) => rate.id === 41)).toEqual({ id: 41, commission: 10, markup: 1.32, supplement_markup: 1.11 });
    });

    it('adds a rate it did not know, pricing the rows that were waiting for it', () => {
      const book = workbook([priceRow(100, { markup_rate_id: 7 }), 200]);
      expect(book.getRow(0).result).toMatchObject({ missing: 'markup-rate' });
      expect(book.setRate(7, { markup: 2 })).toEqual([{ row: 0, gross: 100, net: 100, subtotal: 182, cost: 182, profit: 91 }]);
    });

    it('removes a rate, leaving its rows unpriced', () => {
      const book = workbook(rows);
      expect(rowsOf(book.removeRate(41))).toEqual([0, 2]);
      expect(book.getRow(0).result).toMatchObject({ missing: 'markup-rate', cost: 0 });
      expect(book.removeRate(41)).toEqual([]);
    });

    it('recomputes every row when the currency rate changes', () => {
      const book = workbook(rows);
      expect(rowsOf(book.setCurrencyRate(1.085))).toEqual([0, 1, 2, 3]);
      expect(book.getRow(0).result).toMatchObject({ subtotal: 657 });
      expect(book.getCurrencyRate()).toBe(1.085);
    });

    it('flags every row when the currency rate is cleared, and unflags them when it is back', () => {
      const book = workbook(rows);
      book.setCurrencyRate(0);
      expect(book.getRows().every(({ result }) => 'missing' in result && result.missing === 'currency-rate')).toBe(true);
      book.setCurrencyRate(1.1);
      expect(book.getRows().some(({ result }) => 'missing' in result)).toBe(false);
    });

    it('matches computePrice after rate and currency changes', () => {
      const book = workbook(rows);
      book.setRate(42, { commission: 12.5, markup: 1.3 });
      book.setCurrencyRate(1.085);
      const rates = book.getRates();
      for (const { input, result } of book.getRows()) {
        expect(result).toEqual({ gross: input.gross, ...computePrice(input, resolveRate(rates, input.markup_rate_id), 1.085, 'tour') });
      }
    });
  });

  describe('inserting, deleting and moving rows', () => {
    it('keeps references on the same rows when rows are inserted above them', () => {
      const book = workbook([100, 200, '[1]+50']);
      const changes = book.insertRows(0, [priceRow(999), priceRow('[0]+1')]);
      expect(grossColumn(book)).toEqual([999, 1000, 100, 200, 250]);
      expect(book.getFormula(4)).toBe('[3]+50');
      expect(rowsOf(changes)).toEqual([0, 1, 4]);
    });

    it('appends rows at the end', () => {
      const book = workbook([100]);
      book.insertRows(1, [priceRow('[0]*2')]);
      expect(grossColumn(book)).toEqual([100, 200]);
    });

    it('turns a reference to a deleted row into an error, not a silent 0', () => {
      const book = workbook([100, 200, '[1]+50', '[0]+1']);
      // Row 3 only moves up: its result is unchanged, so it is not listed.
      expect(book.removeRows(1, 1)).toEqual([{ row: 1, error: 'Refers to a deleted row', code: '#REF!' }]);
      expect(book.getFormula(1)).toBe('#REF!+50');
      expect(book.getErrors()).toEqual([{ row: 1, message: 'Refers to a deleted row' }]);
    });

    it('shifts references up when rows above them are deleted', () => {
      const book = workbook([1, 2, 300, '[2]+1']);
      book.removeRows(0, 2);
      expect(book.getFormula(1)).toBe('[0]+1');
      expect(grossColumn(book)).toEqual([300, 301]);
    });

    it.each([
      { case: 'down', from: 0, count: 1, to: 2, gross: [200, 300, 100, 400], formula: '[2]+[1]' },
      { case: 'up', from: 2, count: 1, to: 0, gross: [300, 100, 200, 400], formula: '[1]+[0]' },
      { case: 'as a block', from: 0, count: 2, to: 1, gross: [300, 100, 200, 400], formula: '[1]+[0]' },
      { case: 'with the formula row', from: 3, count: 1, to: 0, gross: [400, 100, 200, 300], formula: '[1]+[3]' },
    ])('moves rows $case with references following their rows', ({ from, count, to, gross, formula }) => {
      const book = workbook([100, 200, 300, '[0]+[2]']);
      book.moveRows(from, count, to);
      expect(grossColumn(book)).toEqual(gross);
      expect(book.getFormula(gross.indexOf(400))).toBe(formula);
    });

    it('refuses rows outside the grid', () => {
      const book = workbook([1, 2]);
      expect(() => book.removeRows(1, 2)).toThrow(RangeError);
      expect(() => book.moveRows(0, 1, 2)).toThrow(RangeError);
      expect(() => book.insertRows(3, [priceRow(1)])).toThrow(RangeError);
      expect(() => book.getRow(2)).toThrow(RangeError);
    });

    it('keeps formulas on the copied rows when a season is copied after existing rows', () => {
      const source = [priceRow(100), priceRow('[0]+50'), priceRow('([1]+[0])/2 + [1]')];
      const book = workbook([7, 8]);
      const offset = book.rowCount;
      const copied = source.map((row) => ({
        ...row,
        formula: row.formula && remapFormulaReferences(row.formula, (old) => (old < source.length ? old + offset : undefined)),
      }));
      book.insertRows(offset, copied);
      expect(book.getRows().map(({ input }) => input.formula)).toEqual([null, null, null, '[2]+50', '([3]+[2])/2 + [3]']);
      expect(grossColumn(book)).toEqual([7, 8, 100, 150, 275]);
    });
  });

  it('holds a grid at the season limit, its last row referring to the one before', () => {
    const size = SEASON_LIMITS.prices;
    const rows = Array.from({ length: size }, (_, row) => (row === size - 1 ? priceRow(`[${size - 2}]+1`) : priceRow(row % 500, { markup_rate_id: null })));
    const book = workbook(rows, { rates: [{ id: 15, commission: 0, markup: 1, supplement_markup: 1 }], currencyRate: 1 });
    expect(book.getRow(size - 1).result).toMatchObject({ gross: ((size - 2) % 500) + 1 });
    expect(rowsOf(book.setGross(size - 2, 1000))).toEqual([size - 2, size - 1]);
  });
});

describe('PriceWorkbook error messages', () => {
  it('names the row an error now comes from after the row it named is fixed', () => {
    // Row 4 averages row 0 (in error) and row 3 (refers to a deleted row): it names row 0 first.
    const book = openWorkbook(['([0]+[0])/2', '[0]+1', '[5]+1', '1+', '[0]+1', '[0]+1', '([2]+[5])/2', 0]);
    try {
      book.removeRows(0, 2);
      const changed = book.setGross(0, '(100*.9+100+100)/3');
      expect(book.getRow(4).result).toEqual({ error: 'Refers to row 3, which has an error', code: '#REF!' });
      expect(changed.map((row) => row.row)).toContain(4);
    } finally {
      book.destroy();
    }
  });
});
