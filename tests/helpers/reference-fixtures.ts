import { sql, type Kysely } from 'kysely';
import type { ReferenceKey } from '../../src/domain/reference/reference-resources.js';
import type { Database } from '../../src/server/db/schema.js';

type Db = Kysely<Database>;
export type Body = Record<string, unknown>;

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

/** A live tour, optionally linked to reference rows through its jsonb id lists or operator. */
export async function insertTour(db: Db, links: { operator_id?: number; destinations?: number[]; regions?: number[]; related_themes?: number[] } = {}) {
  const slug = unique('tour');
  const { id } = await db
    .insertInto('tours')
    .values({
      name: `Tour ${slug}`,
      slug,
      operator_id: links.operator_id ?? null,
      destinations: JSON.stringify(links.destinations ?? []),
      regions: JSON.stringify(links.regions ?? []),
      related_themes: JSON.stringify(links.related_themes ?? []),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name: `Tour ${slug}` };
}

export async function insertSeason(db: Db) {
  return (
    await db
      .insertInto('seasons')
      .values({ name: unique('Season'), model_id: null, currency_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** A tour season of a new tour and season, the parent of every price row. */
export async function insertTourSeason(db: Db, seasonId?: number) {
  const tour = await insertTour(db);
  const season_id = seasonId ?? (await insertSeason(db));
  return (await db.insertInto('tour_seasons').values({ tour_id: tour.id, season_id }).returning('id').executeTakeFirstOrThrow()).id;
}

export type ReferenceCase = {
  key: ReferenceKey;
  /** A valid body of a new row; `uniq` keeps slugs apart. */
  sample: (uniq: string) => Body;
  /** A change to send in an update, and what the row then reads back. */
  change: (uniq: string) => Body;
  /** One body per validation rule: what is wrong, the body, and the field the error names. */
  invalid: [rule: string, body: Body, path: string][];
  /** Makes something use the row, so deleting it must be refused with 409 naming `usedBy`. */
  useIt?: (db: Db, id: number) => Promise<void>;
  usedBy?: RegExp;
};

const seo = { seo_title: 'Title', seo_description: 'Description', seo_keywords: 'a, b' };

export const REFERENCE_CASES: ReferenceCase[] = [
  {
    key: 'destinations',
    sample: (uniq) => ({
      name: `France ${uniq}`,
      slug: `france-${uniq}`,
      short_description: 'Short',
      description: '<p>Long</p>',
      currency: 'Euro (€)',
      tipping: 'Round up',
      order: 3,
      regions: [],
      ...seo,
    }),
    change: (uniq) => ({ name: `France changed ${uniq}`, order: 4 }),
    invalid: [
      ['a blank name', { name: ' ', slug: 'x' }, 'name'],
      ['a missing slug', { name: 'X' }, 'slug'],
      ['a slug with spaces', { name: 'X', slug: 'not a slug' }, 'slug'],
      ['an order that is not a whole number', { name: 'X', slug: 'x', order: 1.5 }, 'order'],
      ['regions that are not ids', { name: 'X', slug: 'x', regions: ['one'] }, 'regions.0'],
      ['a media id that is not a number', { name: 'X', slug: 'x', media_id: 'abc' }, 'media_id'],
    ],
    useIt: async (db, id) => void (await insertTour(db, { destinations: [id] })),
    usedBy: /still used by tours Tour tour-\d+/,
  },
  {
    key: 'regions',
    sample: (uniq) => ({ name: `Alsace ${uniq}`, slug: `alsace-${uniq}`, short_description: 'Short', description: '<p>Long</p>', ...seo }),
    change: (uniq) => ({ name: `Alsace changed ${uniq}` }),
    invalid: [
      ['a blank name', { name: '', slug: 'x' }, 'name'],
      ['a slug in capitals', { name: 'X', slug: 'Alsace' }, 'slug'],
      ['a gallery id below 1', { name: 'X', slug: 'x', gallery_id: 0 }, 'gallery_id'],
    ],
    useIt: async (db, id) => {
      const { id: destinationId } = await db
        .insertInto('destinations')
        .values({ name: 'Holder', slug: unique('holder') })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('destination_regions').values({ destination_id: destinationId, region_id: id }).execute();
    },
    usedBy: /still used by destinations Holder/,
  },
  {
    key: 'bikes',
    sample: (uniq) => ({ name: `Hybrid ${uniq}`, default_order: 2 }),
    change: (uniq) => ({ name: `E-bike ${uniq}`, default_order: 1 }),
    invalid: [
      ['a missing name', { default_order: 1 }, 'name'],
      ['a negative default order', { name: 'X', default_order: -1 }, 'default_order'],
    ],
    useIt: async (db, id) => {
      await db
        .insertInto('tour_bikes')
        .values({ tour_season_id: await insertTourSeason(db), bike_id: id, formula: null, markup_rate_id: null })
        .execute();
    },
    usedBy: /still used by tour bikes/,
  },
  {
    key: 'boats',
    sample: (uniq) => ({ name: `Barge ${uniq}`, priority: 2, description: '<p>A river barge</p>', gallery_id: null }),
    change: (uniq) => ({ name: `Barge changed ${uniq}`, priority: null }),
    invalid: [
      ['a missing name', { description: '<p>x</p>' }, 'name'],
      ['a missing description', { name: 'X' }, 'description'],
      ['an emptied description', { name: 'X', description: '<p> &nbsp;</p>' }, 'description'],
      ['a priority outside none, 1, 2 and 3', { name: 'X', description: '<p>x</p>', priority: 4 }, 'priority'],
    ],
    useIt: async (db, id) => {
      await db
        .insertInto('tour_pricing_categories')
        .values({ tour_season_id: await insertTourSeason(db), start: null, end: null, nights: null, guided: null, boat_id: id, tour_route_id: null })
        .execute();
    },
    usedBy: /still used by tour pricing categories/,
  },
  {
    key: 'decks',
    sample: (uniq) => ({ name: `Upper ${uniq}` }),
    change: (uniq) => ({ name: `Lower ${uniq}` }),
    invalid: [['a blank name', { name: '   ' }, 'name']],
    useIt: async (db, id) => {
      await sql`INSERT INTO tour_reductions (tour_season_id, deck_id) VALUES (${await insertTourSeason(db)}, ${id})`.execute(db);
    },
    usedBy: /still used by tour reductions/,
  },
  {
    key: 'currencies',
    sample: (uniq) => ({ name: `Euro ${uniq}`, symbol: '€', rate: 1.085, rates: [] }),
    change: () => ({ symbol: 'EUR', rate: 1.1 }),
    invalid: [
      ['a missing name', { rate: 1 }, 'name'],
      ['a rate of zero', { name: 'X', rate: 0 }, 'rate'],
      ['a season rate that is not a number', { name: 'X', rates: [{ season_id: 1, rate: 'high' }] }, 'rates.0.rate'],
      [
        'two rates for one season',
        {
          name: 'X',
          rates: [
            { season_id: 1, rate: 1 },
            { season_id: 1, rate: 2 },
          ],
        },
        'rates',
      ],
    ],
    useIt: async (db, id) => void (await db.insertInto('seasons').values({ name: 'Uses currency', model_id: null, currency_id: id }).execute()),
    usedBy: /still used by seasons/,
  },
  {
    key: 'hotels',
    sample: (uniq) => ({ name: `Hotel ${uniq}`, content: '<p>Lakeside</p>' }),
    change: (uniq) => ({ content: `<h3>Rooms</h3><p>${uniq}</p>` }),
    invalid: [['a missing name', { content: '<p>x</p>' }, 'name']],
  },
  {
    key: 'operators',
    sample: (uniq) => ({ name: `Operator ${uniq}`, contact: 'desk@example.org' }),
    change: () => ({ contact: 'Bookings desk, +44 20 7946 0000' }),
    invalid: [
      ['a missing name', { contact: 'x' }, 'name'],
      ['a contact that is not text', { name: 'X', contact: 5 }, 'contact'],
    ],
    useIt: async (db, id) => void (await insertTour(db, { operator_id: id })),
    usedBy: /still used by tours Tour tour-\d+/,
  },
  {
    key: 'restaurants',
    sample: (uniq) => ({ name: `Bistro ${uniq}`, content: '<p>Local dishes</p>' }),
    change: (uniq) => ({ name: `Brasserie ${uniq}` }),
    invalid: [['a name longer than 200 characters', { name: 'x'.repeat(201) }, 'name']],
  },
  {
    key: 'room-types',
    sample: (uniq) => ({ name: `Double ${uniq}`, sleeps: 2 }),
    change: () => ({ sleeps: 3 }),
    invalid: [
      ['a missing name', { sleeps: 2 }, 'name'],
      ['sleeps above 10', { name: 'X', sleeps: 11 }, 'sleeps'],
      ['sleeps below 0', { name: 'X', sleeps: -1 }, 'sleeps'],
      ['sleeps that is not a whole number', { name: 'X', sleeps: 1.5 }, 'sleeps'],
      ['missing sleeps', { name: 'X' }, 'sleeps'],
    ],
    useIt: async (db, id) => {
      await sql`INSERT INTO tour_reductions (tour_season_id, room_type_id) VALUES (${await insertTourSeason(db)}, ${id})`.execute(db);
    },
    usedBy: /still used by tour reductions/,
  },
  {
    key: 'accommodation-categories',
    sample: (uniq) => ({ name: `Comfort ${uniq}` }),
    change: (uniq) => ({ name: `Superior ${uniq}` }),
    invalid: [['a missing name', {}, 'name']],
    useIt: async (db, id) => {
      const { id: extraId } = await db
        .insertInto('tour_room_extras')
        .values({ tour_season_id: await insertTourSeason(db), name: 'Extra night', pre: true, post: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`INSERT INTO tour_room_extra_variations (tour_room_extra_id, accommodation_category_id) VALUES (${extraId}, ${id})`.execute(db);
    },
    usedBy: /still used by tour room extra variations/,
  },
  {
    key: 'seasons',
    sample: (uniq) => ({ name: `2031 ${uniq}`, model_id: null, currency_id: null }),
    change: (uniq) => ({ name: `2032 ${uniq}` }),
    invalid: [
      ['a missing name', {}, 'name'],
      ['a currency id that is not a number', { name: 'X', currency_id: 'euro' }, 'currency_id'],
    ],
    useIt: async (db, id) => void (await insertTourSeason(db, id)),
    usedBy: /still used by tour seasons/,
  },
  {
    key: 'categories',
    sample: (uniq) => ({
      name: `Wine ${uniq}`,
      slug: `wine-${uniq}`,
      short_description: 'Short',
      description: '<p>Vineyards</p>',
      tours: [],
      filter_id: 'theme',
      media_id: null,
      gallery_id: null,
      ...seo,
    }),
    change: (uniq) => ({ name: `Wine changed ${uniq}`, filter_id: 'easy' }),
    invalid: [
      ['a missing name', { slug: 'x' }, 'name'],
      ['a missing slug', { name: 'X' }, 'slug'],
      ['a filter outside the list', { name: 'X', slug: 'x', filter_id: 'fast' }, 'filter_id'],
      ['tours that are not ids', { name: 'X', slug: 'x', tours: [0] }, 'tours.0'],
    ],
    useIt: async (db, id) => void (await insertTour(db, { related_themes: [id] })),
    usedBy: /still used by tours Tour tour-\d+/,
  },
];
