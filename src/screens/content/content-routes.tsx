import type { RouteObject } from 'react-router-dom';
import { lazyScreen } from '../../ui/lazy-screen.js';

// Each screen downloads its code when first shown (see lazyScreen).
const BlogFormScreen = lazyScreen(() => import('./blogs/blog-form-screen.js').then((module) => module.BlogFormScreen));
const BlogListScreen = lazyScreen(() => import('./blogs/blog-list-screen.js').then((module) => module.BlogListScreen));
const ContactsScreen = lazyScreen(() => import('./contacts/contacts-screen.js').then((module) => module.ContactsScreen));
const HomepageCollectionsScreen = lazyScreen(() => import('./homepage/homepage-collections-screen.js').then((module) => module.HomepageCollectionsScreen));
const NavigationsScreen = lazyScreen(() => import('./navigations/navigations-screen.js').then((module) => module.NavigationsScreen));
const OfferFormScreen = lazyScreen(() => import('./offers/offer-form-screen.js').then((module) => module.OfferFormScreen));
const OfferListScreen = lazyScreen(() => import('./offers/offer-list-screen.js').then((module) => module.OfferListScreen));
const SiteOptionsScreen = lazyScreen(() => import('./options/site-options-screen.js').then((module) => module.SiteOptionsScreen));
const PageFormScreen = lazyScreen(() => import('./pages/page-form-screen.js').then((module) => module.PageFormScreen));
const PageListScreen = lazyScreen(() => import('./pages/page-list-screen.js').then((module) => module.PageListScreen));
const RedirectFormScreen = lazyScreen(() => import('./redirects/redirect-form-screen.js').then((module) => module.RedirectFormScreen));
const RedirectListScreen = lazyScreen(() => import('./redirects/redirect-list-screen.js').then((module) => module.RedirectListScreen));

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
