import { shiftDateByYears } from '../pricing/shift-date-by-years.js';
import type { SeasonRate } from '../pricing/tour-pricing.js';
import { ceilDiv, floorDiv, fractionOf, type Fraction } from './exact-decimal.js';

// The rules of a season roll-over (issue 31) as pure functions: next year's gross from this
// year's by an uplift in percent and a rounding, dates moved a year on, and each row's commission
// rate found in the target season's model.

/** The roundings a roll-over offers: to the nearest (halves go up) or the next multiple of these. */
export const ROUND_STEPS = [1, 5, 10, 50] as const;
export type RoundStep = (typeof ROUND_STEPS)[number];
export type RoundMode = 'nearest' | 'up';
/**
 * `ending`: a price ending instead of a multiple, e.g. 9 (prices end in 9: 1,249) or 95 (1,195);
 * it rounds among the numbers with that ending, by `mode`, and the step is not used.
 */
export type RoundingRule = { step: RoundStep; mode: RoundMode; ending: number | null };

export const UPLIFT_LIMITS = { min: -50, max: 100 } as const;

/** The grid the rounding lands on: every `size` units from `offset` (a multiple of 5: size 5, offset 0; ending 9: size 10, offset 9). */
function gridOf(rule: RoundingRule): { size: bigint; offset: bigint } {
  if (rule.ending === null) return { size: BigInt(rule.step), offset: 0n };
  if (!Number.isInteger(rule.ending) || rule.ending < 0 || rule.ending > 999) throw new RangeError(`A price ending is 0 to 999: ${rule.ending}`);
  return { size: 10n ** BigInt(String(rule.ending).length), offset: BigInt(rule.ending) };
}

/** `value` rounded onto the rule's grid: nearest with halves going up, or the next one up; never below zero's grid point. */
export function roundFraction(value: Fraction, rule: RoundingRule): number {
  const { size, offset } = gridOf(rule);
  // value - offset, over the grid size: k grid steps from the offset.
  const above = value.num - offset * value.den;
  const per = size * value.den;
  let steps = rule.mode === 'up' ? ceilDiv(above, per) : floorDiv(2n * above + per, 2n * per);
  // A price is never rounded below the grid's first point (ending 9 never gives -1).
  if (steps < 0n) steps = 0n;
  return Number(steps * size + offset);
}

/** This year's plain gross with the uplift (percent, -50 to 100) applied, exactly, then rounded by the rule. */
export function upliftedGross(gross: number, upliftPercent: number, rule: RoundingRule): number {
  if (upliftPercent < UPLIFT_LIMITS.min || upliftPercent > UPLIFT_LIMITS.max) {
    throw new RangeError(`An uplift is ${UPLIFT_LIMITS.min}% to ${UPLIFT_LIMITS.max}%: ${upliftPercent}`);
  }
  const price = fractionOf(gross);
  const percent = fractionOf(upliftPercent);
  // gross × (100 + percent) / 100, as one fraction.
  const factor = { num: 100n * percent.den + percent.num, den: 100n * percent.den };
  return roundFraction({ num: price.num * factor.num, den: price.den * factor.den }, rule);
}

/** How dates move: the same day a year on (29 February becomes 28), or 52 weeks on (the same weekday). */
export type DateShift = 'year' | 'weeks';

const DAY_MS = 86_400_000;

/** `date` moved on by `years` under the shift; 'weeks' moves by 52 weeks a year, so a Saturday stays a Saturday. */
export function shiftRolledDate(date: string, years: number, shift: DateShift): string {
  if (shift === 'year') return shiftDateByYears(date, years);
  const day = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(day)) throw new RangeError(`Not an ISO date: ${date}`);
  return new Date(day + years * 52 * 7 * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Each source rate's rate in the target model: the target's rate of the same commission.
 * `unmatched`: source rates whose commission the target model has no rate for; a roll-over
 * listing rows on them cannot be committed until they are mapped.
 */
export function mapRatesByCommission(from: readonly SeasonRate[], to: readonly SeasonRate[]): { map: Map<number, number>; unmatched: SeasonRate[] } {
  const map = new Map<number, number>();
  const unmatched: SeasonRate[] = [];
  for (const rate of from) {
    const target = to.find((candidate) => candidate.commission === rate.commission);
    if (target) map.set(rate.id, target.id);
    else unmatched.push(rate);
  }
  return { map, unmatched };
}
