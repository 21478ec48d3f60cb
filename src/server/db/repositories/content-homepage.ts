import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database } from '../schema.js';

export type CollectionItemRow = Omit<Insertable<Database['homepage_collection_items']>, 'position'>;

/** The homepage's one collection and its items in order. */
export async function findHomepageCollection(db: Kysely<Database>) {
  const collection = await db.selectFrom('homepage_collection').select(['title', 'content', 'version']).executeTakeFirstOrThrow();
  const items = await db.selectFrom('homepage_collection_items').select(['media_id', 'title', 'url', 'description']).orderBy('position').execute();
  return { ...collection, items };
}

/** The ids among `ids` that name an image of the library. */
export async function existingMediaIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  return new Set((await db.selectFrom('media').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
}

/** Writes the collection and replaces its items only if it is still at `version`; false when someone changed it. */
export async function updateHomepageCollection(
  trx: Kysely<Database>,
  version: number,
  values: Updateable<Database['homepage_collection']>,
  items: readonly CollectionItemRow[],
): Promise<boolean> {
  const written = await trx
    .updateTable('homepage_collection')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('version', '=', version)
    .executeTakeFirst();
  if (!written.numUpdatedRows) return false;
  await trx.deleteFrom('homepage_collection_items').execute();
  if (items.length)
    await trx
      .insertInto('homepage_collection_items')
      .values(items.map((item, position) => ({ ...item, position })))
      .execute();
  return true;
}

/** Every navigation group's row. */
export function listNavigations(db: Kysely<Database>) {
  return db.selectFrom('navigations').selectAll().execute();
}

/** Writes a navigation group's columns only if it is still at `version`; false when someone changed it. */
export async function updateNavigation(trx: Kysely<Database>, group: string, version: number, columns: Updateable<Database['navigations']>): Promise<boolean> {
  const written = await trx
    .updateTable('navigations')
    .set({ ...columns, version: sql<number>`version + 1` })
    .where('group', '=', group)
    .where('version', '=', version)
    .executeTakeFirst();
  return Boolean(written.numUpdatedRows);
}
