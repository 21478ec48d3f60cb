import type { GridRow } from './commands/grid-row';

/**
 * One row of a price grid as the screen stages it. `key` is stable for the life of the screen
 * (also across saves, so focus stays on the row); `id` is the database id once saved. Other
 * fields (room_type_id, bike_id, order...) are the screen's own leading columns.
 */
export type PriceRow = GridRow & {
  key: string;
  id?: number;
  formula: string | null;
  gross: number | null;
  non_com: number | null;
  adjustment: number | null;
  markup_rate_id: number | null;
};

/** The price fields every price grid edits and saves. */
export const PRICE_FIELDS = ['formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id'] as const;

/** The computed columns: read from the price workbook, never typed. */
export const COMPUTED_FIELDS = ['net', 'subtotal', 'cost', 'profit'] as const;
export type ComputedField = (typeof COMPUTED_FIELDS)[number];

let lastKey = 0;

/** A client key for a row the server has not stored yet. */
export function newRowKey(): string {
  lastKey += 1;
  return `new-${lastKey}`;
}

/** The key a stored row gets when a screen loads it. */
export const storedRowKey = (id: number): string => `row-${id}`;
