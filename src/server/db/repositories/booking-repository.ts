import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../schema.js';

/** The booking row with its tour's name, slug and balance due (null without a tour). */
export function findBookingWithTour(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('bookings as b')
    .leftJoin('tours as t', 't.id', 'b.tour_id')
    .selectAll('b')
    .select(['t.name as t_name', 't.slug as t_slug', 't.balance_due as t_balance_due'])
    .where('b.id', '=', id)
    .executeTakeFirst();
}

/** The booking's rooms, in id order. */
export function listBookingRooms(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_rooms')
    .select(['id', 'room_id', 'name', 'category', 'cost', 'extras'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

/** The booking's party members, in id order. */
export function listPartyMembers(db: Kysely<Database>, bookingId: number) {
  return db.selectFrom('party_members').selectAll().where('booking_id', '=', bookingId).orderBy('id').execute();
}

/** The booking's payments, oldest first. */
export function listBookingPayments(db: Kysely<Database>, bookingId: number) {
  return db.selectFrom('payments').selectAll().where('booking_id', '=', bookingId).orderBy('created_at').orderBy('id').execute();
}

/** The bikes a tour season offers, with the bike's name, in the season's order. */
export function listTourBikeChoices(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_bikes as tb')
    .innerJoin('bikes as bk', 'bk.id', 'tb.bike_id')
    .select(['tb.id', 'tb.bike_id', 'bk.name', 'tb.cost', 'tb.nights'])
    .where('tb.tour_season_id', '=', tourSeasonId)
    .orderBy('tb.order')
    .orderBy('tb.id')
    .execute();
}

/** The booking's id when it exists. */
export function findBookingId(db: Kysely<Database>, id: number) {
  return db.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst();
}

/** The booking's snapshots, newest first. */
export function listBookingSnapshots(db: Kysely<Database>, bookingId: number) {
  return db
    .selectFrom('booking_snapshots')
    .select(['id', 'created_at', 'snapshot'])
    .where('booking_id', '=', bookingId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Bumps the booking's version when it is still `version`, taking its row lock; undefined when stale or missing. */
export function claimBookingVersion(trx: Kysely<Database>, id: number, version: number) {
  return trx
    .updateTable('bookings')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

export async function insertBookingSnapshot(trx: Kysely<Database>, bookingId: number, snapshot: string): Promise<void> {
  await trx.insertInto('booking_snapshots').values({ booking_id: bookingId, snapshot }).execute();
}

/** Writes the booking's own fields (not its version). */
export async function updateBooking(trx: Kysely<Database>, id: number, values: Updateable<Database['bookings']>): Promise<void> {
  await trx.updateTable('bookings').set(values).where('id', '=', id).execute();
}

/** Writes one of the booking's rooms' extras. */
export async function updateBookingRoomExtras(trx: Kysely<Database>, bookingId: number, roomId: number, extras: string): Promise<void> {
  await trx.updateTable('booking_rooms').set({ extras }).where('id', '=', roomId).where('booking_id', '=', bookingId).execute();
}

/** The ids among `bikeIds` that the tour season offers (none for a booking without a tour season). */
export function offeredTourBikes(db: Kysely<Database>, bikeIds: readonly number[], tourSeasonId: number | null) {
  return db
    .selectFrom('tour_bikes')
    .select('id')
    .where('id', 'in', [...bikeIds])
    .where('tour_season_id', '=', tourSeasonId ?? -1)
    .execute();
}

export async function deletePartyMembers(trx: Kysely<Database>, bookingId: number, ids: readonly number[]): Promise<void> {
  await trx
    .deleteFrom('party_members')
    .where('booking_id', '=', bookingId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function insertPartyMember(trx: Kysely<Database>, row: Insertable<Database['party_members']>): Promise<void> {
  await trx.insertInto('party_members').values(row).execute();
}

export async function updatePartyMember(trx: Kysely<Database>, bookingId: number, id: number, values: Updateable<Database['party_members']>): Promise<void> {
  await trx.updateTable('party_members').set(values).where('id', '=', id).where('booking_id', '=', bookingId).execute();
}
