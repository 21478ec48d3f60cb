import { z } from 'zod';
import { recordVersion } from '../record-id.js';
import { EMAIL_ADDRESS_MESSAGE, isBlankOrEmailAddress } from '../email-address.js';
import { bookingFiltersSchema, customerSchema, id, partyExtraSchema, roomExtraSchema, text } from './booking-schema.js';
import { dateOfBirthSchema } from './date-of-birth.js';

/** One party member as `PUT bookings/{id}` takes it: without id it is added. */
export const partyMemberSaveSchema = z.object({
  id: id.optional(),
  title: text(40),
  first_name: text(200),
  last_name: text(200),
  date_of_birth: dateOfBirthSchema.nullable(),
  height: z.number().int('Height is whole centimetres').min(30, 'Height is in centimetres').max(250, 'Height is in centimetres').nullable(),
  dietary_requirements: text(2000),
  booking_room_id: id.nullable(),
  tour_bike_id: id.nullable(),
  extras: z.array(partyExtraSchema).optional(),
});
export type PartyMemberSave = z.infer<typeof partyMemberSaveSchema>;

/** A room as saved: its extras are left unchanged when the field is absent. */
export const bookingRoomSaveSchema = z.object({ id, extras: z.array(roomExtraSchema).optional() });
export type BookingRoomSave = z.infer<typeof bookingRoomSaveSchema>;

/** The customer as saved: as read, with an e-mail address that is blank or valid. */
const customerSaveSchema = customerSchema.extend({
  email_address: text(320).trim().refine(isBlankOrEmailAddress, EMAIL_ADDRESS_MESSAGE).default(''),
});

/** `PUT bookings/{id}`: the whole booking as the edit form holds it, with the version it read. */
export const bookingSaveSchema = z.object({
  version: recordVersion,
  booking_reference: text(60).trim().min(1, 'Booking reference is required'),
  title: text(40),
  first_name: text(200),
  last_name: text(200),
  status: text(60).trim().min(1, 'Status is required'),
  comments: text(10_000).default(''),
  customer: customerSaveSchema,
  filters: bookingFiltersSchema.default({}),
  rooms: z.array(bookingRoomSaveSchema).max(50),
  party: z.array(partyMemberSaveSchema).max(100),
});
export type BookingSave = z.infer<typeof bookingSaveSchema>;
export type BookingSaveInput = z.input<typeof bookingSaveSchema>;
