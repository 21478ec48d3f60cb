// The supplements and extra nights tabs stage extras the same way: each extra's own fields, and
// its variations as the rows of a price grid of their own (`[n]` counts variations of the same
// extra, as the server evaluates them). These are the pure parts: the save body and the rows a
// failed save names.

import type { PriceRowInput } from '../../formulas/price-rows';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { rowsHoldingKey } from '../../grid/rows-named-by-errors';

/** A stored variation's price fields; money arrives from the API as numbers or numeric text. */
export type StoredPriceFieldsOf = {
  formula: string | null;
  gross: number | string;
  non_com: number | string;
  adjustment: number | string;
  markup_rate_id: number | null;
};

/** The price fields of a grid row, from a stored (or copied) variation. */
export const priceFieldsOf = (variation: StoredPriceFieldsOf): Pick<PriceRow, 'formula' | 'gross' | 'non_com' | 'adjustment' | 'markup_rate_id'> => ({
  formula: variation.formula,
  gross: Number(variation.gross),
  non_com: Number(variation.non_com),
  adjustment: Number(variation.adjustment),
  markup_rate_id: variation.markup_rate_id,
});

/** One staged extra: its own fields, and its variations in a price grid model. */
export type StagedExtra<Fields, Row extends PriceRow> = { key: string; id?: number; fields: Fields; model: PriceGridModel<Row> };

let lastKey = 0;
export const newExtraKey = (): string => `extra-new-${(lastKey += 1)}`;
export const storedExtraKey = (id: number): string => `extra-${id}`;

/**
 * The season-wide save body: every extra in display order with all its variations (those not
 * sent are deleted by the server), and the queued removals.
 */
export function extrasSaveBody<Fields extends object, Row extends PriceRow>(
  version: number,
  extras: readonly StagedExtra<Fields, Row>[],
  variationFields: (row: Row) => Record<string, unknown>,
  removedIds: readonly number[],
) {
  return {
    version,
    removed_ids: [...removedIds],
    extras: extras.map((extra) => ({
      ...(extra.id === undefined ? {} : { id: extra.id }),
      ...extra.fields,
      variations: extra.model.rows.map((row, index) => {
        const prices: PriceRowInput = extra.model.savedFields(index);
        return { ...(row.id === undefined ? {} : { id: row.id }), ...variationFields(row), ...prices };
      }),
    })),
  };
}

/** Errors the grid finds before saving (a formula cycle...), named by extra and row. */
export function unsavableRows<Fields, Row extends PriceRow>(extras: readonly StagedExtra<Fields, Row>[], noun: string): { msg: string; path: string }[] {
  return extras.flatMap((extra, e) =>
    extra.model.errors().map((error) => ({ msg: `${noun} ${e + 1}, row ${error.row}: ${error.message}`, path: `extras.${e}.variations.${error.row}` })),
  );
}

/**
 * What a failed save names: for each extra (by index), its rows by key with the message (paths
 * `extras.i.variations.j...`), and messages about the extra itself (`extras.i.name`...).
 */
export function extraErrors<Fields, Row extends PriceRow>(
  items: readonly { msg: string; path?: string }[],
  extras: readonly StagedExtra<Fields, Row>[],
): { rows: Map<number, Map<string, string>>; extras: Map<number, string> } {
  const rows = new Map<number, Map<string, string>>();
  const own = new Map<number, string>();
  const markRow = (e: number, row: PriceRow, msg: string) => {
    const named = rows.get(e) ?? new Map<string, string>();
    named.set(row.key, msg);
    rows.set(e, named);
  };
  for (const { msg, path } of items) {
    const match = /^extras\.(\d+)(?:\.variations\.(\d+))?/.exec(path ?? '');
    if (!match) {
      // A database-key message ('Key (id)=(2446) is still referenced...') names a stored row.
      extras.forEach((extra, e) => rowsHoldingKey(msg, extra.model.rows).forEach((index) => markRow(e, extra.model.rows[index], msg)));
      continue;
    }
    const e = Number(match[1]);
    const extra = extras[e];
    if (!extra) continue;
    if (match[2] === undefined) {
      own.set(e, msg);
      continue;
    }
    const row = extra.model.rows[Number(match[2])];
    if (row) markRow(e, row, msg);
  }
  return { rows, extras: own };
}
