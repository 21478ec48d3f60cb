import type { Booking } from './booking-schema.js';
import { formatDate } from '../format-date.js';

const fullName = (person: { title: string; first_name: string; last_name: string }) =>
  [person.title, person.first_name, person.last_name].filter((part) => part.trim() !== '').join(' ');

/** Age in whole years on a date, both as YYYY-MM-DD. */
export function ageOn(dateOfBirth: string, on: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The plain-text message staff send the local operator (SPEC.md section 2, Booking overview):
 * tour, dates, rooms with their extra nights, and every traveller with height, bike, diet and
 * supplements. No prices: the operator's own rates are agreed elsewhere.
 */
export function operatorEmail(booking: Booking): string {
  const start = booking.holiday_start_date;
  const roomName = new Map(booking.rooms.map((room, index) => [room.id, `Room ${index + 1}: ${room.name}${room.category ? ` (${room.category})` : ''}`]));
  const lines: string[] = [
    'Dear partner,',
    '',
    `Please confirm the following booking for ${booking.tour?.name ?? booking.tour_name}.`,
    '',
    `Booking reference: ${booking.booking_reference}`,
    `Lead name: ${fullName(booking.customer.last_name ? booking.customer : booking)}`,
    `Arrival: ${formatDate(booking.arrival)}`,
    `Tour start: ${formatDate(start)}`,
  ];
  if (booking.filter_nights !== null) lines.push(`Nights: ${booking.filter_nights}`);
  if (booking.filter_guided !== null) lines.push(`Guidance: ${booking.filter_guided ? 'Guided' : 'Self-guided'}`);

  lines.push('', `Rooms (${booking.rooms.length}):`);
  for (const room of booking.rooms) {
    lines.push(`- ${roomName.get(room.id)}`);
    for (const extra of room.extras)
      lines.push(`  ${extra.name}: ${extra.quantity} night${extra.quantity === 1 ? '' : 's'} ${extra.post ? 'after' : 'before'} the tour`);
  }

  lines.push('', `Travellers (${booking.party.length}):`);
  booking.party.forEach((member, index) => {
    const details = [
      member.date_of_birth && start ? `age ${ageOn(member.date_of_birth, start)}` : null,
      member.height !== null ? `height ${member.height} cm` : null,
      `bike: ${member.tour_bike?.name ?? 'none'}`,
      member.booking_room_id !== null ? roomName.get(member.booking_room_id)?.split(':')[0] : null,
    ].filter((detail): detail is string => Boolean(detail));
    lines.push(`${index + 1}. ${fullName(member)}: ${details.join(', ')}`);
    if (member.dietary_requirements.trim()) lines.push(`   Dietary requirements: ${member.dietary_requirements.trim()}`);
    for (const extra of member.extras) lines.push(`   Supplement: ${extra.name}`);
  });

  if (booking.comments.trim()) lines.push('', `Notes: ${booking.comments.trim()}`);
  lines.push('', 'Many thanks,', '');
  return lines.join('\n');
}
