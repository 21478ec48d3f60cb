import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { bookingsEndpoints } from '../../../domain/contract/bookings.js';
import { SEARCH_COUNT_CAP, searchPrefixQuery, type BookingListItem } from '../../../domain/bookings/booking-list-schema.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { CACHEABLE } from '../../read-cache.js';
import { registerEndpoint } from '../register-endpoint.js';

const LIST_COLUMNS = ['b.id', 'b.booking_reference', 'b.title', 'b.first_name', 'b.last_name', 'b.tour_name', 'b.status', 'b.created_at', 'b.holiday_start_date'] as const;

type ListRow = Omit<BookingListItem, 'createdAt'> & { created_at: Date };
const toItem = ({ created_at, ...row }: ListRow): BookingListItem => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** The exact total without counting rows: the per-status counts the triggers keep. */
async function countWithoutSearch(db: Kysely<Database>, status: string | undefined): Promise<number> {
  let query = db.selectFrom('booking_status_counts').select(sql<number>`coalesce(sum(bookings), 0)::int`.as('total'));
  if (status) query = query.where('status', '=', status);
  return (await query.executeTakeFirstOrThrow()).total;
}

type PageIds<DB, TB extends keyof DB> = SelectQueryBuilder<DB, TB, { booking_id: number; created_at: Date }>;

/** The full list rows of a page of booking ids, newest first; only these rows are read in full. */
function pageRows<DB, TB extends keyof DB>(db: Kysely<Database>, pageIds: PageIds<DB, TB>): Promise<ListRow[]> {
  return db
    .selectFrom(pageIds.as('p'))
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .select(LIST_COLUMNS)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.booking_id', 'desc')
    .execute();
}

/** `GET bookings`: every booking (SPEC.md's plain list), or one page of a search when asked. */
export function registerBookingListRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    bookingsEndpoints.list,
    async (request) => {
      const query = request.query;
      if (!isPagedQuery(query)) {
        const rows = await db.selectFrom('bookings as b').select(LIST_COLUMNS).orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').execute();
        return rows.map(toItem);
      }
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      const offset = (page - 1) * pageSize;
      const status = query.status || undefined;
      const terms = searchPrefixQuery(query.search);

      if (terms === null) {
        const total = await countWithoutSearch(db, status);
        let ids = db.selectFrom('booking_search as s').select(['s.booking_id', 's.created_at']);
        if (status) ids = ids.where('s.status', '=', status);
        // An offset costs a step per row skipped, so pages past the middle are read from the
        // oldest end: no page skips more than half the list (the total is exact here).
        const fromOldest = offset + pageSize / 2 > total / 2;
        const pageIds = fromOldest
          ? ids
              .orderBy('s.created_at', 'asc')
              .orderBy('s.booking_id', 'asc')
              .limit(Math.max(0, Math.min(pageSize, total - offset)))
              .offset(Math.max(0, total - offset - pageSize))
          : ids.orderBy('s.created_at', 'desc').orderBy('s.booking_id', 'desc').limit(pageSize).offset(offset);
        const results = offset < total ? await pageRows(db, pageIds) : [];
        return { results: results.map(toItem), total, page, page_size: pageSize, total_capped: false };
      }

      // Matching goes through the narrow search table; only the page's rows are read in full.
      let matches = db.selectFrom('booking_search as s').where(sql<boolean>`s.terms @@ to_tsquery('simple', ${terms})`);
      if (status) matches = matches.where('s.status', '=', status);
      const pageIds = matches.select(['s.booking_id', 's.created_at']).orderBy('s.created_at', 'desc').orderBy('s.booking_id', 'desc').limit(pageSize).offset(offset);
      const [results, counted] = await Promise.all([
        pageRows(db, pageIds),
        db
          .selectFrom(matches.select(sql`1`.as('one')).limit(SEARCH_COUNT_CAP + 1).as('m'))
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      const capped = counted.total > SEARCH_COUNT_CAP;
      return { results: results.map(toItem), total: Math.min(counted.total, SEARCH_COUNT_CAP), page, page_size: pageSize, total_capped: capped };
    },
    { config: CACHEABLE, serialize: true },
  );
}
