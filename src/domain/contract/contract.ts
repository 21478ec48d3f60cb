import { authEndpoints, publishEndpoints } from './auth.js';
import { blogPostsEndpoints, offersEndpoints, pagesEndpoints, redirectsEndpoints } from './content.js';
import { bookingsEndpoints, enquiriesEndpoints, paymentsEndpoints } from './bookings.js';
import { galleriesEndpoints, mediaEndpoints } from './media.js';
import { priceHistoryEndpoints } from './price-history.js';
import { recordChangesEndpoints } from './record-changes.js';
import { rolloversEndpoints } from './rollovers.js';
import { contactsEndpoints, homepageCollectionsEndpoints, navigationsEndpoints, reviewsEndpoints, siteOptionsEndpoints } from './site-content.js';
import { staffEndpoints } from './staff.js';
import { bulkPricingEndpoints, modelsEndpoints, notesEndpoints } from './models.js';
import { toursEndpoints } from './tours.js';
import { tourBikesEndpoints, tourPricingEndpoints, tourRoutesEndpoints, tourSeasonsEndpoints } from './pricing.js';
import { partyExtrasEndpoints, reductionsEndpoints, roomExtrasEndpoints, specificationsEndpoints } from './tour-extras.js';

/** Every area of the endpoint table; the typed client has one group of calls per key. */
export const contract = {
  tourSeasons: tourSeasonsEndpoints,
  tourPricing: tourPricingEndpoints,
  tourBikes: tourBikesEndpoints,
  tourRoutes: tourRoutesEndpoints,
  partyExtras: partyExtrasEndpoints,
  roomExtras: roomExtrasEndpoints,
  reductions: reductionsEndpoints,
  specifications: specificationsEndpoints,
  models: modelsEndpoints,
  bulkPricing: bulkPricingEndpoints,
  notes: notesEndpoints,
  bookings: bookingsEndpoints,
  payments: paymentsEndpoints,
  enquiries: enquiriesEndpoints,
  auth: authEndpoints,
  publish: publishEndpoints,
  tours: toursEndpoints,
  media: mediaEndpoints,
  galleries: galleriesEndpoints,
  staff: staffEndpoints,
  priceHistory: priceHistoryEndpoints,
  rollovers: rolloversEndpoints,
  recordChanges: recordChangesEndpoints,
  blogPosts: blogPostsEndpoints,
  pages: pagesEndpoints,
  offers: offersEndpoints,
  redirects: redirectsEndpoints,
  siteOptions: siteOptionsEndpoints,
  reviews: reviewsEndpoints,
  homepageCollections: homepageCollectionsEndpoints,
  navigations: navigationsEndpoints,
  contacts: contactsEndpoints,
};
