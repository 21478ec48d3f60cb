// Tours with their content, meta rows, itineraries and documentation.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { insertRows, insertWithIds } from './batch-insert.js';
import type { ReferenceData } from './reference-data.js';
import type { SeededRandom } from './seeded-random.js';
import { DIFFICULTIES, TOUR_NAME_PATTERNS, TOWN_NAMES, slugify } from './word-lists.js';

/** Guidance as stored: 0 self-guided, 1 guided, 2 both. */
export type Guidance = 0 | 1 | 2;

export type TourPlan = {
  id: number;
  index: number;
  name: string;
  slug: string;
  code: string;
  live: boolean;
  deleted: boolean;
  operatorId: number;
  destinationIds: number[];
  regionIds: number[];
  /** Nights options, ascending; the first is the tour's standard length. */
  nights: number[];
  guidance: Guidance;
  boatId: number | null;
  startPoint: string;
  finishPoint: string;
  /** Days before arrival that the balance is due. */
  balanceDue: number;
  /** Double-room price per person for the standard length, in the tour's currency. */
  basePrice: number;
};

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * The tours' identities and shapes. `huge` forces the first tour into the widest grid (four
 * nights options, guided and self-guided) for the very large tour season.
 */
export function planTours(random: SeededRandom, reference: ReferenceData, count: number, huge: boolean): TourPlan[] {
  const places = [
    ...reference.destinations.map((destination) => ({ name: destination.name, destination })),
    ...reference.regions.map((region) => ({
      name: region.name,
      destination: reference.destinations.find((destination) => destination.id === region.destinationId)!,
    })),
  ];
  const usedNames = new Set<string>();
  const tours: TourPlan[] = [];
  for (let index = 0; index < count; index++) {
    let name = '';
    let place = places[0];
    // Fresh combinations run out only far beyond any scale here (over 1,000 of them).
    for (let attempt = 0; attempt < 50 && (name === '' || usedNames.has(name)); attempt++) {
      place = random.pick(places);
      name = random.pick(TOUR_NAME_PATTERNS).replace('{place}', place.name);
    }
    if (usedNames.has(name)) name = `${name} ${index + 1}`;
    usedNames.add(name);
    const destination = place.destination;
    const isWidest = huge && index === 0;
    const boat = !isWidest && name.includes('Bike and Boat') ? random.pick(reference.boats) : null;
    const standardNights = boat
      ? 7
      : random.weighted([
          [5, 2],
          [6, 3],
          [7, 6],
          [8, 2],
          [10, 1],
          [12, 1],
        ] as const);
    const nights = isWidest ? [6, 7, 8, 10] : random.chance(0.3) ? [standardNights, Math.min(15, standardNights + random.pick([1, 2, 3]))] : [standardNights];
    const destinationNumber = String(reference.destinations.indexOf(destination) + 1).padStart(3, '0');
    const letters = Array.from({ length: 3 }, () => random.pick([...LETTERS])).join('');
    const code = `${destinationNumber}-${String(100 + index).padStart(3, '0')}${letters}`;
    const deleted = index > 0 && random.chance(0.02);
    const [startPoint, finishPoint] = random.sample(TOWN_NAMES, 2);
    tours.push({
      id: 0,
      index,
      name,
      slug: slugify(name),
      code,
      live: !deleted && (index === 0 || random.chance(0.8)),
      deleted,
      operatorId: random.pick(reference.operators).id,
      destinationIds: [destination.id],
      regionIds: destination.regionIds.length > 0 ? random.sample(destination.regionIds, random.int(1, destination.regionIds.length)) : [],
      nights,
      guidance: isWidest
        ? 2
        : random.weighted([
            [0, 7],
            [1, 1],
            [2, 2],
          ] as const),
      boatId: boat?.id ?? null,
      startPoint,
      finishPoint: random.chance(0.4) ? startPoint : finishPoint,
      basePrice: Math.round((random.int(85, 170) * standardNights) / 5) * 5,
      balanceDue: random.pick([42, 56, 60, 70]),
    });
  }
  return tours;
}

const METRE = ['gentle', 'rolling', 'flat', 'hilly', 'varied'];

export async function insertTours(db: Kysely<Database>, random: SeededRandom, reference: ReferenceData, tours: TourPlan[]): Promise<void> {
  await insertWithIds(db, 'tours', tours, (tour) => {
    const difficultyStart = random.int(0, DIFFICULTIES.length - 1);
    const difficulty = DIFFICULTIES.slice(difficultyStart, difficultyStart + random.int(1, 2));
    const nights = tour.nights[0];
    const firstMonth = random.int(3, 5);
    const lastMonth = random.int(9, 10);
    const related = tours.filter((other) => other !== tour && other.destinationIds[0] === tour.destinationIds[0]).slice(0, 3);
    const hotels = random.sample(reference.hotels, random.int(2, 5)).map((hotel) => hotel.id);
    const restaurants = random.sample(reference.restaurants, random.int(0, 3)).map((restaurant) => restaurant.id);
    const terrain = random.pick(METRE);
    const route = tour.finishPoint === tour.startPoint ? `from ${tour.startPoint} and back` : `from ${tour.startPoint} to ${tour.finishPoint}`;
    return {
      id: tour.id,
      name: tour.name,
      slug: tour.slug,
      tour_code: tour.code,
      name_short: tour.name.length > 28 ? `${tour.name.slice(0, 26).trimEnd()}…` : tour.name,
      name_operator: `${tour.code} ${tour.startPoint}-${tour.finishPoint}`,
      operator_id: tour.operatorId,
      excerpt: `${nights} nights of ${terrain} riding ${route}.`,
      media_id: null,
      hero_id: null,
      gallery_id: null,
      accommodation_gallery_id: null,
      content:
        `<h2>About this holiday</h2><p>${tour.name} follows ${terrain} lanes between ${tour.startPoint} and ${tour.finishPoint}, ` +
        `with ${random.int(25, 65)} km a day on average.</p>`,
      highlights:
        `<ul><li>${random.pick(['Lakeside picnics', 'Castle ruins', 'Vineyard tastings', 'Old harbour towns'])}</li>` +
        `<li>${random.pick(['Quiet back roads', 'Traffic-free paths', 'River towpaths'])}</li><li>Luggage moved every day</li></ul>`,
      status: tour.live ? 'live' : 'draft',
      deleted: tour.deleted,
      length: `${nights + 1} days / ${nights} nights`,
      balance_due: tour.balanceDue,
      months: JSON.stringify(Array.from({ length: lastMonth - firstMonth + 1 }, (_, index) => firstMonth + index)),
      nights: JSON.stringify(tour.nights),
      arrival_days: JSON.stringify(random.pick([[6], [0, 6], [0, 1, 2, 3, 4, 5, 6]])),
      difficulty: JSON.stringify(difficulty),
      bike_and_boat: tour.boatId !== null,
      guidance: tour.guidance,
      solo_cyclists_allowed: random.chance(0.6),
      boat_accommodation: tour.boatId === null ? '' : 'Twin and double cabins with private shower and WC on the lower and main decks.',
      start_point: tour.startPoint,
      finish_point: tour.finishPoint,
      seo_title: `${tour.name} | Cycling holiday`,
      seo_description: `${nights} nights, ${difficulty.join(' to ').toLowerCase()}: ${tour.name}, from ${tour.startPoint}.`,
      seo_keywords: `${tour.slug.replace(/-/g, ' ')}, cycling holiday, ${difficulty[0].toLowerCase()}`,
      destinations: JSON.stringify(tour.destinationIds),
      regions: JSON.stringify(tour.regionIds),
      hotels: JSON.stringify(hotels),
      restaurants: JSON.stringify(restaurants),
      related_tours: JSON.stringify(related.map((other) => other.id)),
      related_themes: JSON.stringify([]),
      order: tour.index + 1,
    };
  });

  await insertRows(
    db,
    'tour_meta',
    tours.flatMap((tour) => [
      { tour_id: tour.id, key: 'itinerary_snippet', value: `<p>Day by day from ${tour.startPoint} to ${tour.finishPoint}.</p>` },
      {
        tour_id: tour.id,
        key: 'accommodation',
        value: `<p>${random.pick(['Family-run hotels', 'Country inns', 'Town-centre hotels'])} chosen for their welcome.</p>`,
      },
      { tour_id: tour.id, key: 'bikes_snippet', value: '<p>Hybrid bikes with panniers and locks; electric bikes on request.</p>' },
      { tour_id: tour.id, key: 'getting_there', value: `<p>Trains run to ${tour.startPoint} several times a day.</p>` },
      { tour_id: tour.id, key: 'live_map', value: `https://maps.example.com/routes/${tour.slug}` },
      { tour_id: tour.id, key: 'weather', value: `<p>Summer days are ${random.int(21, 30)}°C on average; bring a rain jacket.</p>` },
    ]),
  );

  await insertRows(
    db,
    'itineraries',
    tours.flatMap((tour) => {
      const days = tour.nights[0] + 1;
      const stops = [tour.startPoint, ...random.sample(TOWN_NAMES, Math.max(0, days - 2)), tour.finishPoint];
      const publicDays = stops.map((stop, day) => ({
        tour_id: tour.id,
        day: day + 1,
        title: day === 0 ? `Arrival in ${stop}` : day === days - 1 ? `Departure from ${stop}` : `${stops[day - 1]} to ${stop}`,
        type: 'public',
        content: day === 0 || day === days - 1 ? '<p>No cycling today.</p>' : `<p>${random.int(25, 70)} km, ${random.pick(METRE)} terrain.</p>`,
        media_id: null,
        position: day,
      }));
      const handover = {
        tour_id: tour.id,
        day: 1,
        title: 'Bike handover',
        type: 'documentation',
        content: '<p>Bikes are fitted at the hotel at 18:00.</p>',
        media_id: null,
        position: days,
      };
      return [...publicDays, handover];
    }),
  );

  await insertRows(
    db,
    'tour_documentation',
    tours.map((tour) => ({
      tour_id: tour.id,
      arrival: `<p>Check in at your hotel in ${tour.startPoint} from 15:00.</p>`,
      luggage: '<p>One bag of up to 20 kg per person is moved each day.</p>',
      food: `<p>Breakfast daily; ${random.int(2, tour.nights[0])} dinners included.</p>`,
      bike_details: '<p>Bikes come with a pannier, a lock, a repair kit and a route book.</p>',
      map_id: null,
    })),
  );
}
