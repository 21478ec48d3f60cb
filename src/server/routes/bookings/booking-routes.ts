import { z } from 'zod';
import { bookingSchema, bookingSnapshotSchema } from '../../../domain/bookings/booking-schema.js';
import { bookingSaveSchema } from '../../../domain/bookings/booking-save-schema.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { pathId } from '../route-params.js';
import { loadBooking } from './load-booking.js';
import { saveBooking } from './save-booking.js';
import { CACHEABLE } from '../../read-cache.js';

const params = z.object({ id: pathId });

/** `GET bookings/{id}`, `PUT bookings/{id}` and `GET bookings/{id}/snapshot`. */
export function registerBookingRoutes(app: Api, { db }: AppContext) {
  app.get('/bookings/:id', { config: CACHEABLE, schema: { params, response: { 200: bookingSchema } } }, async (request) => loadBooking(db, request.params.id));

  app.put('/bookings/:id', { schema: { params, body: bookingSaveSchema, response: { 200: bookingSchema } } }, async (request) =>
    saveBooking(db, request.params.id, request.body),
  );

  // Newest first: the screen shows what the booking looked like before each save.
  app.get('/bookings/:id/snapshot', { schema: { params, response: { 200: z.array(bookingSnapshotSchema) } } }, async (request) => {
    const booking = await db.selectFrom('bookings').select('id').where('id', '=', request.params.id).executeTakeFirst();
    if (!booking) throw notFound('Booking');
    const rows = await db
      .selectFrom('booking_snapshots')
      .select(['id', 'created_at', 'snapshot'])
      .where('booking_id', '=', booking.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at).toISOString(), snapshot: row.snapshot }));
  });
}
