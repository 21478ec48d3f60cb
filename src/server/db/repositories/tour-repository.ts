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
  return new Set((await db.selectFrom('tours').select('id').where('id', 'in', [...ids]).execute()).map((row) => row.id));
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
