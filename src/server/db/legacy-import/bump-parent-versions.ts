// Editing a season's prices or a model's rates is guarded by the parent's version (DESIGN.md
// section 4). When the import changes child rows of a tour season or a model that was already
// there, the parent gets a new version, so an editor holding the old one gets 409 instead of
// overwriting the imported values. New parents and parents the import already updated are left.

import { type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { LegacyData } from './legacy-tables.js';

export type ChangedIds = ReadonlyMap<string, { inserted: readonly number[]; updated: readonly number[] }>;

function parentsOf(changed: ChangedIds, table: string, parentOf: ReadonlyMap<number, number>): number[] {
  const rows = changed.get(table);
  if (!rows) return [];
  return [...rows.inserted, ...rows.updated].flatMap((id) => {
    const parent = parentOf.get(id);
    return parent === undefined ? [] : [parent];
  });
}

const ids = <Row extends { id: number }>(rows: readonly Row[], parent: (row: Row) => number | undefined) =>
  new Map(
    rows.flatMap((row) => {
      const value = parent(row);
      return value === undefined ? [] : [[row.id, value] as const];
    }),
  );

export async function bumpParentVersions(
  db: Kysely<Database>,
  data: LegacyData,
  changed: ChangedIds,
): Promise<{ tour_seasons: number; markup_models: number }> {
  const seasonOf = (rows: readonly { id: number; tour_season_id: number }[]) => ids(rows, (row) => row.tour_season_id);
  const partyExtraSeason = seasonOf(data.tour_party_extras);
  const roomExtraSeason = seasonOf(data.tour_room_extras);
  const touchedSeasons = new Set([
    ...parentsOf(changed, 'tour_routes', seasonOf(data.tour_routes)),
    ...parentsOf(changed, 'tour_pricing_categories', seasonOf(data.tour_pricing_categories)),
    ...parentsOf(changed, 'tour_prices', seasonOf(data.tour_prices)),
    ...parentsOf(changed, 'tour_bikes', seasonOf(data.tour_bikes)),
    ...parentsOf(changed, 'tour_party_extras', partyExtraSeason),
    ...parentsOf(
      changed,
      'tour_party_extra_variations',
      ids(data.tour_party_extra_variations, (row) => partyExtraSeason.get(row.tour_party_extra_id)),
    ),
    ...parentsOf(changed, 'tour_room_extras', roomExtraSeason),
    ...parentsOf(
      changed,
      'tour_room_extra_variations',
      ids(data.tour_room_extra_variations, (row) => roomExtraSeason.get(row.tour_room_extra_id)),
    ),
    ...parentsOf(changed, 'tour_reductions', seasonOf(data.tour_reductions)),
  ]);
  const touchedModels = new Set(
    parentsOf(
      changed,
      'markup_rates',
      ids(data.markup_rates, (row) => row.markup_model_id),
    ),
  );

  const alreadyNew = (table: string) => new Set([...(changed.get(table)?.inserted ?? []), ...(changed.get(table)?.updated ?? [])]);
  const newSeasons = alreadyNew('tour_seasons');
  const newModels = alreadyNew('markup_models');
  const seasons = [...touchedSeasons].filter((id) => !newSeasons.has(id));
  const models = [...touchedModels].filter((id) => !newModels.has(id));
  if (seasons.length > 0)
    await db
      .updateTable('tour_seasons')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', seasons)
      .execute();
  if (models.length > 0)
    await db
      .updateTable('markup_models')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', 'in', models)
      .execute();
  return { tour_seasons: seasons.length, markup_models: models.length };
}
