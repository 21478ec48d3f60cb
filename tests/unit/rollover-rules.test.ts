import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionOf } from '../../src/domain/rollover/exact-decimal.js';
import {
  mapRatesByCommission,
  ROUND_STEPS,
  roundFraction,
  shiftRolledDate,
  upliftedGross,
  type RoundingRule,
} from '../../src/domain/rollover/rollover-rules.js';

// Issue 31: the roll-over's rules as pure functions, checked on examples and with fast-check
// properties against an independent model in whole pence and hundredths of a percent.

const nearest = (step: RoundingRule['step']): RoundingRule => ({ step, mode: 'nearest', ending: null });
const up = (step: RoundingRule['step']): RoundingRule => ({ step, mode: 'up', ending: null });
const ending = (digits: number, mode: RoundingRule['mode'] = 'nearest'): RoundingRule => ({ step: 1, mode, ending: digits });

describe('upliftedGross', () => {
  it('uplifts and rounds the worked examples', () => {
    expect(upliftedGross(1200, 4, nearest(1))).toBe(1248);
    expect(upliftedGross(1200, 4, nearest(5))).toBe(1250);
    expect(upliftedGross(1200, 4, up(10))).toBe(1250);
    expect(upliftedGross(1200, 4, nearest(50))).toBe(1250);
    expect(upliftedGross(1200, 4, ending(9))).toBe(1249);
    expect(upliftedGross(1200, 4, ending(9, 'up'))).toBe(1249);
    expect(upliftedGross(1200, 5, ending(9, 'up'))).toBe(1269);
    expect(upliftedGross(1100, 0, ending(95))).toBe(1095);
    // Exact decimals: 1,249.95 × 1.04 is 1,299.948; halves go up.
    expect(upliftedGross(1249.95, 4, nearest(1))).toBe(1300);
    expect(upliftedGross(150, 1, nearest(1))).toBe(152);
    expect(upliftedGross(12.5, 0, nearest(5))).toBe(15);
    expect(upliftedGross(675, -10, nearest(1))).toBe(608);
  });

  it('refuses an uplift outside -50% to 100%', () => {
    expect(() => upliftedGross(100, 101, nearest(1))).toThrow(/-50% to 100%/);
    expect(() => upliftedGross(100, -51, nearest(1))).toThrow(/-50% to 100%/);
  });

  it('matches a model in whole pence and hundredths of a percent, for every step and mode', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: -5000, max: 10_000 }),
        fc.constantFrom(...ROUND_STEPS),
        fc.constantFrom('nearest' as const, 'up' as const),
        (pence, hundredths, step, mode) => {
          // The exact result in units of 1/1,000,000 of a pound: pence × (10,000 + hundredths) / 10,000 / 100.
          const micro = BigInt(pence) * BigInt(10_000 + hundredths);
          const unit = BigInt(step) * 1_000_000n;
          const expected = mode === 'up' ? (micro + unit - 1n) / unit : (2n * micro + unit) / (2n * unit);
          const got = upliftedGross(pence / 100, hundredths / 100, { step, mode, ending: null });
          expect(got).toBe(Number(expected * BigInt(step)));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('roundFraction', () => {
  const value = fc.integer({ min: 0, max: 10_000_000 }).map((pence) => pence / 100);
  it('never moves a price by more than half the step (nearest) or a step (up), and up never lowers', () => {
    fc.assert(
      fc.property(value, fc.constantFrom(...ROUND_STEPS), (price, step) => {
        const near = roundFraction(fractionOf(price), nearest(step));
        const above = roundFraction(fractionOf(price), up(step));
        expect(near % step).toBe(0);
        expect(above % step).toBe(0);
        expect(Math.abs(near - price)).toBeLessThanOrEqual(step / 2 + 1e-9);
        expect(above).toBeGreaterThanOrEqual(price);
        expect(above - price).toBeLessThan(step);
      }),
      { numRuns: 500 },
    );
  });

  it('lands on the ending asked for, within one ending step, and up never lowers', () => {
    fc.assert(
      fc.property(
        value.filter((price) => price >= 100),
        fc.constantFrom(0, 5, 9, 49, 95, 99),
        (price, digits) => {
          const size = 10 ** String(digits).length;
          const near = roundFraction(fractionOf(price), ending(digits));
          const above = roundFraction(fractionOf(price), ending(digits, 'up'));
          for (const rounded of [near, above]) expect(rounded % size).toBe(digits);
          expect(Math.abs(near - price)).toBeLessThanOrEqual(size / 2);
          expect(above).toBeGreaterThanOrEqual(price);
          expect(above - price).toBeLessThan(size);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('shiftRolledDate', () => {
  const day = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2090, 11, 31) }).map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10));

  it('moves a year on to the same day, 29 February to 28', () => {
    expect(shiftRolledDate('2026-05-01', 1, 'year')).toBe('2027-05-01');
    expect(shiftRolledDate('2028-02-29', 1, 'year')).toBe('2029-02-28');
    fc.assert(
      fc.property(day, (date) => {
        const moved = shiftRolledDate(date, 1, 'year');
        expect(Number(moved.slice(0, 4))).toBe(Number(date.slice(0, 4)) + 1);
        expect(moved.slice(5)).toBe(date.slice(5) === '02-29' ? '02-28' : date.slice(5));
      }),
    );
  });

  it('moves 52 weeks a year on, keeping the weekday: a Saturday start stays a Saturday', () => {
    expect(shiftRolledDate('2026-05-02', 1, 'weeks')).toBe('2027-05-01');
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 3 }), (date, years) => {
        const moved = shiftRolledDate(date, years, 'weeks');
        expect(new Date(`${moved}T00:00:00Z`).getUTCDay()).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
        expect((Date.parse(moved) - Date.parse(date)) / 86_400_000).toBe(364 * years);
      }),
    );
  });
});

describe('mapRatesByCommission', () => {
  it("maps each rate to the target model's rate of the same commission and lists the ones without", () => {
    const rate = (id: number, commission: number) => ({ id, commission, markup: 1.3, supplement_markup: 1.2 });
    const { map, unmatched } = mapRatesByCommission([rate(1, 20), rate(2, 10), rate(3, 15)], [rate(7, 10), rate(8, 20)]);
    expect([...map]).toEqual([
      [1, 8],
      [2, 7],
    ]);
    expect(unmatched.map((one) => one.id)).toEqual([3]);
  });
});
