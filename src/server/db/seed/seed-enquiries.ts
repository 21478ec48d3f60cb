// Enquiries from the website's contact form, naming destinations and tours.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { insertRows } from './batch-insert.js';
import type { ReferenceData } from './reference-data.js';
import { addDays, isoDate, timestampAt } from './seed-dates.js';
import { emailFor, inventAdult } from './seed-people.js';
import type { SeededRandom } from './seeded-random.js';
import type { TourPlan } from './seed-tours.js';
import { fictionalTelephone } from './word-lists.js';

const MESSAGES = [
  'Is this holiday suitable for a ten-year-old on a tag-along?',
  'Could we add two nights at the start?',
  'Do you have availability for four people in the second week of June?',
  'How hilly are the middle days of the route?',
  'Can we bring our own electric bikes?',
  'Please send the brochure for next season.',
];

export async function seedEnquiries(
  db: Kysely<Database>,
  random: SeededRandom,
  reference: ReferenceData,
  tours: readonly TourPlan[],
  count: number,
): Promise<void> {
  const liveTours = tours.filter((tour) => tour.live);
  const firstDay = isoDate(2025, 6, 1);
  const rows = Array.from({ length: count }, (_, index) => {
    const person = inventAdult(random);
    const destinations = random.sample(
      reference.destinations,
      random.weighted([
        [0, 1],
        [1, 6],
        [2, 2],
      ] as const),
    );
    const sameDestination = liveTours.filter((tour) => destinations.some((destination) => tour.destinationIds.includes(destination.id)));
    const enquiryTours = random.sample(sameDestination.length > 0 ? sameDestination : liveTours, random.int(0, 2));
    return {
      name: `${person.firstName} ${person.lastName}`,
      email: emailFor(person, index + 1, 'example.net'),
      telephone: random.chance(0.7) ? fictionalTelephone(random.chance(0.5) ? 'mobile' : 'landline', index + 500) : '',
      message: random.pick(MESSAGES),
      destinations: JSON.stringify(destinations.map(({ id, slug, name }) => ({ id, slug, name }))),
      tours: JSON.stringify(enquiryTours.map(({ id, name }) => ({ id, name }))),
      created_at: timestampAt(addDays(firstDay, random.int(0, 364)), random.int(0, 24 * 60 - 1)),
    };
  });
  await insertRows(db, 'enquiries', rows);
}
