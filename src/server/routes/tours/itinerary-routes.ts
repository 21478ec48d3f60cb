import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { Api, AppContext } from '../../api-types.js';
import { findItineraries, itineraryIdsOf, replaceItineraries } from '../../db/repositories/tour-itineraries.js';
import { badRequest } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { bumpTourVersion } from './bump-tour-version.js';
import { findTourId } from './find-tour-id.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

/** `GET` and `PUT tours/{id}/itineraries`: the list in its saved order, with the tour's version. */
export function registerItineraryRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, toursEndpoints.itineraries, async (request) => findItineraries(db, await findTourId(db, request.params.id)), {
    config: CACHEABLE,
    serialize: true,
  });

  // The list sent is the whole itinerary: its order is the saved order, rows left out are removed.
  registerEndpoint(
    app,
    toursEndpoints.saveItineraries,
    async (request) => {
      const { version, itineraries } = request.body;
      return db.transaction().execute(async (trx) => {
        const tourId = await findTourId(trx, request.params.id);
        await bumpTourVersion(trx, tourId, version);
        const known = await itineraryIdsOf(trx, tourId);
        itineraries.forEach((row, index) => {
          if (row.id !== undefined && !known.has(row.id)) throw badRequest(`Itinerary ${row.id} does not belong to this tour`, `itineraries.${index}.id`);
        });
        await replaceItineraries(
          trx,
          tourId,
          itineraries.map(({ id, ...row }) => ({ ...withCleanRichText('itineraries', row), id })),
        );
        return findItineraries(trx, tourId);
      });
    },
    { serialize: true },
  );
}
