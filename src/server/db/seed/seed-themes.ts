// Themes (the `categories` reference data, SPEC.md section 3) and the tours each one lists. The
// public site groups holidays by them, so the demo needs a realistic set, each with tours.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { insertRows, insertWithIds } from './batch-insert.js';
import type { TourPlan } from './seed-tours.js';
import type { SeededRandom } from './seeded-random.js';
import { slugify } from './word-lists.js';

type ThemePlan = { id: number; name: string; blurb: string; fits: (tour: TourPlan, random: SeededRandom) => boolean };

/** Each theme with the tours it suits: by guidance, boat and length, else a share chosen at random. */
const THEMES: Omit<ThemePlan, 'id'>[] = [
  { name: 'Cycling holidays', blurb: 'Every holiday on two wheels, from gentle valleys to mountain passes.', fits: () => true },
  { name: 'Walking holidays', blurb: 'Inn-to-inn walks with the luggage moved for you.', fits: (_tour, random) => random.chance(0.25) },
  {
    name: 'Family holidays',
    blurb: 'Short days, traffic-free paths and plenty to see for children.',
    fits: (tour, random) => tour.nights[0] <= 7 && random.chance(0.4),
  },
  { name: 'E-bike holidays', blurb: 'Hills made easy: every bike on these holidays can be an e-bike.', fits: (_tour, random) => random.chance(0.45) },
  { name: 'Self-guided holidays', blurb: 'Your own pace, with route notes, maps and support when you need it.', fits: (tour) => tour.guidance !== 1 },
  { name: 'Guided holidays', blurb: 'Ride with a local guide and a small group.', fits: (tour) => tour.guidance !== 0 },
  { name: 'Gourmet holidays', blurb: 'Vineyards, markets and long dinners at the end of the day.', fits: (_tour, random) => random.chance(0.2) },
  { name: 'Bike and boat', blurb: 'Ride by day and sleep on board as the boat follows the coast or river.', fits: (tour) => tour.boatId !== null },
  {
    name: 'Island hopping',
    blurb: 'A different island every day or two, linked by ferry.',
    fits: (tour, random) => tour.boatId !== null || random.chance(0.05),
  },
];

export async function seedThemes(db: Kysely<Database>, random: SeededRandom, tours: readonly TourPlan[]): Promise<void> {
  const themes: ThemePlan[] = THEMES.map((theme) => ({ ...theme, id: 0 }));
  await insertWithIds(db, 'categories', themes, (theme) => ({
    id: theme.id,
    name: theme.name,
    slug: slugify(theme.name),
    short_description: theme.blurb,
    description: `<p>${theme.blurb}</p>`,
    seo_title: `${theme.name} | Cycling and walking holidays`,
    seo_description: theme.blurb,
    seo_keywords: theme.name.toLowerCase(),
  }));
  const listed = tours.filter((tour) => !tour.deleted);
  await insertRows(
    db,
    'category_tours',
    themes.flatMap((theme) =>
      listed.filter((tour) => theme.fits(tour, random)).map((tour, position) => ({ category_id: theme.id, tour_id: tour.id, position })),
    ),
  );
}
