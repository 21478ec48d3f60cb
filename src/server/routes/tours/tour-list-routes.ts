import type { Kysely } from 'kysely';
import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { TourListItem } from '../../../domain/tours/tour-list-schema.js';
import { publicTourUrl } from '../../../domain/tours/public-tour-url.js';
import type { Api, AppContext } from '../../api-types.js';
import { existingTourIds, listSeasonsOfTours, listTours, setTourOrders } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { CACHEABLE } from '../../read-cache.js';
import { registerEndpoint } from '../register-endpoint.js';

const DEFAULT_PER_PAGE = 50;

/** `GET tours/all` (the list, optionally filtered, sorted and paged) and `PUT tours/re/orders`. */
export function registerTourListRoutes(app: Api, { db, config }: AppContext) {
  registerEndpoint(
    app,
    toursEndpoints.list,
    async (request) => {
      const { q, page, per_page: perPage, sort = 'order', dir = 'asc' } = request.query;
      const paged = q !== undefined || page !== undefined || perPage !== undefined;
      const currentPage = page ?? 1;
      const size = perPage ?? DEFAULT_PER_PAGE;
      const list = await listTours(db, { q: q || undefined, sort, dir, limit: paged ? size : null, offset: (currentPage - 1) * size });
      const results = await addSeasons(db, list.results, config.siteHost);
      if (!paged) return results;
      return { results, total: await list.total(), page: currentPage, per_page: size };
    },
    { config: CACHEABLE, serialize: true },
  );

  // A tour's place in the public listing is not part of the tour form, so a reorder cannot
  // overwrite an edit or be overwritten by one; it leaves the tours' versions alone.
  registerEndpoint(
    app,
    toursEndpoints.reorder,
    async (request) => {
      const { orders } = request.body;
      const ids = orders.map((item) => item.id);
      await db.transaction().execute(async (trx) => {
        const known = await existingTourIds(trx, ids);
        const missing = ids.filter((id) => !known.has(id));
        if (missing.length) throw badRequest(`Tour ${missing.join(', ')} does not exist`, 'orders');
        await setTourOrders(trx, orders);
      });
      return { orders };
    },
    { serialize: true },
  );
}

/** Adds each tour's seasons and public address; the seasons (name, model number, live flag) come in one query for the whole page. */
async function addSeasons(db: Kysely<Database>, tours: Omit<TourListItem, 'seasons' | 'public_url'>[], siteHost: string): Promise<TourListItem[]> {
  if (!tours.length) return [];
  const seasons = await listSeasonsOfTours(
    db,
    tours.map((tour) => tour.id),
  );
  const byTour = new Map<number, TourListItem['seasons']>();
  for (const { tour_id: tourId, ...season } of seasons) byTour.set(tourId, [...(byTour.get(tourId) ?? []), season]);
  return tours.map((tour) => ({ ...tour, seasons: byTour.get(tour.id) ?? [], public_url: publicTourUrl(siteHost, tour.slug) }));
}
