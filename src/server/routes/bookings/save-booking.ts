import type { Kysely, Transaction } from 'kysely';
import type { Booking } from '../../../domain/bookings/booking-schema.js';
import type { BookingSave } from '../../../domain/bookings/booking-save-schema.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound, staleVersion } from '../../http-errors.js';
import { loadBooking } from './load-booking.js';

/** What a snapshot keeps: the booking as it was, without the choices lists around it. */
const snapshotOf = (booking: Booking) => {
  const { tour_bikes: _choices, ...kept } = booking;
  return JSON.stringify(kept);
};

function assertKnown(ids: readonly (number | null | undefined)[], known: ReadonlySet<number>, what: string, path: string) {
  const unknown = ids.filter((id): id is number => id !== null && id !== undefined && !known.has(id));
  if (unknown.length) throw badRequest(`${what} ${unknown.join(', ')} is not part of this booking`, path);
}

/**
 * `PUT bookings/{id}`: the whole booking in one transaction. The version check comes first and
 * takes the row lock, so of two saves from the same version exactly one wins; the loser changes
 * nothing and gets 409. The booking as it was goes into a snapshot before anything changes.
 */
export async function saveBooking(db: Kysely<Database>, id: number, body: BookingSave): Promise<Booking> {
  return db.transaction().execute(async (trx) => {
    const bumped = await trx
      .updateTable('bookings')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('version', '=', body.version)
      .returning('id')
      .executeTakeFirst();
    if (!bumped) {
      const exists = await trx.selectFrom('bookings').select('id').where('id', '=', id).executeTakeFirst();
      throw exists ? staleVersion('This booking') : notFound('Booking');
    }
    const previous = await loadBooking(trx, id);
    await trx
      .insertInto('booking_snapshots')
      .values({ booking_id: id, snapshot: snapshotOf({ ...previous, version: body.version }) })
      .execute();

    await validateChildren(trx, previous, body);
    const { filters } = body;
    await trx
      .updateTable('bookings')
      .set({
        booking_reference: body.booking_reference,
        title: body.title,
        first_name: body.first_name,
        last_name: body.last_name,
        status: body.status,
        // Plain text, shown escaped: cleaning it as HTML would turn '&' into '&amp;'.
        comments: body.comments,
        customer: JSON.stringify(body.customer),
        filter_boat: filters.boat ?? null,
        filter_from: filters.from ?? null,
        filter_guided: filters.guided ?? null,
        filter_nights: filters.nights ?? null,
      })
      .where('id', '=', id)
      .execute();

    for (const room of body.rooms) {
      if (room.extras)
        await trx
          .updateTable('booking_rooms')
          .set({ extras: JSON.stringify(room.extras) })
          .where('id', '=', room.id)
          .where('booking_id', '=', id)
          .execute();
    }
    await saveParty(trx, id, previous, body);
    return loadBooking(trx, id);
  });
}

async function validateChildren(trx: Transaction<Database>, previous: Booking, body: BookingSave) {
  assertKnown(
    body.rooms.map((room) => room.id),
    new Set(previous.rooms.map((room) => room.id)),
    'Room',
    'rooms',
  );
  assertKnown(
    body.party.map((member) => member.id),
    new Set(previous.party.map((member) => member.id)),
    'Party member',
    'party',
  );
  assertKnown(
    body.party.map((member) => member.booking_room_id),
    new Set(previous.rooms.map((room) => room.id)),
    'Room',
    'party.booking_room_id',
  );
  // A bike must be one the booking's tour season offers.
  const bikeIds = body.party.map((member) => member.tour_bike_id).filter((bikeId): bikeId is number => bikeId !== null);
  if (bikeIds.length) {
    const offered = await trx
      .selectFrom('tour_bikes')
      .select('id')
      .where('id', 'in', bikeIds)
      .where('tour_season_id', '=', previous.tour_season_id ?? -1)
      .execute();
    const known = new Set(offered.map((bike) => bike.id));
    const unknown = bikeIds.filter((bikeId) => !known.has(bikeId));
    if (unknown.length) throw badRequest(`Bike ${unknown.join(', ')} is not offered on this tour season`, 'party.tour_bike_id');
  }
}

async function saveParty(trx: Transaction<Database>, bookingId: number, previous: Booking, body: BookingSave) {
  const kept = new Set(body.party.flatMap((member) => (member.id === undefined ? [] : [member.id])));
  const removed = previous.party.filter((member) => !kept.has(member.id)).map((member) => member.id);
  if (removed.length) await trx.deleteFrom('party_members').where('booking_id', '=', bookingId).where('id', 'in', removed).execute();
  for (const { id, extras, ...member } of body.party) {
    const values = { ...member, ...(extras ? { extras: JSON.stringify(extras) } : {}) };
    if (id === undefined)
      await trx
        .insertInto('party_members')
        .values({ ...values, booking_id: bookingId })
        .execute();
    else await trx.updateTable('party_members').set(values).where('id', '=', id).where('booking_id', '=', bookingId).execute();
  }
}
