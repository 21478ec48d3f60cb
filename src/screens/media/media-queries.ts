import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client.js';
import type { Gallery, GalleryListItem, MediaDetail, MediaPage } from '../../domain/media/media-schema.js';

const pagePath = (page: number, search: string) => (search ? `media/page/${page}/all/${encodeURIComponent(search)}` : `media/page/${page}`);

export const mediaQueries = {
  all: ['media'] as const,
  /** The library, newest first, a page at a time ("Load more images"). */
  pages: (search: string) =>
    infiniteQueryOptions({
      queryKey: [...mediaQueries.all, 'pages', search],
      queryFn: ({ pageParam, signal }) => api.get<MediaPage>(pagePath(pageParam, search), signal),
      initialPageParam: 1,
      getNextPageParam: (last: MediaPage) => last.nextPage ?? undefined,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...mediaQueries.all, 'detail', id], queryFn: ({ signal }) => api.get<MediaDetail>(`media/${id}`, signal) }),
};

export const galleryQueries = {
  all: ['galleries'] as const,
  list: () => queryOptions({ queryKey: [...galleryQueries.all, 'list'], queryFn: ({ signal }) => api.get<GalleryListItem[]>('galleries', signal) }),
  detail: (id: number) => queryOptions({ queryKey: [...galleryQueries.all, 'detail', id], queryFn: ({ signal }) => api.get<Gallery>(`galleries/${id}`, signal) }),
};
