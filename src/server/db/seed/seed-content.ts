// A small, fixed set of website content so the content screens show something: reviews, blog
// posts, pages with slides and blocks, offers, redirects, navigations, contacts, site options and
// the homepage collection. It links to the seeded tours, destinations, regions and bikes by their
// real ids and slugs. The demo has no images, so nothing here names one.

import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { ReferenceData } from './reference-data.js';
import type { TourPlan } from './seed-tours.js';

const REVIEWS = [
  { author: 'Margaret H.', rating: 5, date: '2025-09-14' },
  { author: 'David and Sue', rating: 5, date: '2025-08-30' },
  { author: 'Priya K.', rating: 4.5, date: '2025-07-22' },
  { author: 'Tom R.', rating: 4, date: '2025-06-18' },
  { author: 'The Andersons', rating: 5, date: '2025-05-03' },
  { author: 'Claire B.', rating: 3.5, date: '2025-04-11' },
];

const REDIRECTS = [
  { old_url: '/holidays/danube', new_url: '/tours/danube-cycle-path/', code: 301, show: true },
  { old_url: '/special-offers-2024', new_url: '/offers/', code: 301, show: true },
  { old_url: '/brochure', new_url: '/contact/', code: 302, show: true },
  { old_url: '/summer-sale', new_url: '/offers/', code: 307, show: false },
  { old_url: '/tours/old-route', new_url: '/tours/', code: 410, show: true },
  { old_url: '/blog/2019/packing-list', new_url: '/blog/what-to-pack/', code: 308, show: true },
];

const paragraph = (text: string) => `<p>${text}</p>`;

export async function seedContent(db: Kysely<Database>, reference: ReferenceData, tours: readonly TourPlan[]): Promise<void> {
  const live = tours.filter((tour) => tour.live && !tour.deleted);
  const pick = (index: number) => live[index % live.length];
  const [destination] = reference.destinations;
  const [region] = reference.regions;

  const reviewIds = (await db.insertInto('reviews').values(REVIEWS).returning('id').execute()).map((row) => row.id);

  await db
    .insertInto('blog_posts')
    .values([
      {
        title: 'What to pack for a cycling holiday',
        slug: 'what-to-pack',
        content:
          `<h2>The essentials</h2>${paragraph('Padded shorts, a light waterproof and a good lock.')}<ul><li>Sun ` + `cream</li><li>Spare inner tube</li></ul>`,
        overview: paragraph('Our guide to packing light and riding happy.'),
        related_tours: JSON.stringify([pick(0).id, pick(1).id]),
      },
      {
        title: 'Five gentle rides for first-timers',
        slug: 'gentle-rides-for-first-timers',
        content: paragraph('Flat river paths, short days and lots of cafés.'),
        overview: paragraph('New to cycling holidays? Start here.'),
        related_tours: JSON.stringify([pick(2).id]),
        show_on_homepage: false,
      },
      {
        title: 'Riding with children',
        slug: 'riding-with-children',
        content: paragraph('Tag-alongs, trailers and how far little legs can go.'),
        overview: paragraph('Family holidays on two wheels.'),
        related_tours: JSON.stringify([]),
      },
    ])
    .execute();

  const offers = await db
    .insertInto('offers')
    .values([
      {
        name: 'Early booking',
        status: 'live',
        title: 'Book early, save 10%',
        subtitle: 'On selected tours',
        slug: 'early-booking',
        type: 'tour',
        discount: 10,
        booking_window_start: '2025-10-01',
        booking_window_end: '2026-01-31',
        start_window_start: '2026-04-01',
        start_window_end: '2026-10-31',
        content: paragraph('Save on next season when you book before February.'),
      },
      {
        name: 'Two for one bikes',
        status: 'draft',
        title: 'Second bike free',
        subtitle: 'Ride together',
        slug: 'two-for-one-bikes',
        type: '2for1bikes',
        discount: null,
        content: paragraph('Hire two bikes, pay for one.'),
      },
      {
        name: 'Free e-bikes',
        status: 'live',
        title: 'Free e-bike upgrade',
        subtitle: 'Hills made easy',
        slug: 'free-e-bikes',
        type: 'freebikes',
        discount: null,
        content: paragraph('An electric bike at no extra cost.'),
      },
    ])
    .returning(['id', 'name', 'slug'])
    .execute();
  await db
    .insertInto('offer_tours')
    .values([0, 1, 2].map((index) => ({ offer_id: offers[0].id, tour_id: pick(index).id, position: index })))
    .execute();
  await db
    .insertInto('offer_bikes')
    .values(reference.bikes.slice(0, 2).map((bike, position) => ({ offer_id: offers[1].id, bike_id: bike.id, position })))
    .execute();

  const pages = await db
    .insertInto('pages')
    .values([
      {
        title: 'About us',
        subtitle: 'Cycling and walking holidays since 1995',
        slug: 'about-us',
        section: null,
        content: paragraph('We are a small team who love slow travel.'),
        ksp_content: '<ul><li>Hand-picked hotels</li><li>Luggage moved for you</li></ul>',
        ksp_bg_hex: '#1f6f43',
        ksp_button_title: 'Browse tours',
        ksp_button_url: '/tours/',
        related_tours: JSON.stringify([]),
      },
      {
        title: 'Family holidays',
        subtitle: 'Ideas for all ages',
        slug: 'family-holidays',
        section: 'inspiration',
        content: paragraph('Gentle routes, short days and pools at the end of them.'),
        related_tours: JSON.stringify([pick(0).id]),
      },
      {
        title: `Explore ${destination.name}`,
        subtitle: 'Where to ride',
        slug: destination.slug,
        section: 'explore',
        content: paragraph(`The best of ${destination.name} by bike.`),
        destination_id: destination.id,
        related_tours: JSON.stringify([pick(1).id, pick(3).id]),
      },
    ])
    .returning(['id', 'slug'])
    .execute();
  const inspiration = pages[1].id;
  await db
    .insertInto('page_slides')
    .values([
      {
        page_id: inspiration,
        name: pick(0).name,
        subtitle: 'A favourite with families',
        slug: pick(0).slug,
        type: 'tours-slug',
        media_id: null,
        order: 1,
        position: 0,
      },
      {
        page_id: inspiration,
        name: destination.name,
        subtitle: 'Flat and friendly',
        slug: destination.slug,
        type: 'destinations-slug',
        media_id: null,
        order: 2,
        position: 1,
      },
      {
        page_id: inspiration,
        name: region.name,
        subtitle: 'Short hops between towns',
        slug: region.slug,
        type: 'regions-slug',
        media_id: null,
        order: 3,
        position: 2,
      },
      { page_id: inspiration, name: 'Early booking', subtitle: 'Save 10%', slug: offers[0].slug, type: 'offers-slug', media_id: null, order: 4, position: 3 },
    ])
    .execute();
  await db
    .insertInto('page_blocks')
    .values([
      {
        page_id: pages[2].id,
        content: `<h2>When to go</h2>${paragraph('May, June and September are quieter and cooler.')}`,
        media_id: null,
        order: 1,
        position: 0,
      },
      { page_id: pages[2].id, content: `<h2>Getting there</h2>${paragraph('Trains run to the start of most routes.')}`, media_id: null, order: 2, position: 1 },
    ])
    .execute();

  await db.insertInto('redirects').values(REDIRECTS).execute();

  await db
    .insertInto('contacts')
    .values({
      email: 'hello@example.com',
      tel_gb: '+44 20 7946 0000',
      tel_us: '+1 212 555 0100',
      tel_au: '+61 2 5550 0000',
      opening_hours_at_monday: '09:00-17:30',
      opening_hours_at_tuesday: '09:00-17:30',
      opening_hours_at_wednesday: '09:00-17:30',
      opening_hours_at_thursday: '09:00-17:30',
      opening_hours_at_friday: '09:00-17:00',
      opening_hours_at_saturday: '10:00-14:00',
      opening_hours_at_sunday: 'Closed',
    })
    .execute();

  await db
    .updateTable('site_options')
    .set({
      contact_content: paragraph('Our travel team is happy to help you choose a holiday.'),
      telephone_uk_opening: 'Mon-Fri 9am-5.30pm',
      telephone_uk_clarifier: 'UK callers',
      telephone_uk_number: '+44 20 7946 0000',
      telephone_us_opening: 'Mon-Fri 9am-5pm EST',
      telephone_us_clarifier: 'Toll free from the US',
      telephone_us_number: '+1 212 555 0100',
      featured_reviews: JSON.stringify(reviewIds.slice(0, 3)),
      popular_searches: JSON.stringify([
        { name: pick(0).name, primary: true, slug: pick(0).slug, type: 'tour', order: 1 },
        { name: destination.name, primary: false, slug: destination.slug, type: 'destination', order: 2 },
        { name: region.name, primary: false, slug: region.slug, type: 'region', order: 3 },
      ]),
      version: sql<number>`version + 1`,
    })
    .execute();

  await db
    .updateTable('homepage_collection')
    .set({ title: 'Staff favourites', content: paragraph('Holidays our team keeps going back to.'), version: sql<number>`version + 1` })
    .execute();

  const column = (title: string, items: { title: string; url: string }[]) =>
    JSON.stringify({ title, links: items.map((item, position) => ({ ...item, position })) });
  const navigations: Record<string, [string, string, string]> = {
    destinations: [
      column(
        'Popular',
        reference.destinations.slice(0, 4).map((item) => ({ title: item.name, url: `/destinations/${item.slug}/` })),
      ),
      column(
        'More',
        reference.destinations.slice(4, 8).map((item) => ({ title: item.name, url: `/destinations/${item.slug}/` })),
      ),
      column('', []),
    ],
    regions: [
      column(
        'Regions',
        reference.regions.slice(0, 5).map((item) => ({ title: item.name, url: `/regions/${item.slug}/` })),
      ),
      column('', []),
      column('', []),
    ],
    special_offers: [
      column(
        'Offers',
        offers.map((offer) => ({ title: offer.name, url: `/offers/${offer.slug}/` })),
      ),
      column('', []),
      column('', []),
    ],
    categories: [
      column('Holiday types', [
        { title: 'Self-guided', url: '/holidays/self-guided/' },
        { title: 'Guided', url: '/holidays/guided/' },
        { title: 'Bike and boat', url: '/holidays/bike-and-boat/' },
      ]),
      column('', []),
      column('', []),
    ],
    information: [
      column('About', [
        { title: 'About us', url: '/about-us/' },
        { title: 'Contact', url: '/contact/' },
      ]),
      column('Help', [
        { title: 'What to pack', url: '/blog/what-to-pack/' },
        { title: 'Booking conditions', url: '/booking-conditions/' },
      ]),
      column('', []),
    ],
  };
  for (const [group, [column_1, column_2, column_3]] of Object.entries(navigations)) {
    await db
      .updateTable('navigations')
      .set({ column_1, column_2, column_3, version: sql<number>`version + 1` })
      .where('group', '=', group)
      .execute();
  }
}
