import { z } from 'zod';
import { bookingDocumentationSchema } from '../bookings/booking-documentation-schema.js';
import { bookingListItemSchema, bookingPageSchema } from '../bookings/booking-list-schema.js';
import { bookingSaveSchema } from '../bookings/booking-save-schema.js';
import { bookingSchema, bookingSnapshotSchema } from '../bookings/booking-schema.js';
import { enquirySchema } from '../bookings/enquiry-schema.js';
import { pagedListQuerySchema, pagedSchema } from '../bookings/paged-list.js';
import { paymentDetailSchema, paymentListItemSchema, paymentRecordSchema } from '../bookings/payment-schema.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// Bookings, payments and enquiries (SPEC.md section 7). Their answers are described in full by
// the domain schemas, and the server serialises through them (fields they do not name never leave).

const params = z.object({ id: pathId });

export const bookingsEndpoints = {
  /** Every booking (SPEC.md's plain list), or one page of a search when the query asks for one. */
  list: defineEndpoint({
    method: 'GET',
    path: '/bookings',
    query: pagedListQuerySchema,
    response: z.union([z.array(bookingListItemSchema), bookingPageSchema]),
  }),
  read: defineEndpoint({ method: 'GET', path: '/bookings/:id', params, response: bookingSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/bookings/:id', params, body: bookingSaveSchema, response: bookingSchema }),
  /** Newest first: the screen shows what the booking looked like before each save. */
  snapshots: defineEndpoint({ method: 'GET', path: '/bookings/:id/snapshot', params, response: z.array(bookingSnapshotSchema) }),
  /** What the customer's travel document prints. */
  documentation: defineEndpoint({ method: 'GET', path: '/bookings/:id/documentation', params, response: bookingDocumentationSchema }),
};

export const paymentsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/payments',
    query: pagedListQuerySchema,
    response: z.union([z.array(paymentListItemSchema), pagedSchema(paymentListItemSchema)]),
  }),
  read: defineEndpoint({ method: 'GET', path: '/payments/:id', params, response: paymentDetailSchema }),
  /** Records a payment or refund of a booking. */
  record: defineEndpoint({ method: 'POST', path: '/payments/booking', body: paymentRecordSchema, response: z.object({ id: z.number().int() }) }),
};

export const enquiriesEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/enquiries',
    query: pagedListQuerySchema,
    response: z.union([z.array(enquirySchema), pagedSchema(enquirySchema)]),
  }),
  read: defineEndpoint({ method: 'GET', path: '/enquiries/:id', params, response: enquirySchema }),
};
