import { useCallback } from 'react';
import { formatPounds } from '../../domain/format-money';
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
};

/** A field of a snapshot as text: the commission as the grid names its rate, net and cost in pounds, '—' for none. */
export function useSnapshotText(commissionOf: (rateId: number | null) => string) {
  return useCallback(
    (field: SnapshotField, snapshot: RowSnapshot | null): string => {
      if (snapshot === null) return '—';
      const value = snapshot.cost === null && field === 'cost' ? null : snapshotValue(snapshot, field);
      if (field === 'markup_rate_id') return commissionOf((value ?? null) as number | null);
      if (value === null || value === undefined) return '—';
      if (field === 'net' || field === 'cost') return formatPounds(value as number);
      return String(value);
    },
    [commissionOf],
  );
}

/** The commission a rate id stands for, as the grid's choices name it. */
export const commissionLabel = (choices: readonly SelectOption[], rateId: number | null): string =>
  choices.find((choice) => choice.value === rateId)?.label ?? (rateId === null ? '—' : `rate ${rateId}`);
