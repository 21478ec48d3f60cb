import type { Kysely, Transaction } from 'kysely';
import type { Booking } from '../../../domain/bookings/booking-schema.js';
import type { BookingSave } from '../../../domain/bookings/booking-save-schema.js';
import { bookingSnapshotText } from '../../../domain/bookings/snapshot-changes.js';
import {
  claimBookingVersion,
  deletePartyMembers,
  findBookingId,
  insertBookingSnapshot,
  insertPartyMember,
  offeredTourBikes,
  updateBooking,
  updateBookingRoomExtras,
  updatePartyMember,
} from '../../db/repositories/booking-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, notFound, staleVersion } from '../../http-errors.js';
import { loadBooking } from './load-booking.js';

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
    const bumped = await claimBookingVersion(trx, id, body.version);
    if (!bumped) {
      const exists = await findBookingId(trx, id);
      throw exists ? staleVersion('This booking') : notFound('Booking');
    }
    const previous = await loadBooking(trx, id);
    await insertBookingSnapshot(trx, id, bookingSnapshotText({ ...previous, version: body.version }));

    await validateChildren(trx, previous, body);
    const { filters } = body;
    await updateBooking(trx, id, {
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
    });

    for (const room of body.rooms) {
      if (room.extras) await updateBookingRoomExtras(trx, id, room.id, JSON.stringify(room.extras));
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
    const offered = await offeredTourBikes(trx, bikeIds, previous.tour_season_id);
    const known = new Set(offered.map((bike) => bike.id));
    const unknown = bikeIds.filter((bikeId) => !known.has(bikeId));
    if (unknown.length) throw badRequest(`Bike ${unknown.join(', ')} is not offered on this tour season`, 'party.tour_bike_id');
  }
}

async function saveParty(trx: Transaction<Database>, bookingId: number, previous: Booking, body: BookingSave) {
  const kept = new Set(body.party.flatMap((member) => (member.id === undefined ? [] : [member.id])));
  const removed = previous.party.filter((member) => !kept.has(member.id)).map((member) => member.id);
  if (removed.length) await deletePartyMembers(trx, bookingId, removed);
  for (const { id, extras, ...member } of body.party) {
    const values = { ...member, ...(extras ? { extras: JSON.stringify(extras) } : {}) };
    if (id === undefined) await insertPartyMember(trx, { ...values, booking_id: bookingId });
    else await updatePartyMember(trx, bookingId, id, values);
  }
}
