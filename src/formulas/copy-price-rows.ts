// Copies of price rows for Copy From and duplication: DESIGN.md section 5, "when a season's data
// is copied, references are remapped to the copied rows".

import { remapFormulaReferences } from './formula-references';

type CopiedRow<Row> = Omit<Row, 'id'>;

/**
 * Copies of a consecutive block of grid rows that sat at `from` in their grid, to be placed at
 * `at` (of the same or another grid): ids are dropped, a reference into the block points at the
 * copy of the row it pointed at, and any other reference (a row outside the block, a missing
 * row) is kept as typed.
 */
export function copyPriceRows<Row extends { id?: number; formula: string | null }>(rows: readonly Row[], from = 0, at = 0): CopiedRow<Row>[] {
  const shift = (row: number) => (row >= from && row < from + rows.length ? row - from + at : undefined);
  return rows.map((row) => {
    const { id: _id, ...fields } = row;
    return { ...fields, formula: fields.formula === null ? null : remapFormulaReferences(fields.formula, shift) };
  });
}

type StoredVariation = { id?: number; formula: string | null; tour_party_extra_id?: number; tour_room_extra_id?: number };
/** A copied variation: its fields without its id and the extra it belonged to. */
export type CopiedVariation<Variation> = Omit<Variation, 'id' | 'tour_party_extra_id' | 'tour_room_extra_id'>;
/** An extra's own fields (name, flags...), without its id, season and variations. */
export type ExtraOwnFields<Extra> = Omit<Extra, 'id' | 'tour_season_id' | 'variations'>;
export type CopiedExtra<Extra extends { variations: readonly unknown[] }, Variation> = ExtraOwnFields<Extra> & {
  variations: CopiedVariation<Variation>[];
};

/**
 * Another season's party or room extras as new extras of this season: each extra's variations
 * are a grid of their own (`[n]` counts variations of the same extra), so each is copied as a
 * whole block at row 0 and its references keep pointing at the copies.
 */
export function copyExtras<Variation extends StoredVariation, Extra extends { id?: number; tour_season_id?: number; variations: readonly Variation[] }>(
  extras: readonly Extra[],
): CopiedExtra<Extra, Variation>[] {
  return extras.map((extra) => {
    const { id: _id, tour_season_id: _season, variations, ...fields } = extra;
    const copied = copyPriceRows(variations).map((variation) => {
      const { tour_party_extra_id: _party, tour_room_extra_id: _room, ...rest } = variation as CopiedRow<Variation> & StoredVariation;
      return rest as CopiedVariation<Variation>;
    });
    return { ...fields, variations: copied };
  });
}
