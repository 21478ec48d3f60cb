import { decimalSafeRound, isUsableCurrencyRate } from '../price-maths.js';
import type { TourCodeImpact } from './rate-change-preview.js';

const roundMoney = (value: number) => Math.round(value * 100) / 100;

/**
 * The per-tour-code totals of a what-if, row by row, the same for the server's preview and the
 * bulk pricing page's. Profit is not stored, so "before" is worked out from the stored net and
 * cost with the season's stored currency rate, the way the grid shows it.
 */
export class TourCodeImpacts {
  private readonly impacts = new Map<string, TourCodeImpact & { tourSeasons: Set<number> }>();

  add(
    tourCode: string,
    tourSeasonId: number,
    before: { net: number; cost: number },
    storedCurrencyRate: number | null | undefined,
    after: { cost: number; profit: number },
  ): void {
    const impact = this.impacts.get(tourCode) ?? {
      tour_code: tourCode,
      tours: 0,
      rows: 0,
      cost_before: 0,
      cost_after: 0,
      profit_before: 0,
      profit_after: 0,
      tourSeasons: new Set<number>(),
    };
    impact.tourSeasons.add(tourSeasonId);
    impact.rows++;
    impact.cost_before += before.cost;
    impact.cost_after += after.cost;
    impact.profit_before += isUsableCurrencyRate(storedCurrencyRate) ? decimalSafeRound(before.cost - before.net / storedCurrencyRate) : 0;
    impact.profit_after += after.profit;
    this.impacts.set(tourCode, impact);
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
