import { sql, type Kysely } from 'kysely';
import { toursEndpoints } from '../../../domain/contract/tours.js';
import type { TourListItem } from '../../../domain/tours/tour-list-schema.js';
import { publicTourUrl } from '../../../domain/tours/public-tour-url.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../http-errors.js';
import { CACHEABLE } from '../../read-cache.js';
import { registerEndpoint } from '../register-endpoint.js';

const DEFAULT_PER_PAGE = 50;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/** `GET tours/all` (the list, optionally filtered, sorted and paged) and `PUT tours/re/orders`. */
export function registerTourListRoutes(app: Api, { db, config }: AppContext) {
  registerEndpoint(
    app,
    toursEndpoints.list,
    async (request) => {
      const { q, page, per_page: perPage, sort = 'order', dir = 'asc' } = request.query;
      const paged = q !== undefined || page !== undefined || perPage !== undefined;
      let query = db.selectFrom('tours').where('deleted', '=', false);
      if (q) query = query.where('name', 'ilike', `%${escapeLike(q)}%`);

      const sortColumn = sort === 'order' ? sql`"order"` : sql`lower(${sql.ref(sort)})`;
      let rows = query
        .select(['id', 'name', 'slug', 'tour_code', 'status', 'order', 'version'])
        .orderBy(sql`${sortColumn} ${sql.raw(dir)}`)
        .orderBy('id', dir);
      const currentPage = page ?? 1;
      const size = perPage ?? DEFAULT_PER_PAGE;
      if (paged) rows = rows.limit(size).offset((currentPage - 1) * size);
      const results = await addSeasons(db, await rows.execute(), config.siteHost);
      if (!paged) return results;
      const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      return { results, total: Number(total), page: currentPage, per_page: size };
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
      const found = await trx.selectFrom('tours').select('id').where('id', 'in', ids).execute();
      const known = new Set(found.map((row) => row.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) throw badRequest(`Tour ${missing.join(', ')} does not exist`, 'orders');
      await sql`
        UPDATE tours AS t SET "order" = v.position
        FROM unnest(${ids}::int[], ${orders.map((item) => item.order)}::int[]) AS v(id, position)
        WHERE t.id = v.id`.execute(trx);
    });
    return { orders };
    },
    { serialize: true },
  );
}

/** Adds each tour's seasons and public address; the seasons (name, model number, live flag) come in one query for the whole page. */
async function addSeasons(db: Kysely<Database>, tours: Omit<TourListItem, 'seasons' | 'public_url'>[], siteHost: string): Promise<TourListItem[]> {
  if (!tours.length) return [];
  const seasons = await db
    .selectFrom('tour_seasons as ts')
    .innerJoin('seasons as s', 's.id', 'ts.season_id')
    .select(['ts.id', 'ts.tour_id', 'ts.season_id', 's.name', 'ts.markup_model_id', 'ts.live'])
    .where('ts.tour_id', 'in', tours.map((tour) => tour.id))
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  const byTour = new Map<number, TourListItem['seasons']>();
  for (const { tour_id: tourId, ...season } of seasons) byTour.set(tourId, [...(byTour.get(tourId) ?? []), season]);
  return tours.map((tour) => ({ ...tour, seasons: byTour.get(tour.id) ?? [], public_url: publicTourUrl(siteHost, tour.slug) }));
}
