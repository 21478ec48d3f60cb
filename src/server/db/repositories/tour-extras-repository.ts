import { sql, type Kysely } from 'kysely';
import type { PartyExtra, PartyExtraVariation, RoomExtra, RoomExtraVariation } from '../../../domain/tours/tour-extras-schemas.js';
import type { StoredPrice } from '../../pricing/keep-stored-cost.js';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';
import type { Owner } from './tour-season-rows-repository.js';

// A tour season's party extras (supplements) and room extras (extra nights) with their
// variations. Saving them goes through tour-season-rows-repository.ts (routes/tour-extras).

/** The stored price columns every variation has, in the order answers list them. */
const PRICE_COLUMNS = ['formula', 'gross', 'non_com', 'net', 'adjustment', 'cost', 'markup_rate_id'] as const;

const byExtra = <Variation>(variations: (Variation & { extraId: number })[]) => {
  const grouped = new Map<number, Variation[]>();
  for (const { extraId, ...variation } of variations) grouped.set(extraId, [...(grouped.get(extraId) ?? []), variation as unknown as Variation]);
  return grouped;
};

/** The season's party extras in display order with their variations in grid order; one extra when `extraId` is given. */
export async function listPartyExtras(db: Kysely<Database>, tourSeasonId: number, extraId?: number): Promise<PartyExtra[]> {
  let extrasQuery = db
    .selectFrom('tour_party_extras')
    .select(['id', 'tour_season_id', 'name', 'guidance', 'boat_id', 'nights', 'order'])
    .where('tour_season_id', '=', tourSeasonId);
  if (extraId !== undefined) extrasQuery = extrasQuery.where('id', '=', extraId);
  const extras = await extrasQuery.orderBy('order').orderBy('id').execute();
  if (extras.length === 0) return [];
  const variations = await db
    .selectFrom('tour_party_extra_variations')
    .select(['id', 'tour_party_extra_id', 'tour_party_extra_id as extraId', 'accommodation_category_id', 'bike_id', 'min_pax', 'max_pax', ...PRICE_COLUMNS])
    .where(
      'tour_party_extra_id',
      'in',
      extras.map((extra) => extra.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const grouped = byExtra<PartyExtraVariation>(variations);
  return extras.map((extra) => ({ ...extra, variations: grouped.get(extra.id) ?? [] }));
}

/** The season's room extras by id with their variations in grid order; one extra when `extraId` is given. */
/** A room extra variation's own columns besides its price: when and for which room it applies. */
export const ROOM_VARIATION_FIELDS = [
  'start',
  'end',
  'room_type_id',
  'accommodation_category_id',
  'specific_dates',
  'restricted_dates',
  'restricted_days',
] as const;

export async function listRoomExtras(db: Kysely<Database>, tourSeasonId: number, extraId?: number): Promise<RoomExtra[]> {
  let extrasQuery = db.selectFrom('tour_room_extras').select(['id', 'tour_season_id', 'name', 'pre', 'post']).where('tour_season_id', '=', tourSeasonId);
  if (extraId !== undefined) extrasQuery = extrasQuery.where('id', '=', extraId);
  const extras = await extrasQuery.orderBy('id').execute();
  if (extras.length === 0) return [];
  const variations = await db
    .selectFrom('tour_room_extra_variations')
    .select(['id', 'tour_room_extra_id', 'tour_room_extra_id as extraId', ...ROOM_VARIATION_FIELDS, ...PRICE_COLUMNS])
    .where(
      'tour_room_extra_id',
      'in',
      extras.map((extra) => extra.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  const grouped = byExtra<RoomExtraVariation>(variations);
  return extras.map((extra) => ({ ...extra, variations: grouped.get(extra.id) ?? [] }));
}

/** The stored price fields of an extra's variations, by id. */
export async function variationPrices(trx: Kysely<Database>, owner: Owner): Promise<Map<number, StoredPrice>> {
  const rows = await selectRows(
    trx,
    sql<StoredPrice & { id: number }>`
    SELECT id, formula, gross, non_com, adjustment, markup_rate_id, net, cost
    FROM ${sql.table(owner.table)} WHERE ${sql.ref(owner.column)} = ${owner.id}`,
  );
  return new Map(rows.map(({ id, ...price }) => [id, price]));
}

/** Deletes one extra; its variations go with it (ON DELETE CASCADE). */
export async function deleteExtra(trx: Kysely<Database>, table: 'tour_party_extras' | 'tour_room_extras', extraId: number): Promise<void> {
  await trx.deleteFrom(table).where('id', '=', extraId).execute();
}
