import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** What the travel document needs of the booking itself. */
export function findDocumentationBooking(db: Kysely<Database>, bookingId: number) {
  return db.selectFrom('bookings').select(['tour_id', 'tour_name', 'booking_reference', 'customer']).where('id', '=', bookingId).executeTakeFirst();
}

/** The booking's tour, whole. */
export function findDocumentationTour(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tours').selectAll().where('id', '=', tourId).executeTakeFirst();
}

export function findOperatorContact(db: Kysely<Database>, operatorId: number) {
  return db.selectFrom('operators').select(['name', 'contact']).where('id', '=', operatorId).executeTakeFirst();
}

/** The tour's documentation row, whole. */
export function findDocumentationDetails(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tour_documentation').selectAll().where('tour_id', '=', tourId).executeTakeFirst();
}

/** The hotels or restaurants among `ids`, in no particular order. */
export function listStays(db: Kysely<Database>, table: 'hotels' | 'restaurants', ids: readonly number[]) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'content'])
    .where('id', 'in', [...ids, -1])
    .execute();
}

/** The destinations among `ids`, in their listing order. */
export function listDocumentationDestinations(db: Kysely<Database>, ids: readonly number[]) {
  return db
    .selectFrom('destinations')
    .select(['id', 'name', 'currency', 'tipping'])
    .where('id', 'in', [...ids, -1])
    .orderBy('order')
    .orderBy('name')
    .execute();
}

/** The tour's weather note. */
export function findTourWeather(db: Kysely<Database>, tourId: number) {
  return db.selectFrom('tour_meta').select('value').where('tour_id', '=', tourId).where('key', '=', 'weather').executeTakeFirst();
}

/** The tour's itinerary days of every type, in day order. */
export function listDocumentationItinerary(db: Kysely<Database>, tourId: number) {
  return db
    .selectFrom('itineraries')
    .select(['title', 'content', 'type'])
    .where('tour_id', '=', tourId)
    .orderBy('day')
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The stored file name of an image. */
export function findMediaFileName(db: Kysely<Database>, mediaId: number) {
  return db.selectFrom('media').select('file_name').where('id', '=', mediaId).executeTakeFirst();
}
