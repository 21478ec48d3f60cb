import { queryOptions } from '@tanstack/react-query';
import { api } from './api.js';
import { REPORTS_OWN_ERRORS } from './query-meta.js';
import { pricingQueries } from './pricing-queries.js';
import type { MarkupModelSave } from '../domain/models/markup-model.js';

export type CurrencyRow = { id: number; name: string; symbol: string; rate: number; version: number; rates: { season_id: number; rate: number }[] };
export type SeasonRow = { id: number; name: string; model_id: number | null; currency_id: number | null };

/** Query keys and fetchers of the models screens and the bulk pricing page (keys only from here). */
export const modelQueries = {
  all: ['models'] as const,
  list: () => queryOptions({ queryKey: [...modelQueries.all, 'list'], queryFn: ({ signal }) => api.models.list({}, signal) }),
  season: (seasonId: number) =>
    queryOptions({ queryKey: [...modelQueries.all, 'season', seasonId], queryFn: ({ signal }) => api.models.ofSeason({ params: { seasonId } }, signal) }),
  detail: (seasonId: number, modelId: number) =>
    queryOptions({
      queryKey: [...modelQueries.all, 'detail', seasonId, modelId],
      queryFn: ({ signal }) => api.models.read({ params: { seasonId, modelId } }, signal),
    }),
  /** The what-if of an unsaved model edit; the proposal is part of the key, so each is asked once. */
  preview: (seasonId: number, modelId: number, proposal: MarkupModelSave) =>
    queryOptions({
      queryKey: [...modelQueries.all, 'preview', seasonId, modelId, proposal],
      queryFn: () => api.models.preview({ params: { seasonId, modelId }, body: proposal }),
      staleTime: 0,
      gcTime: 30_000,
      retry: false,
      // A refused proposal is shown in place of the preview, not notified at every pause in typing.
      ...REPORTS_OWN_ERRORS,
    }),
};

export const bulkPricingQueries = {
  all: ['bulk-pricing'] as const,
  seasons: () =>
    queryOptions({
      queryKey: ['reference', 'seasons', 'list'],
      queryFn: async ({ signal }) => (await api.reference('seasons').list({ query: {} }, signal)) as unknown as SeasonRow[],
    }),
  currencies: () =>
    queryOptions({
      queryKey: ['reference', 'currencies', 'list'],
      queryFn: async ({ signal }) => (await api.reference('currencies').list({ query: {} }, signal)) as unknown as CurrencyRow[],
    }),
  view: (seasonId: number) =>
    queryOptions({ queryKey: [...bulkPricingQueries.all, 'view', seasonId], queryFn: ({ signal }) => api.bulkPricing.view({ params: { seasonId } }, signal) }),
  /** A tour's groups and prices, fetched only when its tab is chosen. */
  tourPrices: (tourId: number, seasonId: number) => pricingQueries.prices(String(tourId), String(seasonId)),
  /** The season's stored rows and rates, for what-if previews worked out in the browser. */
  inputs: (seasonId: number) =>
    queryOptions({
      queryKey: [...bulkPricingQueries.all, 'inputs', seasonId],
      queryFn: ({ signal }) => api.bulkPricing.inputs({ params: { seasonId } }, signal),
      refetchOnWindowFocus: false,
    }),
  currencyPreview: (currencyId: number, seasonId: number, rate: number) =>
    queryOptions({
      queryKey: [...bulkPricingQueries.all, 'currency-preview', currencyId, seasonId, rate],
      queryFn: () => api.bulkPricing.currencyPreview({ params: { currencyId, seasonId }, body: { rate } }),
      staleTime: 0,
      gcTime: 30_000,
      retry: false,
      // A refused proposal is shown in place of the preview, not notified at every pause in typing.
      ...REPORTS_OWN_ERRORS,
    }),
  notes: () => queryOptions({ queryKey: ['notes', 'list'], queryFn: ({ signal }) => api.notes.list({}, signal) }),
};
