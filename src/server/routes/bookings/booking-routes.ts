import { bookingsEndpoints } from '../../../domain/contract/bookings.js';
import type { Api, AppContext } from '../../api-types.js';
import { notFound } from '../../http-errors.js';
import { findBookingId, listBookingSnapshots } from '../../db/repositories/booking-repository.js';
import { registerEndpoint } from '../register-endpoint.js';
import { loadBooking } from './load-booking.js';
import { saveBooking } from './save-booking.js';
import { CACHEABLE } from '../../read-cache.js';

/** `GET bookings/{id}`, `PUT bookings/{id}` and `GET bookings/{id}/snapshot`. */
export function registerBookingRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, bookingsEndpoints.read, async (request) => loadBooking(db, request.params.id), { config: CACHEABLE, serialize: true });

  registerEndpoint(app, bookingsEndpoints.save, async (request) => saveBooking(db, request.params.id, request.body), { serialize: true });

  // Newest first: the screen shows what the booking looked like before each save.
  registerEndpoint(
    app,
    bookingsEndpoints.snapshots,
    async (request) => {
      const booking = await findBookingId(db, request.params.id);
      if (!booking) throw notFound('Booking');
      const rows = await listBookingSnapshots(db, booking.id);
      return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at).toISOString(), snapshot: row.snapshot }));
    },
    { serialize: true },
  );
}
