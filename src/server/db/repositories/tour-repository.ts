import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

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
