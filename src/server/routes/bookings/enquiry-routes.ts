import { sql, type Selectable } from 'kysely';
import type { Enquiry } from '../../../domain/bookings/enquiry-schema.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import { enquiriesEndpoints } from '../../../domain/contract/bookings.js';
import type { Api, AppContext } from '../../api-types.js';
import type { EnquiriesTable } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

const toEnquiry = ({ created_at, ...row }: Selectable<EnquiriesTable>): Enquiry => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET enquiries` and `GET enquiries/{id}`. */
export function registerEnquiryRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    enquiriesEndpoints.list,
    async (request) => {
      const query = request.query;
      let rows = db.selectFrom('enquiries').selectAll();
      if (!isPagedQuery(query)) return (await rows.orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(toEnquiry);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      if (query.search) {
        const pattern = `%${escapeLike(query.search)}%`;
        rows = rows.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern)]));
      }
      const [results, counted] = await Promise.all([
        rows.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
        db.selectFrom(rows.as('r')).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { results: results.map(toEnquiry), total: counted.total, page, page_size: pageSize };
    },
    { config: CACHEABLE, serialize: true },
  );

  registerEndpoint(
    app,
    enquiriesEndpoints.read,
    async (request) => {
      const row = await db.selectFrom('enquiries').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Enquiry');
      return toEnquiry(row);
    },
    { serialize: true },
  );
}
