import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from './api.js';
import type { MediaPage } from '../domain/media/media-schema.js';

const page = (n: number, search: string, signal: AbortSignal) =>
  search ? api.media.search({ params: { n, search } }, signal) : api.media.page({ params: { n } }, signal);

export const mediaQueries = {
  all: ['media'] as const,
  /** The library, newest first, a page at a time ("Load more images"). */
  pages: (search: string) =>
    infiniteQueryOptions({
      queryKey: [...mediaQueries.all, 'pages', search],
      queryFn: ({ pageParam, signal }) => page(pageParam, search, signal),
      initialPageParam: 1,
      getNextPageParam: (last: MediaPage) => last.nextPage ?? undefined,
    }),
  detail: (id: number) => queryOptions({ queryKey: [...mediaQueries.all, 'detail', id], queryFn: ({ signal }) => api.media.read({ params: { id } }, signal) }),
};

export const galleryQueries = {
  all: ['galleries'] as const,
  list: () => queryOptions({ queryKey: [...galleryQueries.all, 'list'], queryFn: ({ signal }) => api.galleries.list({}, signal) }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...galleryQueries.all, 'detail', id], queryFn: ({ signal }) => api.galleries.read({ params: { id } }, signal) }),
};
