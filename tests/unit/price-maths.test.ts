import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MARKUP_RATE_ID,
  type MarkupRate,
  type PriceInput,
  computeNet,
  computePrice,
  decimalSafeRoundUp,
  resolveRate,
  roundHalfAwayFromZero,
  roundUpAwayFromZero,
} from '../../src/domain/price-maths';

const rate = (commission: number, markup: number, supplement_markup = 1.11, id = 1): MarkupRate => ({ id, commission, markup, supplement_markup });
const input = (gross: number, non_com = 0, adjustment = 0): PriceInput => ({ gross, non_com, adjustment, markup_rate_id: 1 });

describe('computePrice', () => {
  it.each([
    { case: 'the worked example of DESIGN.md', row: input(675), rate: rate(20, 1.32), fx: 1.1, expected: { net: 540, subtotal: 648, cost: 648, profit: 157 } },
    {
      case: 'the decimal-safety example (496 / 1.085 * 1.33 is 608)',
      row: input(620),
      rate: rate(20, 1.33),
      fx: 1.085,
      expected: { net: 496, subtotal: 608, cost: 608, profit: 151 },
    },
    {
      case: 'a non-commissionable part (legacy price 5026)',
      row: input(1690, 500),
      rate: rate(20, 1.3),
      fx: 1.1,
      expected: { net: 1452, subtotal: 1716, cost: 1716, profit: 396 },
    },
    {
      case: 'an adjustment (legacy price 2804)',
      row: input(300, 0, 10),
      rate: rate(5, 1.28),
      fx: 1.085,
      expected: { net: 285, subtotal: 337, cost: 347, profit: 84 },
    },
    {
      case: 'a float32 legacy gross such as 54.4000015',
      row: input(54.4000015),
      rate: rate(0, 1.46, 1.21),
      fx: 1.085,
      expected: { net: 54.4000015, subtotal: 74, cost: 74, profit: 24 },
    },
    { case: 'a negative adjustment', row: input(675, 0, -48), rate: rate(20, 1.32), fx: 1.1, expected: { net: 540, subtotal: 648, cost: 600, profit: 109 } },
  ])('prices $case', ({ row, rate: markupRate, fx, expected }) => {
    expect(computePrice(row, markupRate, fx, 'tour')).toEqual(expected);
  });

  it('uses the supplement markup for bikes and extras (legacy bike 130 cost 61)', () => {
    expect(computePrice(input(54.4000015), rate(0, 1.46, 1.21), 1.085, 'supplement')).toEqual({
      net: 54.4000015,
      subtotal: 61,
      cost: 61,
      profit: 11,
    });
  });

  it('gives cost as the decimal sum of subtotal and adjustment, not 1.1400000000000001', () => {
    expect(computePrice(input(0.5, 0, 0.14), rate(0, 1.32), 1.1, 'tour')).toMatchObject({ subtotal: 1, cost: 1.14 });
  });

  it('zeroes net when it would not exceed the non-commissionable part', () => {
    expect(computePrice(input(500, 500), rate(20, 1.32), 1.1, 'tour')).toEqual({ net: 0, subtotal: 0, cost: 0, profit: 0 });
    expect(computePrice(input(100, 150, 5), rate(0, 1.32), 1.1, 'tour')).toEqual({ net: 0, subtotal: 0, cost: 5, profit: 5 });
  });

  it('prices a row whose rate is not in the model as its adjustment alone, flagged', () => {
    expect(computePrice(input(675, 0, 12), undefined, 1.1, 'tour')).toEqual({ net: 0, subtotal: 0, cost: 12, profit: 0, missing: 'markup-rate' });
  });

  it.each([null, undefined, 0, -1.1, Number.NaN, Number.POSITIVE_INFINITY])('keeps net but prices nothing else when the currency rate is %s', (fx) => {
    expect(computePrice(input(675, 0, 12), rate(20, 1.32), fx, 'tour')).toEqual({ net: 540, subtotal: 0, cost: 12, profit: 0, missing: 'currency-rate' });
  });

  it('never returns negative zero', () => {
    const result = computePrice(input(-0, 0, -0), rate(20, 1.32), 1.1, 'tour');
    expect(Object.values(result).every((value) => !Object.is(value, -0))).toBe(true);
  });
});

describe('computeNet', () => {
  it.each([
    { gross: 675, nonCom: 0, commission: 20, net: 540 },
    { gross: 1000, nonCom: 200, commission: 20, net: 840 },
    { gross: 200, nonCom: 200, commission: 20, net: 0 },
    { gross: 100, nonCom: 150, commission: 0, net: 0 },
    { gross: 0, nonCom: 0, commission: 20, net: 0 },
    // Binary floating point gives 987.6479999999999; the net is cut at the decimal guard.
    { gross: 1234.56, nonCom: 0, commission: 20, net: 987.648 },
  ])('gives $net for gross $gross, non-com $nonCom and commission $commission%', ({ gross, nonCom, commission, net }) => {
    expect(computeNet(gross, nonCom, commission)).toBe(net);
  });
});

describe('rounding', () => {
  it('rounds up to 608, not 609, once binary noise is cut at 6 decimals', () => {
    expect((496 / 1.085) * 1.33).toBeGreaterThan(608);
    expect(decimalSafeRoundUp((496 / 1.085) * 1.33)).toBe(608);
    expect(decimalSafeRoundUp(608.0000011)).toBe(609);
  });

  it.each([
    { value: 2.5, places: 0, round: 3, up: 3 },
    { value: -2.5, places: 0, round: -3, up: -3 },
    { value: 2.1, places: 0, round: 2, up: 3 },
    { value: -2.1, places: 0, round: -2, up: -3 },
    { value: 1.0000004, places: 6, round: 1, up: 1.000001 },
  ])('rounds $value to $places places as a spreadsheet does', ({ value, places, round, up }) => {
    expect(roundHalfAwayFromZero(value, places)).toBe(round);
    expect(roundUpAwayFromZero(value, places)).toBe(up);
  });
});

describe('resolveRate', () => {
  const rates = [rate(20, 1.32, 1.11, 41), rate(10, 1.28, 1.11, DEFAULT_MARKUP_RATE_ID)];

  it.each([
    { markupRateId: 41, expected: 41 },
    { markupRateId: null, expected: DEFAULT_MARKUP_RATE_ID },
    { markupRateId: 99, expected: undefined },
  ])('finds rate $expected for markup_rate_id $markupRateId', ({ markupRateId, expected }) => {
    expect(resolveRate(rates, markupRateId)?.id).toBe(expected);
  });

  it('treats a missing markup_rate_id as rate 15', () => {
    expect(DEFAULT_MARKUP_RATE_ID).toBe(15);
  });
});
