import type { Selectable } from 'kysely';
import type { Enquiry } from '../../../domain/bookings/enquiry-schema.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT } from '../../../domain/bookings/paged-list.js';
import { enquiriesEndpoints } from '../../../domain/contract/bookings.js';
import type { Api, AppContext } from '../../api-types.js';
import { findEnquiry, listEnquiries, pageEnquiries } from '../../db/repositories/enquiry-repository.js';
import type { EnquiriesTable } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { CACHEABLE } from '../../read-cache.js';

const toEnquiry = ({ created_at, ...row }: Selectable<EnquiriesTable>): Enquiry => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET enquiries` and `GET enquiries/{id}`. */
export function registerEnquiryRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(
    app,
    enquiriesEndpoints.list,
    async (request) => {
      const query = request.query;
      if (!isPagedQuery(query)) return (await listEnquiries(db)).map(toEnquiry);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      const { results, total } = await pageEnquiries(db, { search: query.search, page, pageSize });
      return { results: results.map(toEnquiry), total, page, page_size: pageSize };
    },
    { config: CACHEABLE, serialize: true },
  );

  registerEndpoint(
    app,
    enquiriesEndpoints.read,
    async (request) => {
      const row = await findEnquiry(db, request.params.id);
      if (!row) throw notFound('Enquiry');
      return toEnquiry(row);
    },
    { serialize: true },
  );
}
