import { bookingsEndpoints } from '../../../domain/contract/bookings.js';
import { SEARCH_COUNT_CAP, searchPrefixQuery, type BookingListItem } from '../../../domain/bookings/booking-list-schema.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import type { Api, AppContext } from '../../api-types.js';
import { listBookings, pageBookings, searchBookings, type BookingListRow } from '../../db/repositories/booking-list-repository.js';
import { CACHEABLE } from '../../read-cache.js';
import { registerEndpoint } from '../register-endpoint.js';

const toItem = ({ created_at, ...row }: BookingListRow): BookingListItem => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET bookings`: every booking (SPEC.md's plain list), or one page of a search when asked. */
export function registerBookingListRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    bookingsEndpoints.list,
    async (request) => {
      const query = request.query;
      if (!isPagedQuery(query)) return (await listBookings(db)).map(toItem);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      const offset = (page - 1) * pageSize;
      const status = query.status || undefined;
      const terms = searchPrefixQuery(query.search);

      if (terms === null) {
        const { results, total } = await pageBookings(db, { status, offset, pageSize });
        return { results: results.map(toItem), total, page, page_size: pageSize, total_capped: false };
      }
      const { results, total } = await searchBookings(db, { terms, status, offset, pageSize, countCap: SEARCH_COUNT_CAP });
      return { results: results.map(toItem), total: Math.min(total, SEARCH_COUNT_CAP), page, page_size: pageSize, total_capped: total > SEARCH_COUNT_CAP };
    },
    { config: CACHEABLE, serialize: true },
  );
}
