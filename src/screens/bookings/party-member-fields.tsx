import { useId } from 'react';
import { FieldMessage, FormField } from '../../ui/form-field.js';
import type { BookingRoom, TourBikeOption } from '../../domain/bookings/booking-schema.js';
import type { PartyMemberForm } from '../../domain/bookings/booking-save.js';
import { formatPounds } from '../../domain/bookings/booking-money.js';
import { DateOfBirthPicker } from './date-of-birth-picker.js';

type Props = {
  index: number;
  member: PartyMemberForm;
  rooms: BookingRoom[];
  bikes: TourBikeOption[];
  onChange: (member: PartyMemberForm) => void;
  /** The message of one of this member's fields ('date_of_birth'), from the form's check or the server. */
  errorOf: (field: keyof PartyMemberForm) => string | undefined;
};

/** One traveller of the edit form: title, names, height, date of birth, bike, diet, room, extras. */
export function PartyMemberFields({ index, member, rooms, bikes, onChange, errorOf }: Props) {
  const birthMessageId = useId();
  const birthError = errorOf('date_of_birth');
  const name = [member.first_name, member.last_name].filter(Boolean).join(' ') || `Traveller ${index + 1}`;
  const set = (change: Partial<PartyMemberForm>) => onChange({ ...member, ...change });
  return (
    <fieldset className="member-fieldset">
      <legend>
        {index + 1}. {name}
      </legend>
      <div className="form-grid">
        <FormField label="Title" error={errorOf('title')}>
          <input value={member.title} onChange={(event) => set({ title: event.target.value })} />
        </FormField>
        <FormField label="First name" error={errorOf('first_name')}>
          <input value={member.first_name} onChange={(event) => set({ first_name: event.target.value })} />
        </FormField>
        <FormField label="Last name" error={errorOf('last_name')}>
          <input value={member.last_name} onChange={(event) => set({ last_name: event.target.value })} />
        </FormField>
        <FormField label="Height (cm)" error={errorOf('height')}>
          <input type="number" min={30} max={250} step={1} value={member.height} onChange={(event) => set({ height: event.target.value })} />
        </FormField>
        <div className={`form-field${birthError ? ' has-error' : ''}`}>
          <span className="field-label">Date of birth</span>
          <DateOfBirthPicker
            label={`Date of birth of ${name}`}
            value={member.date_of_birth}
            onChange={(value) => set({ date_of_birth: value })}
            error={birthError}
            messageId={birthMessageId}
          />
          <FieldMessage id={birthMessageId} error={birthError} />
        </div>
        <FormField label="Bike">
          <select value={member.tour_bike_id} onChange={(event) => set({ tour_bike_id: event.target.value })} aria-label={`Bike of ${name}`}>
            <option value="">No bike</option>
            {bikes.map((bike) => (
              <option key={bike.id} value={String(bike.id)}>
                {bike.name}
                {bike.cost ? ` (${formatPounds(bike.cost)})` : ''}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Room">
          <select value={member.booking_room_id} onChange={(event) => set({ booking_room_id: event.target.value })}>
            <option value="">No room</option>
            {rooms.map((room, roomIndex) => (
              <option key={room.id} value={String(room.id)}>
                {roomIndex + 1}. {room.name}
                {room.category ? ` (${room.category})` : ''}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Dietary requirements" error={errorOf('dietary_requirements')}>
          <input value={member.dietary_requirements} onChange={(event) => set({ dietary_requirements: event.target.value })} />
        </FormField>
      </div>
      <div className="field-label">Extras</div>
      {member.extras.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul className="readonly-list">
          {member.extras.map((extra, extraIndex) => (
            <li key={`${extra.id}-${extraIndex}`}>
              {extra.name} ({formatPounds(extra.cost)})
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
