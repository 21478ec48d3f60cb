import type { Selectable } from 'kysely';
import { z } from 'zod';
import { enquirySchema, type Enquiry } from '../../../domain/bookings/enquiry-schema.js';
import { isPagedQuery, PAGE_SIZE_DEFAULT, pagedListQuerySchema, pagedSchema } from '../../../domain/bookings/paged-list.js';
import type { Api, AppContext } from '../../api-types.js';
import { findEnquiry, listEnquiries, pageEnquiries } from '../../db/repositories/enquiry-repository.js';
import type { EnquiriesTable } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { pathId } from '../route-params.js';
import { CACHEABLE } from '../../read-cache.js';

const params = z.object({ id: pathId });

const toEnquiry = ({ created_at, ...row }: Selectable<EnquiriesTable>): Enquiry => ({ ...row, createdAt: new Date(created_at).toISOString() });

/** `GET enquiries` and `GET enquiries/{id}`. */
export function registerEnquiryRoutes(app: Api, { db }: AppContext) {
  app.get(
    '/enquiries',
    { config: CACHEABLE, schema: { querystring: pagedListQuerySchema, response: { 200: z.union([z.array(enquirySchema), pagedSchema(enquirySchema)]) } } },
    async (request) => {
      const query = request.query;
      if (!isPagedQuery(query)) return (await listEnquiries(db)).map(toEnquiry);
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? PAGE_SIZE_DEFAULT;
      const { results, total } = await pageEnquiries(db, { search: query.search, page, pageSize });
      return { results: results.map(toEnquiry), total, page, page_size: pageSize };
    },
  );

  app.get('/enquiries/:id', { schema: { params, response: { 200: enquirySchema } } }, async (request) => {
    const row = await findEnquiry(db, request.params.id);
    if (!row) throw notFound('Enquiry');
    return toEnquiry(row);
  });
}
