import type { RouteObject } from 'react-router-dom';
import { BlogFormScreen } from './blogs/blog-form-screen.js';
import { BlogListScreen } from './blogs/blog-list-screen.js';
import { ContactsScreen } from './contacts/contacts-screen.js';
import { HomepageCollectionsScreen } from './homepage/homepage-collections-screen.js';
import { NavigationsScreen } from './navigations/navigations-screen.js';
import { OfferFormScreen } from './offers/offer-form-screen.js';
import { OfferListScreen } from './offers/offer-list-screen.js';
import { SiteOptionsScreen } from './options/site-options-screen.js';
import { PageFormScreen } from './pages/page-form-screen.js';
import { PageListScreen } from './pages/page-list-screen.js';
import { RedirectFormScreen } from './redirects/redirect-form-screen.js';
import { RedirectListScreen } from './redirects/redirect-list-screen.js';

/** The website content screens (SPEC.md section 2: Blogs, Pages, Redirects, Offers, Others). */
export const contentRoutes: RouteObject[] = [
  { path: '/blogs', element: <BlogListScreen /> },
  { path: '/blogs/create', element: <BlogFormScreen /> },
  { path: '/blogs/:slug/:section?', element: <BlogFormScreen /> },
  { path: '/pages', element: <PageListScreen /> },
  { path: '/pages/create', element: <PageFormScreen /> },
  { path: '/pages/inspiration/:slug/:section?', element: <PageFormScreen key="inspiration" pageSection="inspiration" /> },
  { path: '/pages/explore/:slug/:section?', element: <PageFormScreen key="explore" pageSection="explore" /> },
  { path: '/pages/:slug/:section?', element: <PageFormScreen key="top" /> },
  { path: '/redirects', element: <RedirectListScreen /> },
  { path: '/redirect-create', element: <RedirectFormScreen /> },
  { path: '/redirect/:slug', element: <RedirectFormScreen /> },
  { path: '/offers', element: <OfferListScreen /> },
  { path: '/offers/create', element: <OfferFormScreen /> },
  { path: '/offers/:id', element: <OfferFormScreen /> },
  { path: '/options', element: <SiteOptionsScreen /> },
  { path: '/homepage-collections', element: <HomepageCollectionsScreen /> },
  { path: '/navigations', element: <NavigationsScreen /> },
  { path: '/contacts', element: <ContactsScreen /> },
];
