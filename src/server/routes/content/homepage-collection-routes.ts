import { sql, type Kysely } from 'kysely';
import { homepageCollectionSaveSchema, homepageCollectionSchema, type HomepageCollection } from '../../../domain/content/homepage-collection.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { badRequest, staleVersion } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';

async function loadCollection(db: Kysely<Database>): Promise<HomepageCollection> {
  const { title, content, version } = await db.selectFrom('homepage_collection').select(['title', 'content', 'version']).executeTakeFirstOrThrow();
  const items = await db.selectFrom('homepage_collection_items').select(['media_id', 'title', 'url', 'description']).orderBy('position').execute();
  return { version, title, content, items };
}

/** `GET` and `POST homepage-collections`: the homepage's one collection of up to 12 pictured items. */
export function registerHomepageCollectionRoutes(api: Api, { db }: AppContext) {
  api.get('/homepage-collections', { schema: { response: { 200: homepageCollectionSchema } } }, async () => loadCollection(db));

  api.post('/homepage-collections', { schema: { body: homepageCollectionSaveSchema, response: { 200: homepageCollectionSchema } } }, async (request) => {
    const { version, title, content, items } = request.body;
    await db.transaction().execute(async (trx) => {
      const mediaIds = [...new Set(items.map((item) => item.media_id))];
      const found = new Set(mediaIds.length ? (await trx.selectFrom('media').select('id').where('id', 'in', mediaIds).execute()).map((row) => row.id) : []);
      const missing = items.findIndex((item) => !found.has(item.media_id));
      if (missing >= 0) throw badRequest(`Image ${items[missing].media_id} does not exist`, `items.${missing}.media_id`);
      const written = await trx
        .updateTable('homepage_collection')
        .set({ ...withCleanRichText('homepage-collections', { title, content }), version: sql<number>`version + 1` })
        .where('version', '=', version)
        .executeTakeFirst();
      if (!written.numUpdatedRows) throw staleVersion('The homepage collection');
      await trx.deleteFrom('homepage_collection_items').execute();
      if (items.length) await trx.insertInto('homepage_collection_items').values(items.map((item, position) => ({ ...item, position }))).execute();
    });
    return loadCollection(db);
  });
}
