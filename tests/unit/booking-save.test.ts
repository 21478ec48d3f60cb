import { describe, expect, it } from 'vitest';
import { bookingSaveSchema } from '../../src/domain/bookings/booking-save-schema.js';
import { bookingFormToSave, filtersFrom, type BookingForm, type PartyMemberForm } from '../../src/domain/bookings/booking-save.js';

const member = (changes: Partial<PartyMemberForm> = {}): PartyMemberForm => ({
  id: 11,
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  date_of_birth: '1980-12-10',
  height: '168',
  dietary_requirements: '',
  booking_room_id: '5',
  tour_bike_id: '7',
  extras: [],
  ...changes,
});

const form = (changes: Partial<BookingForm> = {}): BookingForm => ({
  version: 3,
  booking_reference: ' BK-2026-000123 ',
  title: 'Mrs',
  first_name: 'Ada',
  last_name: 'Lovelace',
  status: 'deposit-paid',
  comments: '',
  customer: { first_name: 'Ada', last_name: 'Lovelace' },
  filters: { boat: null, from: '2026-06-14', guided: false, nights: 7 },
  rooms: [
    { id: 5, extras: [{ id: 1, post: true, name: 'Extra night', cost: 90, quantity: 2, room_name: 'Double', category: 'Standard' }] },
    { id: 6, extras: [] },
  ],
  party: [member()],
  ...changes,
});

describe('the booking save conversions', () => {
  it('turns a blank bike choice into null', () => {
    expect(bookingFormToSave(form({ party: [member({ tour_bike_id: '' })] })).party[0].tour_bike_id).toBeNull();
    expect(bookingFormToSave(form()).party[0].tour_bike_id).toBe(7);
  });

  it('drops the extras field of rooms whose extras are empty', () => {
    const rooms = bookingFormToSave(form()).rooms;
    expect(rooms[0]).toEqual({ id: 5, extras: [expect.objectContaining({ name: 'Extra night' })] });
    expect(rooms[1]).toEqual({ id: 6 });
    expect('extras' in rooms[1]).toBe(false);
  });

  it('builds the filters object from the filter values that are set', () => {
    expect(filtersFrom({ boat: null, from: '2026-06-14', guided: false, nights: 7 })).toEqual({ from: '2026-06-14', guided: false, nights: 7 });
    expect(filtersFrom({ boat: 3, from: '', guided: null, nights: null })).toEqual({ boat: 3 });
    expect(filtersFrom({ boat: null, from: null, guided: null, nights: null })).toEqual({});
  });

  it('keeps false and zero filter values, which are set', () => {
    expect(filtersFrom({ boat: 0, from: null, guided: false, nights: 0 })).toEqual({ boat: 0, guided: false, nights: 0 });
  });

  it('turns an empty date of birth, height and room into null and typed numbers into numbers', () => {
    const saved = bookingFormToSave(form({ party: [member({ date_of_birth: '', height: ' ', booking_room_id: '' })] })).party[0];
    expect(saved).toEqual(expect.objectContaining({ date_of_birth: null, height: null, booking_room_id: null }));
    expect(bookingFormToSave(form()).party[0]).toEqual(expect.objectContaining({ height: 168, booking_room_id: 5 }));
  });

  it('sends a new party member without an id and trims the reference', () => {
    const saved = bookingFormToSave(form({ party: [member({ id: undefined })] }));
    expect('id' in saved.party[0]).toBe(false);
    expect(saved.booking_reference).toBe('BK-2026-000123');
  });

  it('produces a body the server accepts', () => {
    expect(bookingSaveSchema.safeParse(bookingFormToSave(form())).success).toBe(true);
  });
});
