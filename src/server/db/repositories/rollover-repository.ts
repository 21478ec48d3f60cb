import { sql, type Insertable, type Kysely } from 'kysely';
import { PRICING_GROUP_FIELDS, type SeasonRate } from '../../../domain/pricing/tour-pricing.js';
import type { Database } from '../schema.js';
import { chunksOf } from '../write-chunk.js';
import type { PriceRowWrite } from './season-pricing-repository.js';
import { ROOM_VARIATION_FIELDS } from './tour-extras-repository.js';

// What a season roll-over (issue 31) reads and writes: the seasons, the tours it can take, each
// chunk of source tour seasons with their rows, and the new tour seasons with theirs. Every read
// is bounded by a chunk of tour seasons, so no statement holds the embedded database for long.

/** A stored price's own columns, in every list a roll-over copies (groups' prices, bikes, extras' variations). */
const PRICE_FIELDS = ['formula', 'gross', 'non_com', 'adjustment', 'markup_rate_id', 'net', 'cost'] as const;

/** A season with its own markup model (the target's becomes the new tour seasons' model). */
export function findRolloverSeason(db: Kysely<Database>, seasonId: number) {
  return db.selectFrom('seasons').select(['id', 'name', 'model_id']).where('id', '=', seasonId).executeTakeFirst();
}

/** A model with its rates (highest commission first) and guardrail. */
export async function findRolloverModel(db: Kysely<Database>, modelId: number) {
  const model = await db.selectFrom('markup_models').select(['id', 'name', 'min_margin_percent', 'min_profit']).where('id', '=', modelId).executeTakeFirst();
  if (!model) return undefined;
  const rates: SeasonRate[] = await db
    .selectFrom('markup_rates')
    .select(['id', 'commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', '=', modelId)
    .orderBy('commission', 'desc')
    .orderBy('id')
    .execute();
  return { ...model, rates };
}

/** The rates of these models, by model. */
export async function listRatesByModel(db: Kysely<Database>, modelIds: readonly number[]): Promise<Map<number, SeasonRate[]>> {
  const byModel = new Map<number, SeasonRate[]>();
  if (modelIds.length === 0) return byModel;
  const rows = await db
    .selectFrom('markup_rates')
    .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', 'in', [...modelIds])
    .orderBy('commission', 'desc')
    .orderBy('id')
    .execute();
  for (const { markup_model_id, ...rate } of rows) byModel.set(markup_model_id, [...(byModel.get(markup_model_id) ?? []), rate]);
  return byModel;
}

/** Each currency's name and its rate in the season (null when it has none). */
export async function listCurrencyRatesOfSeason(db: Kysely<Database>, seasonId: number): Promise<Map<number, { name: string; rate: number | null }>> {
  const rows = await db
    .selectFrom('currencies as c')
    .leftJoin('currency_rates as r', (join) => join.onRef('r.currency_id', '=', 'c.id').on('r.season_id', '=', seasonId))
    .select(['c.id', 'c.name', 'r.rate'])
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, rate: row.rate ?? null }]));
}

export async function listDestinationNames(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db.selectFrom('destinations').select(['id', 'name']).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The tours with a tour season in the source season (all, or those named), in tour code order, each with its tour season in the target if it has one. */
export function listRolloverCandidates(db: Kysely<Database>, sourceSeasonId: number, targetSeasonId: number, tourIds?: readonly number[]) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .select([
      'ts.id as tour_season_id',
      't.id as tour_id',
      sql<string>`coalesce(nullif(t.tour_code, ''), 'Tour ' || t.id)`.as('tour_code'),
      't.name as tour_name',
      't.destinations as destination_ids',
      'ts.currency_id',
      'ts.markup_model_id',
      'ts.deposit',
      sql<number | null>`(SELECT o.id FROM tour_seasons o WHERE o.tour_id = t.id AND o.season_id = ${targetSeasonId})`.as('target_tour_season_id'),
    ])
    .where('ts.season_id', '=', sourceSeasonId)
    .where('t.deleted', '=', false)
    .$if(tourIds !== undefined, (query) => query.where('t.id', 'in', [...tourIds!]))
    .orderBy('tour_code')
    .orderBy('t.id')
    .execute();
}
export type RolloverCandidateRow = Awaited<ReturnType<typeof listRolloverCandidates>>[number];

/** The rows of a chunk of tour seasons a roll-over copies: routes, price groups, prices, bikes, specifications, in display order. */
export async function listRolloverSourceRows(db: Kysely<Database>, tourSeasonIds: readonly number[]) {
  const ids = [...tourSeasonIds];
  const routes = await db.selectFrom('tour_routes').select(['id', 'tour_season_id', 'name']).where('tour_season_id', 'in', ids).orderBy('id').execute();
  const categories = await db
    .selectFrom('tour_pricing_categories')
    .select(['id', 'tour_season_id', ...PRICING_GROUP_FIELDS])
    .where('tour_season_id', 'in', ids)
    .orderBy('tour_season_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  // In display order: rows are numbered across the groups of the season, as formulas' [n] count them.
  const prices = await db
    .selectFrom('tour_prices as p')
    .innerJoin('tour_pricing_categories as c', 'c.id', 'p.tour_pricing_category_id')
    .select([
      'p.id',
      'p.tour_season_id',
      'p.tour_pricing_category_id',
      'p.room_type_id',
      'p.accommodation_category_id',
      'p.deck_id',
      'p.formula',
      'p.gross',
      'p.non_com',
      'p.adjustment',
      'p.markup_rate_id',
      'p.net',
      'p.cost',
    ])
    .where('p.tour_season_id', 'in', ids)
    .orderBy('c.position')
    .orderBy('c.id')
    .orderBy('p.position')
    .orderBy('p.id')
    .execute();
  const bikes = await db
    .selectFrom('tour_bikes')
    .select(['id', 'tour_season_id', 'bike_id', 'nights', 'boat_id', 'gallery_id', ...PRICE_FIELDS])
    .where('tour_season_id', 'in', ids)
    .orderBy('order')
    .orderBy('id')
    .execute();
  const specifications = await db
    .selectFrom('tour_specifications')
    .select(['tour_season_id', 'price_includes', 'price_excludes'])
    .where('tour_season_id', 'in', ids)
    .orderBy('id')
    .execute();
  const partyExtras = await db
    .selectFrom('tour_party_extras')
    .select(['id', 'tour_season_id', 'name', 'guidance', 'boat_id', 'nights'])
    .where('tour_season_id', 'in', ids)
    .orderBy('order')
    .orderBy('id')
    .execute();
  const partyVariations = partyExtras.length
    ? await db
        .selectFrom('tour_party_extra_variations')
        .select(['tour_party_extra_id as extra_id', 'accommodation_category_id', 'bike_id', 'min_pax', 'max_pax', ...PRICE_FIELDS])
        .where(
          'tour_party_extra_id',
          'in',
          partyExtras.map((extra) => extra.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const roomExtras = await db
    .selectFrom('tour_room_extras')
    .select(['id', 'tour_season_id', 'name', 'pre', 'post'])
    .where('tour_season_id', 'in', ids)
    .orderBy('id')
    .execute();
  const roomVariations = roomExtras.length
    ? await db
        .selectFrom('tour_room_extra_variations')
        .select(['tour_room_extra_id as extra_id', ...ROOM_VARIATION_FIELDS, ...PRICE_FIELDS])
        .where(
          'tour_room_extra_id',
          'in',
          roomExtras.map((extra) => extra.id),
        )
        .orderBy('position')
        .orderBy('id')
        .execute()
    : [];
  const reductions = await db.selectFrom('tour_reductions').selectAll().where('tour_season_id', 'in', ids).orderBy('order').orderBy('id').execute();
  return { routes, categories, prices, bikes, specifications, partyExtras, partyVariations, roomExtras, roomVariations, reductions };
}

export type RolloverSourceRows = Awaited<ReturnType<typeof listRolloverSourceRows>>;

/** Serial ids are drawn in the order of the VALUES list: ascending ids are the rows in order. */
const ascending = (rows: readonly { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

/** A rolled price as the commit writes it: a price as a season's save writes it, new. */
export type RolledPriceWrite = Omit<PriceRowWrite, 'id'>;

/**
 * Inserts the prices in one statement of column arrays (unnest), not one parameter per value: on
 * the embedded database a few hundred rows insert several times faster so. Answers their ids in
 * the order of the rows (serial ids are drawn in the order unnest yields the rows).
 */
export async function insertRolledPrices(trx: Kysely<Database>, rows: readonly RolledPriceWrite[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const column = <K extends keyof RolledPriceWrite>(key: K) => rows.map((row) => row[key]);
  const { rows: inserted } = await sql<{ id: number }>`
    INSERT INTO tour_prices (tour_pricing_category_id, tour_season_id, room_type_id, accommodation_category_id, deck_id, formula,
      gross, non_com, adjustment, markup_rate_id, net, cost, position)
    SELECT * FROM unnest(${column('tour_pricing_category_id')}::int[], ${column('tour_season_id')}::int[], ${column('room_type_id')}::int[],
      ${column('accommodation_category_id')}::int[], ${column('deck_id')}::int[], ${column('formula')}::text[], ${column('gross')}::numeric[],
      ${column('non_com')}::numeric[], ${column('adjustment')}::numeric[], ${column('markup_rate_id')}::int[], ${column('net')}::numeric[],
      ${column('cost')}::numeric[], ${column('position')}::int[])
    RETURNING id`.execute(trx);
  return ascending(inserted);
}

export type NewTourSeason = Omit<Insertable<Database['tour_seasons']>, 'id' | 'version'>;

/** Inserts the tour seasons; answers their ids and versions, in the order given. */
export async function insertTourSeasons(trx: Kysely<Database>, rows: readonly NewTourSeason[]): Promise<{ id: number; version: number }[]> {
  if (rows.length === 0) return [];
  const inserted = await trx
    .insertInto('tour_seasons')
    .values([...rows])
    .returning(['id', 'version'])
    .execute();
  return [...inserted].sort((a, b) => a.id - b.id);
}

export async function insertRouteRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_routes']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_routes')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertCategoryRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_pricing_categories']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_pricing_categories')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertBikeRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_bikes']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_bikes')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertSpecificationRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_specifications']>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('tour_specifications')
    .values([...rows])
    .execute();
}

export async function insertPartyExtraRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_party_extras']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_party_extras')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertPartyVariationRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_party_extra_variations']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_party_extra_variations')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertRoomExtraRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_room_extras']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_room_extras')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertRoomVariationRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_room_extra_variations']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_room_extra_variations')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

export async function insertReductionRows(trx: Kysely<Database>, rows: readonly Insertable<Database['tour_reductions']>[]): Promise<number[]> {
  if (rows.length === 0) return [];
  return ascending(
    await trx
      .insertInto('tour_reductions')
      .values([...rows])
      .returning('id')
      .execute(),
  );
}

/** The versions of the tour seasons that still exist, by id, their rows held until the transaction ends. */
export async function lockTourSeasonVersions(trx: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<Map<number, number>> {
  if (tourSeasonIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('tour_seasons')
    .select(['id', 'version'])
    .where('id', 'in', [...tourSeasonIds])
    .orderBy('id')
    .forUpdate()
    .execute();
  return new Map(rows.map((row) => [row.id, row.version]));
}

/** Which of the tour seasons have bookings (their booking would lose its season). */
export async function tourSeasonsWithBookings(db: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<number[]> {
  if (tourSeasonIds.length === 0) return [];
  const rows = await db
    .selectFrom('bookings')
    .select('tour_season_id')
    .distinct()
    .where('tour_season_id', 'in', [...tourSeasonIds])
    .execute();
  return rows.map((row) => row.tour_season_id!);
}

/** Deletes the tour seasons; their groups, prices, bikes, routes and specifications go with them (ON DELETE CASCADE). */
export async function deleteTourSeasons(trx: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<void> {
  if (tourSeasonIds.length === 0) return;
  await trx
    .deleteFrom('tour_seasons')
    .where('id', 'in', [...tourSeasonIds])
    .execute();
}

/** The price rows (prices, bikes, variations) each of the tour seasons holds now, and their cost, summed in pence. */
export async function listHeldPrices(db: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<Map<number, { rows: number; cost: number }>> {
  if (tourSeasonIds.length === 0) return new Map();
  const { rows } = await sql<{ tour_season_id: number; rows: number; cost: string }>`
    SELECT tour_season_id, count(*)::int AS rows, coalesce(sum(cost), 0)::text AS cost FROM (
      SELECT tour_season_id, cost FROM tour_prices WHERE tour_season_id = ANY(${[...tourSeasonIds]}::int[])
      UNION ALL SELECT tour_season_id, cost FROM tour_bikes WHERE tour_season_id = ANY(${[...tourSeasonIds]}::int[])
      UNION ALL SELECT e.tour_season_id, v.cost FROM tour_party_extra_variations v JOIN tour_party_extras e ON e.id = v.tour_party_extra_id
        WHERE e.tour_season_id = ANY(${[...tourSeasonIds]}::int[])
      UNION ALL SELECT e.tour_season_id, v.cost FROM tour_room_extra_variations v JOIN tour_room_extras e ON e.id = v.tour_room_extra_id
        WHERE e.tour_season_id = ANY(${[...tourSeasonIds]}::int[])
    ) AS held GROUP BY tour_season_id`.execute(db);
  return new Map(rows.map((row) => [row.tour_season_id, { rows: row.rows, cost: Number(row.cost) }]));
}

/** The tables a tour season's rows live in, parents before children: the order they are put back in (and removed in reverse). */
const SEASON_TABLES = [
  { table: 'tour_routes', parent: null },
  { table: 'tour_pricing_categories', parent: null },
  { table: 'tour_prices', parent: null },
  { table: 'tour_bikes', parent: null },
  { table: 'tour_party_extras', parent: null },
  { table: 'tour_party_extra_variations', parent: { table: 'tour_party_extras', column: 'tour_party_extra_id' } },
  { table: 'tour_room_extras', parent: null },
  { table: 'tour_room_extra_variations', parent: { table: 'tour_room_extras', column: 'tour_room_extra_id' } },
  { table: 'tour_reductions', parent: null },
  { table: 'tour_specifications', parent: null },
] as const;

export type SeasonRowsSnapshot = { table: string; rows: Record<string, unknown>[] }[];

/** Every row the tour season holds, table by table (ids included), in id order. */
export async function snapshotSeasonRows(db: Kysely<Database>, tourSeasonId: number): Promise<SeasonRowsSnapshot> {
  const snapshot: SeasonRowsSnapshot = [];
  for (const { table, parent } of SEASON_TABLES) {
    const where = parent
      ? sql`${sql.ref(parent.column)} IN (SELECT id FROM ${sql.table(parent.table)} WHERE tour_season_id = ${tourSeasonId})`
      : sql`tour_season_id = ${tourSeasonId}`;
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} WHERE ${where} ORDER BY id`.execute(db);
    snapshot.push({ table, rows });
  }
  return snapshot;
}

/** Removes every row the tour season holds (its groups, prices, bikes, extras, reductions, specifications, routes); the tour season stays. */
export async function deleteSeasonRows(trx: Kysely<Database>, tourSeasonId: number): Promise<void> {
  for (const { table, parent } of [...SEASON_TABLES].reverse()) {
    if (parent) continue; // removed with their parent (ON DELETE CASCADE)
    await sql`DELETE FROM ${sql.table(table)} WHERE tour_season_id = ${tourSeasonId}`.execute(trx);
  }
}

/** A stored value as an insert takes it: lists and objects (the JSON columns) as JSON text. */
const columnValue = (value: unknown) => (typeof value === 'object' && value !== null && !(value instanceof Date) ? JSON.stringify(value) : value);

/** Puts back rows a snapshot holds, with their own ids, table by table. */
export async function restoreSeasonRows(trx: Kysely<Database>, snapshot: SeasonRowsSnapshot): Promise<void> {
  for (const { table, rows } of snapshot) {
    for (const slice of chunksOf(rows)) {
      const columns = Object.keys(slice[0]);
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))}) VALUES ${sql.join(
        slice.map((row) => sql`(${sql.join(columns.map((column) => columnValue(row[column])))})`),
      )}`.execute(trx);
    }
  }
}

/** The fields of a tour season a roll-over sets, and what they were. */
export type RolledSeasonFields = { deposit: number | null; markup_model_id: number | null; currency_id: number | null; live: boolean };

export async function findSeasonFields(db: Kysely<Database>, tourSeasonId: number): Promise<RolledSeasonFields> {
  return db.selectFrom('tour_seasons').select(['deposit', 'markup_model_id', 'currency_id', 'live']).where('id', '=', tourSeasonId).executeTakeFirstOrThrow();
}

/** Sets the tour season's fields and bumps its version; answers the new version. */
export async function setSeasonFields(trx: Kysely<Database>, tourSeasonId: number, fields: RolledSeasonFields): Promise<number> {
  const row = await trx
    .updateTable('tour_seasons')
    .set({ ...fields, version: sql`version + 1` })
    .where('id', '=', tourSeasonId)
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}
