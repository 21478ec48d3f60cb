import { toursEndpoints } from '../../../domain/contract/tours.js';
import { slugify } from '../../../domain/tours/tour-slug.js';
import type { Api, AppContext } from '../../api-types.js';
import { followSlugRename } from '../../db/repositories/content-site-options.js';
import { findTourSlug, insertTour } from '../../db/repositories/tour-repository.js';
import { popularSearchUsage } from '../content/popular-search-usage.js';
import { badRequest, conflict } from '../../http-errors.js';
import { assertIdsExist, assertTourLinksExist } from './assert-ids-exist.js';
import { bumpTourVersion } from './bump-tour-version.js';
import { findTourId } from './find-tour-id.js';
import { loadTour } from './load-tour.js';
import { saveTourMeta } from './save-tour-meta.js';
import { saveTourSeasons } from './save-tour-seasons.js';
import { toTourRow } from './to-tour-row.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** `GET tours/{id or slug}`, `POST tours` and `PUT tours/{id}` (fields, seasons or meta). */
export function registerTourRoutes(app: Api, { db, config }: AppContext) {
  registerEndpoint(app, toursEndpoints.read, async (request) => loadTour(db, await findTourId(db, request.params.id), config.siteHost), {
    config: CACHEABLE,
    serialize: true,
  });

  registerEndpoint(
    app,
    toursEndpoints.create,
    async (request, reply) => {
      const { slug, ...fields } = request.body;
      const finalSlug = slug ?? slugify(fields.name);
      if (!/[a-z]/.test(finalSlug)) throw badRequest('Supply a slug: one cannot be made from this name', 'slug');
      const id = await db.transaction().execute(async (trx) => {
        await assertTourLinksExist(trx, fields);
        await assertIdsExist(trx, 'operators', fields.operator_id ? [fields.operator_id] : [], 'operator_id');
        return insertTour(trx, { ...toTourRow(fields), name: fields.name, slug: finalSlug });
      });
      reply.status(201);
      return loadTour(db, id, config.siteHost);
    },
    { serialize: true },
  );

  registerEndpoint(
    app,
    toursEndpoints.save,
    async (request) => {
      const { version, seasons, meta, ...fields } = request.body;
      const id = await db.transaction().execute(async (trx) => {
        const tourId = await findTourId(trx, request.params.id);
        await assertTourLinksExist(trx, fields);
        await assertIdsExist(trx, 'operators', fields.operator_id ? [fields.operator_id] : [], 'operator_id');
        const { slug: oldSlug, deleted } = await findTourSlug(trx, tourId);
        // Deleting a tour is this update with deleted true; a popular search must not lead to it.
        const inUse = fields.deleted && !deleted ? await popularSearchUsage(trx, 'tour', oldSlug) : null;
        if (inUse) throw conflict(inUse);
        await bumpTourVersion(trx, tourId, version, toTourRow(fields));
        if (fields.slug !== undefined) await followSlugRename(trx, 'tour', oldSlug, fields.slug);
        if (seasons) await saveTourSeasons(trx, tourId, seasons);
        if (meta) await saveTourMeta(trx, tourId, meta);
        return tourId;
      });
      return loadTour(db, id, config.siteHost);
    },
    { serialize: true },
  );
}
