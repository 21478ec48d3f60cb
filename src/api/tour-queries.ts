import { queryOptions } from '@tanstack/react-query';
import type { ItinerariesResponse } from '../domain/tours/itinerary-schema.js';
import type { TourDocumentation } from '../domain/tours/tour-documentation-schema.js';
import type { TourLinkedContent } from '../domain/tours/tour-links-schema.js';
import type { TourListItem } from '../domain/tours/tour-list-schema.js';
import type { TourMetaItem } from '../domain/tours/tour-meta-schema.js';
import type { Tour } from '../domain/tours/tour-schema.js';
import { api } from './api-client.js';

const path = (ref: string | number, rest = '') => `tours/${encodeURIComponent(String(ref))}${rest}`;

/** Query keys and fetchers of the tour calls; `ref` is a tour's id or slug as in its address. */
export const tourQueries = {
  all: ['tours'] as const,
  list: () => queryOptions({ queryKey: [...tourQueries.all, 'list'], queryFn: ({ signal }) => api.get<TourListItem[]>('tours/all', signal) }),
  one: (ref: string | number) => [...tourQueries.all, 'tour', String(ref)] as const,
  // The tour layout and its tab both read the tour on one screen: a few seconds of freshness
  // stops the tab mounting from fetching again what the layout has just fetched.
  detail: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'detail'], queryFn: ({ signal }) => api.get<Tour>(path(ref), signal), staleTime: 5_000 }),
  itineraries: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'itineraries'], queryFn: ({ signal }) => api.get<ItinerariesResponse>(path(ref, '/itineraries'), signal) }),
  meta: (ref: string | number) => queryOptions({ queryKey: [...tourQueries.one(ref), 'meta'], queryFn: ({ signal }) => api.get<TourMetaItem[]>(path(ref, '/meta'), signal) }),
  documentation: (ref: string | number) =>
    queryOptions({
      queryKey: [...tourQueries.one(ref), 'documentation'],
      queryFn: ({ signal }) => api.get<TourDocumentation>(path(ref, '/documentation'), signal),
      // A failed load resets the fields to empty (SPEC.md section 8) instead of retrying into a blank form.
      retry: false,
    }),
  hotels: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'hotels'], queryFn: ({ signal }) => api.get<TourLinkedContent[]>(path(ref, '/hotels'), signal) }),
  restaurants: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'restaurants'], queryFn: ({ signal }) => api.get<TourLinkedContent[]>(path(ref, '/restaurants'), signal) }),
};

/** The API path of a tour, or of one of its calls: tourPath(12, '/itineraries'). */
export const tourPath = path;
