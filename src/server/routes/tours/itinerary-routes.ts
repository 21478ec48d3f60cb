import type { Kysely } from 'kysely';
import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { bumpTourVersion } from './bump-tour-version.js';
import { findTourId } from './find-tour-id.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

const ITINERARY_COLUMNS = ['id', 'day', 'title', 'type', 'content', 'media_id'] as const;

async function loadItineraries(db: Kysely<Database>, tourId: number) {
  const { version } = await db.selectFrom('tours').select('version').where('id', '=', tourId).executeTakeFirstOrThrow();
  const itineraries = await db.selectFrom('itineraries').select(ITINERARY_COLUMNS).where('tour_id', '=', tourId).orderBy('position').orderBy('id').execute();
  return { version, itineraries };
}

/** `GET` and `PUT tours/{id}/itineraries`: the list in its saved order, with the tour's version. */
export function registerItineraryRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, toursEndpoints.itineraries, async (request) => loadItineraries(db, await findTourId(db, request.params.id)), { config: CACHEABLE, serialize: true });

  // The list sent is the whole itinerary: its order is the saved order, rows left out are removed.
  registerEndpoint(
    app,
    toursEndpoints.saveItineraries,
    async (request) => {
      const { version, itineraries } = request.body;
      return db.transaction().execute(async (trx) => {
        const tourId = await findTourId(trx, request.params.id);
        await bumpTourVersion(trx, tourId, version);
        const existing = await trx.selectFrom('itineraries').select('id').where('tour_id', '=', tourId).execute();
        const known = new Set(existing.map((row) => row.id));
        itineraries.forEach((row, index) => {
          if (row.id !== undefined && !known.has(row.id)) throw badRequest(`Itinerary ${row.id} does not belong to this tour`, `itineraries.${index}.id`);
        });
        const kept = itineraries.flatMap((row) => (row.id === undefined ? [] : [row.id]));
        let removal = trx.deleteFrom('itineraries').where('tour_id', '=', tourId);
        if (kept.length) removal = removal.where('id', 'not in', kept);
        await removal.execute();
        for (const [position, { id, ...row }] of itineraries.entries()) {
          const values = { ...withCleanRichText('itineraries', row), position };
          if (id === undefined) await trx.insertInto('itineraries').values({ ...values, tour_id: tourId }).execute();
          else await trx.updateTable('itineraries').set(values).where('id', '=', id).execute();
        }
        return loadItineraries(trx, tourId);
      });
    },
    { serialize: true },
  );
}
