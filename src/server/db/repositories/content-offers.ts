import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** An offer's own columns as the routes write them (rich text cleaned); its tours and bikes are links. */
export type OfferRow = Insertable<Database['offers']>;
export type OfferLinks = { tour_ids: readonly { tour_id: number }[]; bike_ids: readonly number[] };

/** A page of the list (by name) searched by name, title or slug (`pattern` for LIKE), with the total when paged. */
export async function listOffers(db: Kysely<Database>, options: { pattern: string | null; limit: number | null; offset: number }) {
  let query = db.selectFrom('offers');
  const { pattern } = options;
  if (pattern)
    query = query.where((eb) => eb.or([eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(title)`, 'like', pattern), eb(sql`lower(slug)`, 'like', pattern)]));
  let rows = query
    .select(['id', 'version', 'name', 'title', 'slug', 'status', 'type', 'discount'])
    .orderBy(sql`lower(name)`)
    .orderBy('id');
  if (options.limit !== null) rows = rows.limit(options.limit).offset(options.offset);
  const results = await rows.execute();
  const total = async () => Number((await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  return { results, total };
}

/** The offer with its tours (id and name) and bikes, each in the order staff gave; null when there is none. */
export async function findOffer(db: Kysely<Database>, id: number) {
  const row = await db.selectFrom('offers').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const tours = await db
    .selectFrom('offer_tours')
    .innerJoin('tours', 'tours.id', 'offer_tours.tour_id')
    .select(['offer_tours.tour_id', 'tours.name'])
    .where('offer_tours.offer_id', '=', id)
    .orderBy('offer_tours.position')
    .execute();
  const bikes = await db.selectFrom('offer_bikes').select('bike_id').where('offer_id', '=', id).orderBy('position').execute();
  return { ...row, tour_ids: tours, bike_ids: bikes.map((bike) => bike.bike_id) };
}

/** Whether another offer than `exceptId` already has the slug. */
export async function offerSlugTaken(db: Kysely<Database>, slug: string, exceptId: number | null): Promise<boolean> {
  let taken = db.selectFrom('offers').select('id').where('slug', '=', slug);
  if (exceptId !== null) taken = taken.where('id', '<>', exceptId);
  return Boolean(await taken.executeTakeFirst());
}

async function writeLinks(trx: Kysely<Database>, offerId: number, links: OfferLinks) {
  await trx.deleteFrom('offer_tours').where('offer_id', '=', offerId).execute();
  await trx.deleteFrom('offer_bikes').where('offer_id', '=', offerId).execute();
  if (links.tour_ids.length)
    await trx
      .insertInto('offer_tours')
      .values(links.tour_ids.map(({ tour_id }, position) => ({ offer_id: offerId, tour_id, position })))
      .execute();
  if (links.bike_ids.length)
    await trx
      .insertInto('offer_bikes')
      .values(links.bike_ids.map((bike_id, position) => ({ offer_id: offerId, bike_id, position })))
      .execute();
}

export async function insertOffer(trx: Kysely<Database>, row: OfferRow, links: OfferLinks): Promise<number> {
  const { id } = await trx.insertInto('offers').values(row).returning('id').executeTakeFirstOrThrow();
  await writeLinks(trx, id, links);
  return id;
}

/** Writes the offer and its links only if it is still at `version`; false when someone changed it. */
export async function updateOffer(trx: Kysely<Database>, id: number, version: number, row: OfferRow, links: OfferLinks): Promise<boolean> {
  const written = await trx
    .updateTable('offers')
    .set({ ...row, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!written.numUpdatedRows) return false;
  await writeLinks(trx, id, links);
  return true;
}

export function deleteOffer(db: Kysely<Database>, id: number) {
  return db.deleteFrom('offers').where('id', '=', id).returning('id').executeTakeFirst();
}
