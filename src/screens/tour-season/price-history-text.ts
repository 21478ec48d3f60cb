import { useCallback } from 'react';
import { formatMoney } from '../../domain/format-money';
import { isPriceMoneyField, priceFieldSymbol } from '../../domain/pricing/price-currencies';
import { snapshotValue, type RowSnapshot, type SnapshotField } from '../../domain/pricing/price-history';
import type { SelectOption } from '../../grid/price-grid-context';

// How the price history names fields and sources, and shows a snapshot's values.

export const FIELD_NAMES: Record<SnapshotField, string> = {
  gross: 'Gross',
  formula: 'Formula',
  non_com: 'Non-com',
  markup_rate_id: 'Commission',
  adjustment: 'Adjustment',
  net: 'Net',
  cost: 'Cost',
  percent: 'Percent',
};

/** Who a change set names when no staff member made it (the legacy import, the command line). */
export const authorName = (author: string | null) => author ?? 'Import or command line';

export const SOURCE_NAMES: Record<string, string> = {
  pricing: 'Pricing save',
  bikes: 'Bikes save',
  supplements: 'Supplements save',
  extra_nights: 'Extra nights save',
  extras: 'Extras save',
  reductions: 'Reductions save',
  rates: 'Rate change',
  import: 'Import',
  rollover: 'Season roll-over',
};

/**
 * A field of a snapshot as text, as the grid shows it: the commission as the grid names its rate,
 * money with its currency's sign (gross, non-com and net in the season's `currencySymbol`,
 * adjustment and cost in pounds: PRICE_FIELD_CURRENCY; a reduction's cost is pounds too), '—' for none.
 */
export function useSnapshotText(commissionOf: (rateId: number | null) => string, currencySymbol: string) {
  return useCallback(
    (field: SnapshotField, snapshot: RowSnapshot | null): string => {
      if (snapshot === null) return '—';
      const value = snapshot.cost === null && field === 'cost' ? null : snapshotValue(snapshot, field);
      if (field === 'markup_rate_id') return commissionOf((value ?? null) as number | null);
      if (value === null || value === undefined) return '—';
      if (isPriceMoneyField(field) && typeof value === 'number') return formatMoney(value, priceFieldSymbol(field, currencySymbol));
      return String(value);
    },
    [commissionOf, currencySymbol],
  );
}

/** The commission a rate id stands for, as the grid's choices name it. */
export const commissionLabel = (choices: readonly SelectOption[], rateId: number | null): string =>
  choices.find((choice) => choice.value === rateId)?.label ?? (rateId === null ? '—' : `rate ${rateId}`);
