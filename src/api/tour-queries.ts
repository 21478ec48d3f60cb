import { queryOptions } from '@tanstack/react-query';
import type { TourListItem } from '../domain/tours/tour-list-schema.js';
import { api } from './api.js';

/** The address parameter of a tour's calls: its id or slug. */
const tour = (ref: string | number) => ({ params: { id: ref } });

/** Query keys and fetchers of the tour calls; `ref` is a tour's id or slug as in its address. */
export const tourQueries = {
  all: ['tours'] as const,
  // Without a query the list is the plain array of every tour.
  list: () =>
    queryOptions({ queryKey: [...tourQueries.all, 'list'], queryFn: async ({ signal }) => (await api.tours.list({ query: {} }, signal)) as TourListItem[] }),
  one: (ref: string | number) => [...tourQueries.all, 'tour', String(ref)] as const,
  // The tour layout and its tab both read the tour on one screen: a few seconds of freshness
  // stops the tab mounting from fetching again what the layout has just fetched.
  detail: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'detail'], queryFn: ({ signal }) => api.tours.read(tour(ref), signal), staleTime: 5_000 }),
  itineraries: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'itineraries'], queryFn: ({ signal }) => api.tours.itineraries(tour(ref), signal) }),
  meta: (ref: string | number) => queryOptions({ queryKey: [...tourQueries.one(ref), 'meta'], queryFn: ({ signal }) => api.tours.meta(tour(ref), signal) }),
  documentation: (ref: string | number) =>
    queryOptions({
      queryKey: [...tourQueries.one(ref), 'documentation'],
      queryFn: ({ signal }) => api.tours.documentation(tour(ref), signal),
      // A failed load resets the fields to empty (SPEC.md section 8) instead of retrying into a blank form.
      retry: false,
    }),
  hotels: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'hotels'], queryFn: ({ signal }) => api.tours.hotels(tour(ref), signal) }),
  restaurants: (ref: string | number) =>
    queryOptions({ queryKey: [...tourQueries.one(ref), 'restaurants'], queryFn: ({ signal }) => api.tours.restaurants(tour(ref), signal) }),
};
