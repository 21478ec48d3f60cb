import type { Kysely } from 'kysely';
import type { HomepageCollection } from '../../../domain/content/homepage-collection.js';
import { homepageCollectionsEndpoints } from '../../../domain/contract/site-content.js';
import type { Api, AppContext } from '../../api-types.js';
import { existingMediaIds, findHomepageCollection, updateHomepageCollection } from '../../db/repositories/content-homepage.js';
import type { Database } from '../../db/schema.js';
import { badRequest, staleVersion } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { registerEndpoint } from '../register-endpoint.js';
import { serialize } from './content-route-helpers.js';

async function loadCollection(db: Kysely<Database>): Promise<HomepageCollection> {
  const { title, content, version, items } = await findHomepageCollection(db);
  return { version, title, content, items };
}

/** `GET` and `POST homepage-collections`: the homepage's one collection of up to 12 pictured items. */
export function registerHomepageCollectionRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, homepageCollectionsEndpoints.read, async () => loadCollection(db), serialize);

  registerEndpoint(
    api,
    homepageCollectionsEndpoints.save,
    async (request) => {
      const { version, title, content, items } = request.body;
      await db.transaction().execute(async (trx) => {
        const mediaIds = [...new Set(items.map((item) => item.media_id))];
        const found = await existingMediaIds(trx, mediaIds);
        const missing = items.findIndex((item) => !found.has(item.media_id));
        if (missing >= 0) throw badRequest(`Image ${items[missing].media_id} does not exist`, `items.${missing}.media_id`);
        if (!(await updateHomepageCollection(trx, version, withCleanRichText('homepage-collections', { title, content }), items)))
          throw staleVersion('The homepage collection');
      });
      return loadCollection(db);
    },
    serialize,
  );
}
