// A season of many formulas is evaluated in a worker thread (issue 30, item 4): the results must
// be exactly what the server's own thread gives for the same rows, errors included.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PriceKind } from '../../src/domain/price-maths';
import { evaluatePriceRows } from '../../src/formulas/evaluate-price-rows';
import type { PriceRowInput } from '../../src/formulas/price-rows';
import { evaluatePriceRowsOffThread, OFF_THREAD_FORMULAS } from '../../src/server/pricing/evaluate-off-thread';
import { MODEL_RATES, priceRow } from './price-test-helpers';

/** A formula over earlier rows (or a constant, or a broken one now and then). */
const formulaAt = (index: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.tuple(fc.nat({ max: Math.max(0, index - 1) }), fc.integer({ min: -50, max: 500 })).map(([row, add]) => `[${row}]+${add}`) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.nat({ max: Math.max(0, index - 1) }), fc.nat({ max: Math.max(0, index - 1) })).map(([a, b]) => `ROUND(([${a}]+[${b}])*1.04,0)`),
    },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 9_999 }).map((value) => `${value}/3`) },
    { weight: 1, arbitrary: fc.constantFrom('1+', `[${index}]+1`, '[999999]+1', '[0]/0') },
  );

/** A season with at least OFF_THREAD_FORMULAS formula rows (one row in 7 is plain), so it is evaluated off the thread. */
const largeSeason = fc
  .integer({ min: Math.ceil((OFF_THREAD_FORMULAS * 7) / 6) + 1, max: OFF_THREAD_FORMULAS * 2 })
  .chain((length) =>
    fc.tuple(
      ...Array.from({ length }, (_, index) =>
        index === 0 || index % 7 === 0
          ? fc
              .tuple(fc.integer({ min: 0, max: 5_000 }), fc.constantFrom<number | null>(41, 42, 43, null))
              .map(([gross, rate]) => priceRow(gross, { markup_rate_id: rate }))
          : formulaAt(index).map((formula) => priceRow(formula)),
      ),
    ),
  );

describe('evaluatePriceRowsOffThread', () => {
  it('gives what evaluatePriceRows gives, errors included, for seasons past the threshold', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        largeSeason,
        fc.constantFrom<PriceKind>('tour', 'supplement'),
        fc.constantFrom(1.085, null),
        async (rows: PriceRowInput[], kind, currencyRate) => {
          expect(await evaluatePriceRowsOffThread(rows, MODEL_RATES, currencyRate, kind)).toEqual(evaluatePriceRows(rows, MODEL_RATES, currencyRate, kind));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('evaluates a chain of thousands of formulas to the values the grid shows', async () => {
    const rows = [priceRow(100), ...Array.from({ length: 2_999 }, (_, index) => priceRow(`[${index}]+1`))];
    const outcomes = await evaluatePriceRowsOffThread(rows, MODEL_RATES, 1.1, 'tour');
    expect(outcomes.map((outcome) => ('gross' in outcome ? outcome.gross : outcome.error))).toEqual(rows.map((_, index) => 100 + index));
  });

  it('answers evaluations asked at once each with its own rows', async () => {
    const season = (start: number) => [priceRow(start), ...Array.from({ length: OFF_THREAD_FORMULAS }, (_, index) => priceRow(`[${index}]*2`))];
    const [first, second] = await Promise.all([
      evaluatePriceRowsOffThread(season(1), MODEL_RATES, 1, 'tour'),
      evaluatePriceRowsOffThread(season(3), MODEL_RATES, 1, 'tour'),
    ]);
    expect(first).toEqual(evaluatePriceRows(season(1), MODEL_RATES, 1, 'tour'));
    expect(second).toEqual(evaluatePriceRows(season(3), MODEL_RATES, 1, 'tour'));
    expect(first).not.toEqual(second);
  });
});
