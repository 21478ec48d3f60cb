import { queryOptions } from '@tanstack/react-query';
import type { BookingPage } from '../domain/bookings/booking-list-schema.js';
import type { PagedList } from '../domain/bookings/paged-list.js';
import { api } from './api.js';

export type ListParams = { page: number; page_size: number; search: string; status: string };

/** The list query of a screen's filters; empty filters are left out of the address. */
const listQuery = (params: ListParams) => ({
  page: params.page,
  page_size: params.page_size,
  search: params.search.trim() || undefined,
  status: params.status || undefined,
});
// A query with a page asks for one page, never SPEC.md's plain array: the answer is read as a page.
const asPage = <Item>(answer: Item[] | PagedList<Item>) => answer as PagedList<Item>;

export const bookingQueries = {
  all: ['bookings'] as const,
  lists: () => [...bookingQueries.all, 'list'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...bookingQueries.lists(), params],
      queryFn: async ({ signal }) => asPage(await api.bookings.list({ query: listQuery(params) }, signal)) as BookingPage,
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...bookingQueries.all, 'detail', id], queryFn: ({ signal }) => api.bookings.read({ params: { id } }, signal) }),
  snapshots: (id: number) =>
    queryOptions({ queryKey: [...bookingQueries.all, 'snapshots', id], queryFn: ({ signal }) => api.bookings.snapshots({ params: { id } }, signal) }),
  documentation: (id: number) =>
    queryOptions({ queryKey: [...bookingQueries.all, 'documentation', id], queryFn: ({ signal }) => api.bookings.documentation({ params: { id } }, signal) }),
};

export const paymentQueries = {
  all: ['payments'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'list', params],
      queryFn: async ({ signal }) => asPage(await api.payments.list({ query: listQuery(params) }, signal)),
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...paymentQueries.all, 'detail', id], queryFn: ({ signal }) => api.payments.read({ params: { id } }, signal) }),
};

export const enquiryQueries = {
  all: ['enquiries'] as const,
  list: (params: ListParams) =>
    queryOptions({
      queryKey: [...enquiryQueries.all, 'list', params],
      queryFn: async ({ signal }) => asPage(await api.enquiries.list({ query: listQuery(params) }, signal)),
    }),
  detail: (id: number) =>
    queryOptions({ queryKey: [...enquiryQueries.all, 'detail', id], queryFn: ({ signal }) => api.enquiries.read({ params: { id } }, signal) }),
};
