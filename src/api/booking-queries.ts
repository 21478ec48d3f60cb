import { queryOptions } from '@tanstack/react-query';
import type { BookingDocumentation } from '../domain/bookings/booking-documentation-schema.js';
import type { BookingPage } from '../domain/bookings/booking-list-schema.js';
import type { Booking, BookingSnapshot } from '../domain/bookings/booking-schema.js';
import type { Enquiry } from '../domain/bookings/enquiry-schema.js';
import type { PagedList } from '../domain/bookings/paged-list.js';
import type { PaymentDetail, PaymentListItem } from '../domain/bookings/payment-schema.js';
import { api } from './api-client.js';

export type ListParams = { page: number; page_size: number; search: string; status: string };

const queryString = (params: ListParams) => {
  const search = new URLSearchParams({ page: String(params.page), page_size: String(params.page_size) });
  if (params.search.trim()) search.set('search', params.search.trim());
  if (params.status) search.set('status', params.status);
  return search.toString();
};

export const bookingQueries = {
  all: ['bookings'] as const,
  lists: () => [...bookingQueries.all, 'list'] as const,
  list: (params: ListParams) => queryOptions({ queryKey: [...bookingQueries.lists(), params], queryFn: ({ signal }) => api.get<BookingPage>(`bookings?${queryString(params)}`, signal) }),
  detail: (id: number) => queryOptions({ queryKey: [...bookingQueries.all, 'detail', id], queryFn: ({ signal }) => api.get<Booking>(`bookings/${id}`, signal) }),
  snapshots: (id: number) => queryOptions({ queryKey: [...bookingQueries.all, 'snapshots', id], queryFn: ({ signal }) => api.get<BookingSnapshot[]>(`bookings/${id}/snapshot`, signal) }),
  documentation: (id: number) =>
    queryOptions({ queryKey: [...bookingQueries.all, 'documentation', id], queryFn: ({ signal }) => api.get<BookingDocumentation>(`bookings/${id}/documentation`, signal) }),
};

export const paymentQueries = {
  all: ['payments'] as const,
  list: (params: ListParams) =>
    queryOptions({ queryKey: [...paymentQueries.all, 'list', params], queryFn: ({ signal }) => api.get<PagedList<PaymentListItem>>(`payments?${queryString(params)}`, signal) }),
  detail: (id: number) => queryOptions({ queryKey: [...paymentQueries.all, 'detail', id], queryFn: ({ signal }) => api.get<PaymentDetail>(`payments/${id}`, signal) }),
};

export const enquiryQueries = {
  all: ['enquiries'] as const,
  list: (params: ListParams) =>
    queryOptions({ queryKey: [...enquiryQueries.all, 'list', params], queryFn: ({ signal }) => api.get<PagedList<Enquiry>>(`enquiries?${queryString(params)}`, signal) }),
  detail: (id: number) => queryOptions({ queryKey: [...enquiryQueries.all, 'detail', id], queryFn: ({ signal }) => api.get<Enquiry>(`enquiries/${id}`, signal) }),
};
