import { queryOptions } from '@tanstack/react-query';
import type { PageSection } from '../domain/content/content-constants.js';
import { api } from './api.js';

// Without a query a content list answers SPEC.md's plain array: the answer is read as one.
const wholeList = <Item>(answer: Item[] | { results: Item[] }) => answer as Item[];

/**
 * Query keys and fetchers of the website content screens. Every key starts with `content`, so a
 * save refreshes all of them at once (content lists are short; a refetch is cheap).
 */
export const contentQueries = {
  all: ['content'] as const,
  blogPosts: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'blog-posts'],
      queryFn: async ({ signal }) => wholeList(await api.blogPosts.list({ query: {} }, signal)),
    }),
  blogPost: (slug: string) =>
    queryOptions({ queryKey: [...contentQueries.all, 'blog-posts', slug], queryFn: ({ signal }) => api.blogPosts.read({ params: { slug } }, signal) }),
  pages: () =>
    queryOptions({ queryKey: [...contentQueries.all, 'pages'], queryFn: async ({ signal }) => wholeList(await api.pages.list({ query: {} }, signal)) }),
  /** A top-level page, or one of the inspiration or explore section. */
  page: (slug: string, section: PageSection | null) =>
    queryOptions({
      queryKey: [...contentQueries.all, 'pages', section, slug],
      queryFn: ({ signal }) => (section ? api.pages.readInSection({ params: { section, slug } }, signal) : api.pages.read({ params: { slug } }, signal)),
    }),
  offers: () =>
    queryOptions({ queryKey: [...contentQueries.all, 'offers'], queryFn: async ({ signal }) => wholeList(await api.offers.list({ query: {} }, signal)) }),
  offer: (id: string | number) =>
    queryOptions({ queryKey: [...contentQueries.all, 'offers', String(id)], queryFn: ({ signal }) => api.offers.read({ params: { id } }, signal) }),
  redirects: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'redirects'],
      queryFn: async ({ signal }) => wholeList(await api.redirects.list({ query: {} }, signal)),
    }),
  redirect: (id: string | number) =>
    queryOptions({ queryKey: [...contentQueries.all, 'redirects', String(id)], queryFn: ({ signal }) => api.redirects.read({ params: { id } }, signal) }),
  siteOptions: () => queryOptions({ queryKey: [...contentQueries.all, 'global'], queryFn: ({ signal }) => api.siteOptions.read({}, signal) }),
  reviews: () => queryOptions({ queryKey: [...contentQueries.all, 'reviews'], queryFn: ({ signal }) => api.reviews.list({}, signal) }),
  homepageCollection: () =>
    queryOptions({ queryKey: [...contentQueries.all, 'homepage-collections'], queryFn: ({ signal }) => api.homepageCollections.read({}, signal) }),
  navigations: () => queryOptions({ queryKey: [...contentQueries.all, 'navigations'], queryFn: ({ signal }) => api.navigations.list({}, signal) }),
  contacts: () => queryOptions({ queryKey: [...contentQueries.all, 'contacts'], queryFn: ({ signal }) => api.contacts.list({}, signal) }),
};
