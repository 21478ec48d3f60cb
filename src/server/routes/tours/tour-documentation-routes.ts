import type { Kysely } from 'kysely';
import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { TourDocumentation } from '../../../domain/tours/tour-documentation-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { findTourDocumentation, upsertTourDocumentation } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { assertIdsExist } from './assert-ids-exist.js';
import { bumpTourVersion } from './bump-tour-version.js';
import { findTourId } from './find-tour-id.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

async function loadDocumentation(db: Kysely<Database>, tourId: number): Promise<TourDocumentation> {
  const { version, row } = await findTourDocumentation(db, tourId);
  // A tour without documentation yet answers with empty fields, ready to be filled in.
  return row ? { ...row, version } : { id: null, version, arrival: '', luggage: '', food: '', bike_details: '', map_id: null };
}

/** `GET` and `PUT tours/{id}/documentation`: the four rich-text fields and the map image of the customer documentation. */
export function registerTourDocumentationRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, toursEndpoints.documentation, async (request) => loadDocumentation(db, await findTourId(db, request.params.id)), {
    config: CACHEABLE,
    serialize: true,
  });

  registerEndpoint(
    app,
    toursEndpoints.saveDocumentation,
    async (request) => {
      const { version, arrival, luggage, food, bike_details, map_id } = request.body;
      return db.transaction().execute(async (trx) => {
        const tourId = await findTourId(trx, request.params.id);
        await bumpTourVersion(trx, tourId, version);
        if (map_id) await assertIdsExist(trx, 'media', [map_id], 'map_id');
        const values = { ...withCleanRichText('tour-documentation', { arrival, luggage, food, bike_details }), ...(map_id === undefined ? {} : { map_id }) };
        await upsertTourDocumentation(trx, tourId, values);
        return loadDocumentation(trx, tourId);
      });
    },
    { serialize: true },
  );
}
