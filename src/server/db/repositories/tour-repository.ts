import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, ToursTable } from '../schema.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** A page of the tours not deleted (all of them without `limit`), searched by name, sorted, with the total. */
export async function listTours(db: Kysely<Database>, options: { q?: string; sort: string; dir: 'asc' | 'desc'; limit: number | null; offset: number }) {
  let query = db.selectFrom('tours').where('deleted', '=', false);
  if (options.q) query = query.where('name', 'ilike', `%${escapeLike(options.q)}%`);
  const sortColumn = options.sort === 'order' ? sql`"order"` : sql`lower(${sql.ref(options.sort)})`;
  let rows = query
    .select(['id', 'name', 'slug', 'tour_code', 'status', 'order', 'version'])
    .orderBy(sql`${sortColumn} ${sql.raw(options.dir)}`)
    .orderBy('id', options.dir);
  if (options.limit !== null) rows = rows.limit(options.limit).offset(options.offset);
  const results = await rows.execute();
  const total = async () => Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  return { results, total };
}

/** The seasons of the given tours (name, model, live flag), by season name. */
export function listSeasonsOfTours(db: Kysely<Database>, tourIds: readonly number[]) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('seasons as s', 's.id', 'ts.season_id')
    .select(['ts.id', 'ts.tour_id', 'ts.season_id', 's.name', 'ts.markup_model_id', 'ts.live'])
    .where('ts.tour_id', 'in', [...tourIds])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** The ids among `ids` that name a tour (deleted ones included). */
export async function existingTourIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set(
    (
      await db
        .selectFrom('tours')
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
    ).map((row) => row.id),
  );
}

/** Sets each tour's place in the public listing in one statement; versions are left alone. */
export async function setTourOrders(trx: Kysely<Database>, orders: readonly { id: number; order: number }[]): Promise<void> {
  await sql`
    UPDATE tours AS t SET "order" = v.position
    FROM unnest(${orders.map((item) => item.id)}::int[], ${orders.map((item) => item.order)}::int[]) AS v(id, position)
    WHERE t.id = v.id`.execute(trx);
}

export async function insertTour(trx: Kysely<Database>, row: Insertable<Database['tours']>): Promise<number> {
  return (await trx.insertInto('tours').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The tour's slug and deleted flag, for an update to compare with. */
export function findTourSlug(db: Kysely<Database>, id: number) {
  return db.selectFrom('tours').select(['slug', 'deleted']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The hotels or restaurants a tour links to, in the tour's order. */
export async function listTourLinked(db: Kysely<Database>, tourId: number, table: 'hotels' | 'restaurants') {
  const tour = await db.selectFrom('tours').select(table).where('id', '=', tourId).executeTakeFirstOrThrow();
  const ids = tour[table];
  if (!ids.length) return [];
  const rows = await db.selectFrom(table).select(['id', 'name', 'content']).where('id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

/** A tour's meta entries, by key. */
export function listTourMeta(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tour_meta').select(['key', 'value']).where('tour_id', '=', tourId).orderBy('key').execute();
}

/** The tour's version and its documentation row, when it has one. */
export async function findTourDocumentation(db: Kysely<Database>, tourId: number) {
  const { version } = await db.selectFrom('tours').select('version').where('id', '=', tourId).executeTakeFirstOrThrow();
  const row = await db
    .selectFrom('tour_documentation')
    .select(['id', 'arrival', 'luggage', 'food', 'bike_details', 'map_id'])
    .where('tour_id', '=', tourId)
    .executeTakeFirst();
  return { version, row };
}

/** Creates or overwrites the tour's documentation row. */
export async function upsertTourDocumentation(trx: Kysely<Database>, tourId: number, values: Omit<Insertable<Database['tour_documentation']>, 'tour_id'>) {
  await trx
    .insertInto('tour_documentation')
    .values({ ...values, tour_id: tourId })
    .onConflict((conflict) => conflict.column('tour_id').doUpdateSet(values))
    .execute();
}

/** The tour season's id when it belongs to that tour. */
export function findTourSeasonOfTour(db: Kysely<Database>, tourId: number, tourSeasonId: number) {
  return db.selectFrom('tour_seasons').select('id').where('id', '=', tourSeasonId).where('tour_id', '=', tourId).executeTakeFirst();
}

/** The ids among `ids` that name a row of a table a tour links to. */
export async function existingLinkedIds(db: Kysely<Database>, table: TourLinkedTable, ids: readonly number[]): Promise<Set<number>> {
  const found = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(found.map((row) => row.id));
}

export type TourLinkedTable = 'destinations' | 'regions' | 'hotels' | 'restaurants' | 'tours' | 'operators' | 'categories' | 'bikes' | 'media' | 'reviews';

/** Writes tour fields (possibly none) and moves the tour to its next version when it is still at `version`; the new version, or undefined. */
export async function claimTourVersion(db: Kysely<Database>, tourId: number, version: number, fields: Updateable<ToursTable>) {
  return (
    await db
      .updateTable('tours')
      .set({ ...fields, version: sql<number>`version + 1` })
      .where('id', '=', tourId)
      .where('version', '=', version)
      .returning('version')
      .executeTakeFirst()
  )?.version;
}

/** The tour's id, deleted or not. */
export function findTourIdById(db: Kysely<Database>, id: number) {
  return db.selectFrom('tours').select('id').where('id', '=', id).executeTakeFirst();
}

/** The id of the tour (not deleted) with that slug. */
export function findTourIdBySlug(db: Kysely<Database>, slug: string) {
  return db.selectFrom('tours').select('id').where('slug', '=', slug).where('deleted', '=', false).executeTakeFirst();
}

/** The tour row, whole. */
export function findTour(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tours').selectAll().where('id', '=', tourId).executeTakeFirst();
}

/** Creates or overwrites the tour's meta entries by key. */
export async function upsertTourMeta(db: Kysely<Database>, rows: readonly { tour_id: number; key: string; value: string }[]): Promise<void> {
  await db
    .insertInto('tour_meta')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['tour_id', 'key']).doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })))
    .execute();
}

/** A tour's seasons with the season's name, by season name. */
export function listTourSeasonRows(db: Kysely<Database>, tourId: number) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('seasons as s', 's.id', 'ts.season_id')
    .select(['ts.id', 'ts.season_id', 's.name', 'ts.deposit', 'ts.markup_model_id', 'ts.currency_id', 'ts.live', 'ts.version'])
    .where('ts.tour_id', '=', tourId)
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
}

/** A tour's tour season rows, whole. */
export function listTourSeasonsOfTour(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tour_seasons').selectAll().where('tour_id', '=', tourId).execute();
}

export async function deleteTourSeasons(trx: Kysely<Database>, ids: readonly number[]): Promise<void> {
  await trx
    .deleteFrom('tour_seasons')
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertTourSeason(trx: Kysely<Database>, row: Insertable<Database['tour_seasons']>): Promise<void> {
  await trx.insertInto('tour_seasons').values(row).execute();
}

export async function updateTourSeason(trx: Kysely<Database>, id: number, values: Updateable<Database['tour_seasons']>): Promise<void> {
  await trx.updateTable('tour_seasons').set(values).where('id', '=', id).execute();
}

/**
 * The first `shown` names (by name) of the tours not deleted whose jsonb id list `column` holds
 * `id`, and how many there are.
 */
export async function toursLinkingTo(db: Kysely<Database>, column: 'destinations' | 'regions' | 'related_themes', id: number, shown: number) {
  const where = sql<boolean>`NOT deleted AND ${sql.ref(column)} @> ${JSON.stringify([id])}::jsonb`;
  const names = await db.selectFrom('tours').select('name').where(where).orderBy('name').limit(shown).execute();
  const { total } = await db
    .selectFrom('tours')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where(where)
    .executeTakeFirstOrThrow();
  return { names, total };
}

/** The first `shown` names (by name) of the tours of an operator, deleted ones included, and how many there are. */
export async function toursOfOperator(db: Kysely<Database>, operatorId: number, shown: number) {
  const names = await db.selectFrom('tours').select('name').where('operator_id', '=', operatorId).orderBy('name').limit(shown).execute();
  const { total } = await db
    .selectFrom('tours')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('operator_id', '=', operatorId)
    .executeTakeFirstOrThrow();
  return { names, total };
}
