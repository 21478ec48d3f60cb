import { z } from 'zod';
import { contactsCreateSchema, contactsSchema, contactsUpdateSchema } from '../content/contacts.js';
import { homepageCollectionSaveSchema, homepageCollectionSchema } from '../content/homepage-collection.js';
import { navigationsSaveSchema, navigationsSchema, type NavigationsSave } from '../content/navigation.js';
import { reviewSchema } from '../content/review.js';
import { siteOptionsSaveSchema, siteOptionsSchema } from '../content/site-options.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// The website's single records (SPEC.md section 7, Content): site options, the homepage
// collection, the navigations and the contacts, and the reviews the options feature.

const idParams = z.object({ id: pathId });

/** `POST global` and `GET global`: the site options. */
export const siteOptionsEndpoints = {
  read: defineEndpoint({ method: 'GET', path: '/global', response: siteOptionsSchema }),
  save: defineEndpoint({ method: 'POST', path: '/global', body: siteOptionsSaveSchema, response: siteOptionsSchema }),
};

export const reviewsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/reviews', response: z.array(reviewSchema) }),
};

/** The homepage's one collection of up to 12 pictured items. */
export const homepageCollectionsEndpoints = {
  read: defineEndpoint({ method: 'GET', path: '/homepage-collections', response: homepageCollectionSchema }),
  save: defineEndpoint({ method: 'POST', path: '/homepage-collections', body: homepageCollectionSaveSchema, response: homepageCollectionSchema }),
};

// The save takes one group or a list of them; its schema reads either shape, so the client is
// told the shape here (the schema itself only says it takes any value).
const navigationsBody = navigationsSaveSchema as unknown as z.ZodType<z.output<typeof navigationsSaveSchema>, NavigationsSave>;

/** Five groups of three columns of links; a save of several groups is all or nothing. */
export const navigationsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/navigations', response: navigationsSchema }),
  save: defineEndpoint({ method: 'POST', path: '/navigations', body: navigationsBody, response: navigationsSchema }),
};

/** The website uses the first entry. */
export const contactsEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/contacts', response: z.array(contactsSchema) }),
  create: defineEndpoint({ method: 'POST', path: '/contacts', body: contactsCreateSchema, response: contactsSchema }),
  save: defineEndpoint({ method: 'PUT', path: '/contacts/:id', params: idParams, body: contactsUpdateSchema, response: contactsSchema }),
  saveWithIdInBody: defineEndpoint({ method: 'PUT', path: '/contacts', body: contactsUpdateSchema, response: contactsSchema }),
};
