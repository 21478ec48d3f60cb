import type { SelectOption } from '../../grid/price-grid-context';
import type { SeasonRate } from '../../domain/pricing/tour-pricing';

/** A season model's rates as commission choices: '20%', with the id added when two share a percentage. */
export function rateOptions(rates: readonly SeasonRate[]): SelectOption[] {
  return rates.map((rate) => {
    const shared = rates.filter((other) => other.commission === rate.commission).length > 1;
    return { value: rate.id, label: `${rate.commission}%${shared ? ` (rate ${rate.id})` : ''}` };
  });
}
