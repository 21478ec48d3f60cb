import { describe, expect, it } from 'vitest';
import { computePrice } from '../../src/domain/price-maths';
import { currencyRateKey } from '../../src/domain/pricing/price-lists';
import { proposedRates, tourWhatIf, type StoredPriceRow } from '../../src/screens/bulk-pricing/tour-what-if';
import { seasonContext } from '../helpers/tour-screen-fixtures';

const context = seasonContext();
const rate = context.model!.rates[0];
const storedRow = (key: string, gross: number, markupRateId: number | null = rate.id): StoredPriceRow => {
  const input = { gross, non_com: 0, adjustment: 0, markup_rate_id: markupRateId };
  const { net, cost } = computePrice(input, rate, context.currency!.rate, 'tour');
  return { key, input, net, cost };
};
const euroAt = (value: number) => ({ tourSeasonIds: [context.id], currencyRates: new Map([[currencyRateKey(1, 3), value]]) });

describe('a tour season under an unsaved rate change', () => {
  it('leaves a tour season the proposal does not name alone', () => {
    expect(proposedRates(context, { tourSeasonIds: [99], currencyRates: new Map([[currencyRateKey(1, 3), 1.2]]) })).toBeNull();
    expect(tourWhatIf(context, { tourSeasonIds: [99] }, [storedRow('a', 675)])).toBeNull();
  });

  it('prices each row with the proposed currency rate and sums the changes to the penny', () => {
    const rows = [storedRow('a', 675), storedRow('b', 500)];
    const impact = tourWhatIf(context, euroAt(1.2), rows)!;
    const after = (gross: number) => computePrice({ gross, non_com: 0, adjustment: 0, markup_rate_id: rate.id }, rate, 1.2, 'tour').cost;
    expect(impact.rows.get('a')).toEqual({ current: rows[0].cost, next: after(675), change: after(675) - rows[0].cost });
    expect([impact.changed, impact.costChange]).toEqual([2, after(675) - rows[0].cost + after(500) - rows[1].cost]);
  });

  it('takes a model rate’s proposed commission and keeps the stored cost of a row it cannot price', () => {
    const rows = [storedRow('a', 675), { ...storedRow('b', 500), input: { gross: 500, non_com: 0, adjustment: 0, markup_rate_id: 4242 } }];
    const impact = tourWhatIf(
      context,
      { tourSeasonIds: [context.id], rates: new Map([[rate.id, { commission: 10, markup: rate.markup, supplement_markup: rate.supplement_markup }]]) },
      rows,
    )!;
    const after = computePrice(
      { gross: 675, non_com: 0, adjustment: 0, markup_rate_id: rate.id },
      { ...rate, commission: 10 },
      context.currency!.rate,
      'tour',
    ).cost;
    expect(impact.rows.get('a')?.next).toBe(after);
    expect(impact.rows.get('b')).toEqual({ current: rows[1].cost, next: rows[1].cost, change: 0 });
    expect(impact.changed).toBe(1);
  });
});
