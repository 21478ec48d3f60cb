// The grid's workbook (money in HyperFormula cells) against the domain maths the server and /pgt
// use: after any sequence of edits its rows give what computePrice and evaluatePriceRows give
// for the same rows, bit for bit.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MarkupRate, computePrice, resolveRate } from '../../src/domain/price-maths';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows';
import type { ChangedRow, PriceRowInput, PriceRowState } from '../../src/formulas/price-rows';
import { PriceWorkbook } from '../../src/formulas/price-workbook';
import { MODEL_RATES } from './price-test-helpers';

const LEGACY_CURRENCY_RATES = [1, 1.085, 1.1, 1.17, 0.87];
const RATE_IDS = [...MODEL_RATES.map((rate) => rate.id), null, 99];

/** Money as legacy data has it: pennies, float32 artefacts such as 54.4000015, or whole pounds. */
const money = fc.oneof(
  fc.integer({ min: 0, max: 500_000 }).map((pennies) => pennies / 100),
  fc.integer({ min: 0, max: 5_000_000 }).map((tenths) => Math.fround(tenths / 1000)),
  fc.integer({ min: 0, max: 5_000 }),
);
const rowInput: fc.Arbitrary<PriceRowInput> = fc.record({
  formula: fc.constant(null),
  gross: money,
  non_com: fc.oneof(fc.constant(0), money),
  adjustment: fc.oneof(fc.constant(0), fc.integer({ min: -200, max: 200 })),
  markup_rate_id: fc.constantFrom(...RATE_IDS),
});
const markupRate = (id: number): fc.Arbitrary<MarkupRate> =>
  fc.record({
    id: fc.constant(id),
    commission: fc.oneof(
      fc.constantFrom(0, 5, 10, 15, 20),
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
    ),
    markup: fc.oneof(
      fc.constantFrom(1.28, 1.3, 1.31, 1.32, 1.33, 1.46),
      fc.integer({ min: 0, max: 300 }).map((n) => n / 100),
    ),
    supplement_markup: fc.oneof(
      fc.constantFrom(1.11, 1.16, 1.19, 1.21),
      fc.integer({ min: 0, max: 300 }).map((n) => n / 100),
    ),
  });
const model = fc.tuple(...MODEL_RATES.map((rate) => markupRate(rate.id)));
const currencyRate = fc.oneof(
  fc.constantFrom(...LEGACY_CURRENCY_RATES),
  fc.integer({ min: 50, max: 300 }).map((n) => n / 100),
);

const expectedFor = (rows: readonly PriceRowInput[], rates: readonly MarkupRate[], fx: number | null, kind: 'tour' | 'supplement') =>
  rows.map((row) => ({ gross: row.gross, ...computePrice(row, resolveRate(rates, row.markup_rate_id), fx, kind) }));

describe('a workbook pricing in cells', () => {
  it('gives exactly what computePrice gives, for many random rows', () => {
    fc.assert(
      fc.property(
        fc.array(rowInput, { minLength: 1, maxLength: 40 }),
        model,
        currencyRate,
        fc.constantFrom('tour' as const, 'supplement' as const),
        (rows, rates, fx, kind) => {
          const workbook = new PriceWorkbook({ rows, rates, currencyRate: fx, kind });
          try {
            expect(workbook.getRows().map((row) => row.result)).toEqual(expectedFor(rows, rates, fx, kind));
          } finally {
            workbook.destroy();
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('still gives what computePrice gives after random rate and currency changes', () => {
    fc.assert(
      fc.property(fc.array(rowInput, { minLength: 1, maxLength: 30 }), model, model, currencyRate, (rows, before, after, fx) => {
        const workbook = new PriceWorkbook({ rows, rates: before, currencyRate: 1.1, kind: 'tour' });
        try {
          for (const rate of after) workbook.setRate(rate.id, rate);
          workbook.setCurrencyRate(fx);
          expect(workbook.getRows().map((row) => row.result)).toEqual(expectedFor(rows, after, fx, 'tour'));
        } finally {
          workbook.destroy();
        }
      }),
      { numRuns: 25 },
    );
  });
});

type Operation =
  | { kind: 'gross'; at: number; typed: string | number }
  | { kind: 'field'; at: number; field: 'non_com' | 'adjustment'; value: number }
  | { kind: 'rate-id'; at: number; value: number | null }
  | { kind: 'rate'; id: number; commission: number }
  | { kind: 'currency'; value: number | null }
  | { kind: 'insert'; at: number; rows: PriceRowInput[] }
  | { kind: 'remove'; at: number; count: number }
  | { kind: 'move'; from: number; count: number; to: number };

/** Positions are fractions of the grid's size at the time the operation runs. */
const position = fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true });
const typedGross = fc.oneof(
  money,
  fc.tuple(fc.nat(14), fc.integer({ min: 1, max: 300 })).map(([row, add]) => `[${row}]+${add}`),
  fc.tuple(fc.nat(14), fc.nat(14)).map(([a, b]) => `([${a}]+[${b}])/2`),
  fc.integer({ min: 100, max: 999 }).map((n) => `(${n}*.9+${n}+${n})/3`),
  fc.constantFrom('1+', '[0]/0', '545+195+230+110'),
);
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('gross' as const), at: position, typed: typedGross }),
  fc.record({
    kind: fc.constant('field' as const),
    at: position,
    field: fc.constantFrom('non_com' as const, 'adjustment' as const),
    value: fc.integer({ min: 0, max: 300 }),
  }),
  fc.record({ kind: fc.constant('rate-id' as const), at: position, value: fc.constantFrom(...RATE_IDS) }),
  fc.record({ kind: fc.constant('rate' as const), id: fc.constantFrom(41, 42, 99), commission: fc.integer({ min: 0, max: 25 }) }),
  fc.record({ kind: fc.constant('currency' as const), value: fc.constantFrom(1.085, 1.1, 0, null) }),
  fc.record({ kind: fc.constant('insert' as const), at: position, rows: fc.array(rowInput, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('remove' as const), at: position, count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('move' as const), from: position, count: fc.integer({ min: 1, max: 3 }), to: position }),
);

const IN_PLACE: ReadonlySet<Operation['kind']> = new Set(['gross', 'field', 'rate-id', 'rate', 'currency']);

/** Runs an operation; returns the rows it reported changed. */
function apply(workbook: PriceWorkbook, op: Operation): ChangedRow[] {
  const size = workbook.rowCount;
  const row = (at: number) => Math.floor(at * size);
  switch (op.kind) {
    case 'gross':
      return size > 0 ? workbook.setGross(row(op.at), op.typed) : [];
    case 'field':
      return size > 0 ? workbook.setField(row(op.at), op.field, op.value) : [];
    case 'rate-id':
      return size > 0 ? workbook.setField(row(op.at), 'markup_rate_id', op.value) : [];
    case 'rate':
      return workbook.setRate(op.id, { commission: op.commission });
    case 'currency':
      return workbook.setCurrencyRate(op.value);
    case 'insert':
      return workbook.insertRows(Math.floor(op.at * (size + 1)), op.rows);
    case 'remove': {
      const at = row(op.at);
      return size > 0 ? workbook.removeRows(at, Math.min(op.count, size - at)) : [];
    }
    case 'move': {
      const count = Math.min(op.count, size);
      const place = (at: number) => Math.floor(at * (size - count + 1));
      return count > 0 ? workbook.moveRows(place(op.from), count, place(op.to)) : [];
    }
  }
}

/** Every row whose result an in-place edit changed is listed, with its new result. */
function expectChangesListed(before: PriceRowState[], after: PriceRowState[], reported: ChangedRow[]): void {
  const listed = new Map(reported.map(({ row, ...result }) => [row, result]));
  after.forEach((state, row) => {
    if (listed.has(row)) expect(listed.get(row)).toEqual(state.result);
    else expect(state.result).toEqual(before[row].result);
  });
}

const stored = (rows: PriceRowState[]) => rows.map(({ input }) => input);

describe('the workbook after random edits', () => {
  it('agrees with a fresh workbook of the same rows and with evaluatePriceRows, and lists every changed row', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(typedGross, { minLength: 1, maxLength: 12 }), fc.array(operation, { maxLength: 12 }), (grosses, operations) => {
        const rows = grosses.map((typed, i): PriceRowInput => ({
          formula: typeof typed === 'string' ? typed : null,
          gross: typeof typed === 'number' ? typed : 0,
          non_com: 0,
          adjustment: i % 3,
          markup_rate_id: RATE_IDS[i % RATE_IDS.length],
        }));
        const cells = new PriceWorkbook({ rows, rates: MODEL_RATES, currencyRate: 1.1, kind: 'tour' });
        try {
          for (const op of operations) {
            const before = cells.getRows();
            const reported = apply(cells, op);
            const after = cells.getRows();
            if (IN_PLACE.has(op.kind)) expectChangesListed(before, after, reported);
            const rates = cells.getRates();
            const fx = cells.getCurrencyRate();
            expect(evaluatePriceRows(stored(after), rates, fx, 'tour')).toEqual(after.map((row) => row.result));
          }
          const fresh = new PriceWorkbook({ rows: stored(cells.getRows()), rates: cells.getRates(), currencyRate: cells.getCurrencyRate(), kind: 'tour' });
          try {
            expect(fresh.getRows()).toEqual(cells.getRows());
          } finally {
            fresh.destroy();
          }
        } finally {
          cells.destroy();
        }
      }),
      { numRuns: 60 },
    );
  });
});
