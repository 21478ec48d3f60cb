import { FormField } from '../../ui/form-field.js';
import { KeptDraftNotice } from '../../ui/kept-draft-notice.js';
import { useRecordForm } from '../../ui/use-record-form.js';
import { formatPounds } from '../../domain/bookings/booking-money.js';
import type { Booking, Customer } from '../../domain/bookings/booking-schema.js';
import { bookingFormToSave, bookingToForm, filtersFrom, type BookingForm } from '../../domain/bookings/booking-save.js';
import { bookingSaveSchema, type BookingSave } from '../../domain/bookings/booking-save-schema.js';
import { BOOKING_STATUSES, bookingStatusLabel } from '../../domain/bookings/booking-status.js';
import { PartyMemberFields } from './party-member-fields.js';

const CUSTOMER_FIELDS: [keyof Customer, string][] = [
  ['title', 'Title'],
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email_address', 'E-mail address'],
  ['telephone_number', 'Telephone'],
  ['alternative_telephone_number', 'Alternative telephone'],
  ['address_line_1', 'Address line 1'],
  ['address_line_2', 'Address line 2'],
  ['town', 'Town'],
  ['county', 'County'],
  ['postcode', 'Postcode'],
  ['country', 'Country'],
];

const PARTY_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  date_of_birth: 'Date of birth',
  height: 'Height',
  dietary_requirements: 'Dietary requirements',
  booking_room_id: 'Room',
  tour_bike_id: 'Bike',
  extras: 'Extras',
};
const TOP_LABELS: Record<string, string> = {
  booking_reference: 'Booking reference',
  title: 'Title',
  first_name: 'First name',
  last_name: 'Last name',
  status: 'Status',
  comments: 'Comments',
  filters: 'Selected filters',
  rooms: 'Room extras',
  party: 'Party',
};

/** A field's name in the merge dialog, from its path in the form ('party.1.height': 'Party member 2 (Ann Lee): Height'). */
function bookingFieldLabel(path: string, form: BookingForm): string {
  const [head, second, third] = path.split('.');
  if (head === 'customer') return `${CUSTOMER_FIELDS.find(([field]) => field === second)?.[1] ?? second} (contact)`;
  if (head === 'party' && third !== undefined) {
    const member = form.party[Number(second)];
    const name = [member?.first_name, member?.last_name].filter(Boolean).join(' ');
    return `Party member ${Number(second) + 1}${name ? ` (${name})` : ''}: ${PARTY_FIELD_LABELS[third] ?? third}`;
  }
  return TOP_LABELS[head] ?? path;
}

const FILTER_LABELS: Record<string, (value: unknown) => string> = {
  boat: (value) => `Boat ${String(value)}`,
  from: (value) => `From ${String(value)}`,
  guided: (value) => (value ? 'Guided' : 'Self-guided'),
  nights: (value) => `${String(value)} nights`,
};

/**
 * The edit form of SPEC.md section 2, on the one form hook: the whole booking saved in one call
 * (`send`), 'Saved', then the booking's overview. The body is checked before the call by the
 * server's own schema (an e-mail address, a whole date of birth or none...), its messages beside
 * the fields. A save refused because someone saved first is merged with their save, field by
 * field and party member by party member (issue 29), and sent again; a refusal of another kind
 * keeps the form as typed, with the server's message.
 */
export function BookingEditForm({
  booking,
  send,
  onSaved,
  current,
}: {
  booking: Booking;
  send: (body: BookingSave) => Promise<Booking>;
  onSaved: (saved: Booking) => void;
  /** The booking as stored now, read afresh when a save is refused as stale (issue 29's merge). */
  current: () => Promise<Booking>;
}) {
  const draftKey = `booking:${booking.id}:v${booking.version}`;
  const record = useRecordForm({
    initial: () => bookingToForm(booking),
    schema: bookingSaveSchema,
    valuesOf: bookingFormToSave,
    send,
    savedMessage: 'Saved',
    // A traveller's field may be out of sight when Save is pressed.
    refusedMessage: 'Please correct the fields marked in red.',
    leaveTo: `/bookings/${booking.id}`,
    onSaved,
    draftKey,
    // The draft carries the version, so the merged draft is sent at the stored one.
    merge: {
      current: async () => {
        const stored = await current();
        return { draft: bookingToForm(stored), version: stored.version };
      },
      lastChange: { kind: 'bookings', id: booking.id },
      labelOf: bookingFieldLabel,
    },
  });
  const { draft: form, setDraft: setForm } = record;
  const set = (change: Partial<BookingForm>) => setForm((current) => ({ ...current, ...change }));
  const setCustomer = (field: keyof Customer, value: string) => setForm((current) => ({ ...current, customer: { ...current.customer, [field]: value } }));
  const knownStatus = BOOKING_STATUSES.some(([value]) => value === form.status);
  const filters = Object.entries(filtersFrom(form.filters));

  return (
    <form onSubmit={record.submit} noValidate>
      <KeptDraftNotice<BookingForm> draftKey={draftKey} onRestore={record.restore} />
      <div className="booking-grid">
        <section className="panel" aria-labelledby="booking-title">
          <h2 id="booking-title">Status and reference</h2>
          <FormField label="Booking reference" error={record.errorOf('booking_reference')}>
            <input value={form.booking_reference} required onChange={(event) => set({ booking_reference: event.target.value })} autoFocus />
          </FormField>
          <FormField label="Status">
            <select value={form.status} onChange={(event) => set({ status: event.target.value })}>
              {!knownStatus && <option value={form.status}>{bookingStatusLabel(form.status)}</option>}
              {BOOKING_STATUSES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField label="Comments" error={record.errorOf('comments')}>
            <textarea rows={3} value={form.comments} onChange={(event) => set({ comments: event.target.value })} />
          </FormField>
          <div className="field-label">Selected filters</div>
          <p className="muted" data-testid="selected-filters">
            {filters.length ? filters.map(([key, value]) => FILTER_LABELS[key]?.(value) ?? `${key} ${String(value)}`).join(' · ') : 'None'}
          </p>
        </section>
        <section className="panel" aria-labelledby="contact-title">
          <h2 id="contact-title">Contact details</h2>
          <div className="form-grid">
            {CUSTOMER_FIELDS.map(([field, label]) => (
              <FormField key={field} label={label} error={record.errorOf(`customer.${field}`)}>
                <input
                  type={field === 'email_address' ? 'email' : 'text'}
                  value={form.customer[field] ?? ''}
                  onChange={(event) => setCustomer(field, event.target.value)}
                />
              </FormField>
            ))}
          </div>
        </section>
      </div>

      <section className="panel" aria-labelledby="rooms-title" style={{ marginBottom: 16 }}>
        <h2 id="rooms-title">Rooms</h2>
        <ul className="readonly-list">
          {booking.rooms.map((room, index) => (
            <li key={room.id}>
              {index + 1}. {room.name}
              {room.category ? ` (${room.category})` : ''}, {formatPounds(room.cost)}
              {room.extras.length > 0 && `: ${room.extras.map((extra) => `${extra.name} × ${extra.quantity}`).join(', ')}`}
            </li>
          ))}
        </ul>
      </section>

      <h2>Party</h2>
      {form.party.map((member, index) => (
        <PartyMemberFields
          key={member.id ?? `new-${index}`}
          index={index}
          member={member}
          rooms={booking.rooms}
          bikes={booking.tour_bikes}
          errorOf={(field) => record.errorOf(`party.${index}.${field}`)}
          onChange={(changed) => setForm((current) => ({ ...current, party: current.party.map((candidate, at) => (at === index ? changed : candidate)) }))}
        />
      ))}

      <div className="form-actions sticky-actions">
        <button type="submit" className="button primary" disabled={record.saving}>
          {record.saving ? 'Saving…' : 'Save'}
        </button>
        {record.dirty && <span className="muted">Unsaved changes</span>}
      </div>
    </form>
  );
}
