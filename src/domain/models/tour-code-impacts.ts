import { decimalSafeRound, isUsableCurrencyRate } from '../price-maths.js';
import { belowGuardrail, hasGuardrail, NO_GUARDRAIL, type MarginGuardrail } from './margin-guardrail.js';
import type { TourCodeImpact } from './rate-change-preview.js';

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/**
 * The per-tour-code totals of a what-if, row by row, the same for the server's preview and the
 * bulk pricing page's. Profit is not stored, so "before" is worked out from the stored net and
 * cost with the season's stored currency rate, the way the grid shows it. Rows under the model's
 * margin guardrail are counted with the grid's own test (belowGuardrail); a row whose stored
 * profit cannot be worked out (no usable stored rate) is not counted as under it now.
 */
export class TourCodeImpacts {
  private readonly impacts = new Map<string, TourCodeImpact & { tourSeasons: Set<number> }>();

  add(
    tourCode: string,
    tourSeasonId: number,
    before: { net: number; cost: number },
    storedCurrencyRate: number | null | undefined,
    after: { cost: number; profit: number },
    guard: MarginGuardrail = NO_GUARDRAIL,
  ): void {
    const impact = this.impacts.get(tourCode) ?? {
      tour_code: tourCode,
      tours: 0,
      rows: 0,
      cost_before: 0,
      cost_after: 0,
      profit_before: 0,
      profit_after: 0,
      below_guardrail_before: 0,
      below_guardrail_after: 0,
      tourSeasons: new Set<number>(),
    };
    impact.tourSeasons.add(tourSeasonId);
    impact.rows++;
    impact.cost_before += before.cost;
    impact.cost_after += after.cost;
    const profitBefore = isUsableCurrencyRate(storedCurrencyRate) ? decimalSafeRound(before.cost - before.net / storedCurrencyRate) : null;
    impact.profit_before += profitBefore ?? 0;
    impact.profit_after += after.profit;
    if (hasGuardrail(guard)) {
      if (profitBefore !== null && belowGuardrail(before.cost, profitBefore, guard)) impact.below_guardrail_before++;
      if (belowGuardrail(after.cost, after.profit, guard)) impact.below_guardrail_after++;
    }
    this.impacts.set(tourCode, impact);
  }

  /** Changed rows under the guardrail after the change (below_guardrail) and now (below_guardrail_now), over every tour code. */
  belowGuardrail(): { below_guardrail: number; below_guardrail_now: number } {
    let after = 0;
    let now = 0;
    for (const impact of this.impacts.values()) {
      after += impact.below_guardrail_after;
      now += impact.below_guardrail_before;
    }
    return { below_guardrail: after, below_guardrail_now: now };
  }

  /** By tour code, money rounded to pence. */
  list(): TourCodeImpact[] {
    return [...this.impacts.values()]
      .map(({ tourSeasons, ...impact }) => ({
        ...impact,
        tours: tourSeasons.size,
        cost_before: roundMoney(impact.cost_before),
        cost_after: roundMoney(impact.cost_after),
        profit_before: roundMoney(impact.profit_before),
        profit_after: roundMoney(impact.profit_after),
      }))
      .sort((a, b) => a.tour_code.localeCompare(b.tour_code));
  }
}
