import type { Kysely } from 'kysely';
import type { SiteOptions, SiteOptionsFields } from '../../../domain/content/site-options.js';
import { reviewsEndpoints, siteOptionsEndpoints } from '../../../domain/contract/site-content.js';
import type { Api, AppContext } from '../../api-types.js';
import { findSiteOptions, listReviews, searchTargetExists, updateSiteOptions } from '../../db/repositories/content-site-options.js';
import type { Database } from '../../db/schema.js';
import { badRequest, staleVersion } from '../../http-errors.js';
import { assertIdsExist } from '../tours/assert-ids-exist.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { registerEndpoint } from '../register-endpoint.js';
import { serialize } from './content-route-helpers.js';

async function loadSiteOptions(db: Kysely<Database>): Promise<SiteOptions> {
  const { id: _id, ...options } = await findSiteOptions(db);
  const searches = options.popular_searches.map((search, index) => ({ search, index }));
  searches.sort((a, b) => a.search.order - b.search.order || a.index - b.index);
  return { ...options, popular_searches: searches.map(({ search }) => search) };
}

/** Featured reviews must be reviews; each popular search must lead to a tour, destination or region that exists. */
async function checkSiteOptions(db: Kysely<Database>, options: SiteOptionsFields) {
  await assertIdsExist(db, 'reviews', options.featured_reviews, 'featured_reviews');
  for (const [index, search] of options.popular_searches.entries()) {
    if (!(await searchTargetExists(db, search.type, search.slug)))
      throw badRequest(`No ${search.type} has the slug "${search.slug}"`, `popular_searches.${index}.slug`);
  }
}

/** `GET global` and `POST global` (site options), and `GET reviews` that the options feature. */
export function registerSiteOptionsRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, siteOptionsEndpoints.read, async () => loadSiteOptions(db), serialize);

  registerEndpoint(
    api,
    siteOptionsEndpoints.save,
    async (request) => {
      const { version, ...options } = request.body;
      await db.transaction().execute(async (trx) => {
        await checkSiteOptions(trx, options);
        const values = {
          ...withCleanRichText('site-options', options),
          featured_reviews: JSON.stringify(options.featured_reviews),
          popular_searches: JSON.stringify(options.popular_searches),
        };
        if (!(await updateSiteOptions(trx, version, values))) throw staleVersion('The site options');
      });
      return loadSiteOptions(db);
    },
    serialize,
  );

  registerEndpoint(api, reviewsEndpoints.list, async () => listReviews(db), serialize);
}
