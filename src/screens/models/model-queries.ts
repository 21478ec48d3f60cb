import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client.js';
import { REPORTS_OWN_ERRORS } from '../../ui/query-client.js';
import { pricingQueries } from '../tour-season/pricing-queries.js';
import type { BulkPricingView } from '../../domain/models/bulk-pricing-view.js';
import type { MarkupModel, MarkupModelSave } from '../../domain/models/markup-model.js';
import type { Note } from '../../domain/models/note.js';
import type { RateChangePreview } from '../../domain/models/rate-change-preview.js';
import type { SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';

export type CurrencyRow = { id: number; name: string; symbol: string; rate: number; version: number; rates: { season_id: number; rate: number }[] };
export type SeasonRow = { id: number; name: string; model_id: number | null; currency_id: number | null };

/** Query keys and fetchers of the models screens and the bulk pricing page (keys only from here). */
export const modelQueries = {
  all: ['models'] as const,
  list: () => queryOptions({ queryKey: [...modelQueries.all, 'list'], queryFn: ({ signal }) => api.get<MarkupModel[]>('models', signal) }),
  season: (seasonId: number) => queryOptions({ queryKey: [...modelQueries.all, 'season', seasonId], queryFn: ({ signal }) => api.get<MarkupModel[]>(`models/${seasonId}`, signal) }),
  detail: (seasonId: number, modelId: number) =>
    queryOptions({ queryKey: [...modelQueries.all, 'detail', seasonId, modelId], queryFn: ({ signal }) => api.get<MarkupModel>(`models/${seasonId}/${modelId}`, signal) }),
  /** The what-if of an unsaved model edit; the proposal is part of the key, so each is asked once. */
  preview: (seasonId: number, modelId: number, proposal: MarkupModelSave) =>
    queryOptions({
      queryKey: [...modelQueries.all, 'preview', seasonId, modelId, proposal],
      queryFn: () => api.post<RateChangePreview>(`models/${seasonId}/${modelId}/preview`, proposal),
      staleTime: 0,
      gcTime: 30_000,
      retry: false,
      // A refused proposal is shown in place of the preview, not notified at every pause in typing.
      ...REPORTS_OWN_ERRORS,
    }),
};

export const bulkPricingQueries = {
  all: ['bulk-pricing'] as const,
  seasons: () => queryOptions({ queryKey: ['reference', 'seasons', 'list'], queryFn: ({ signal }) => api.get<SeasonRow[]>('seasons', signal) }),
  currencies: () => queryOptions({ queryKey: ['reference', 'currencies', 'list'], queryFn: ({ signal }) => api.get<CurrencyRow[]>('currencies', signal) }),
  view: (seasonId: number) => queryOptions({ queryKey: [...bulkPricingQueries.all, 'view', seasonId], queryFn: ({ signal }) => api.get<BulkPricingView>(`bulk-pricing/${seasonId}`, signal) }),
  /** A tour's groups and prices, fetched only when its tab is chosen. */
  tourPrices: (tourId: number, seasonId: number) =>
    pricingQueries.prices(String(tourId), String(seasonId)),
  /** The season's stored rows and rates, for what-if previews worked out in the browser. */
  inputs: (seasonId: number) =>
    queryOptions({ queryKey: [...bulkPricingQueries.all, 'inputs', seasonId], queryFn: ({ signal }) => api.get<SeasonPricingInputs>(`bulk-pricing/${seasonId}/inputs`, signal), refetchOnWindowFocus: false }),
  currencyPreview: (currencyId: number, seasonId: number, rate: number) =>
    queryOptions({
      queryKey: [...bulkPricingQueries.all, 'currency-preview', currencyId, seasonId, rate],
      queryFn: () => api.post<RateChangePreview>(`currencies/${currencyId}/${seasonId}/preview`, { rate }),
      staleTime: 0,
      gcTime: 30_000,
      retry: false,
      // A refused proposal is shown in place of the preview, not notified at every pause in typing.
      ...REPORTS_OWN_ERRORS,
    }),
  notes: () => queryOptions({ queryKey: ['notes', 'list'], queryFn: ({ signal }) => api.get<Note[]>('notes', signal) }),
};
