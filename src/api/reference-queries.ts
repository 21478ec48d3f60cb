import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListSource } from '../domain/reference/form-fields.js';
import type { PagedList } from '../domain/reference/reference-list-query.js';
import type { ReferenceKey } from '../domain/reference/reference-resources.js';
import { api } from './api.js';
import { ApiError } from './api-error.js';

/** A reference row as the API returns it: the schema's fields plus id and version. */
export type ReferenceRow = Record<string, unknown> & { id: number; version: number; name: string };
export type PageParams = { q: string; page: number; perPage: number; sort: string; dir: 'asc' | 'desc' };
export type SourceOption = { id: number; name: string };

type NamedRow = { id: number; name: string };
// Without a query a list answers SPEC.md's plain array, read here as named rows.
const wholeList = async (key: ReferenceKey, signal: AbortSignal) => (await api.reference(key).list({ query: {} }, signal)) as unknown as ReferenceRow[];

/** The call each form field's list comes from: a reference list, or the models' or tours' own. */
const SOURCES: Record<ListSource, (signal: AbortSignal) => Promise<NamedRow[]>> = {
  regions: (signal) => wholeList('regions', signal),
  currencies: (signal) => wholeList('currencies', signal),
  models: (signal) => api.models.list({}, signal),
  seasons: (signal) => wholeList('seasons', signal),
  tours: async (signal) => (await api.tours.list({ query: {} }, signal)) as NamedRow[],
  destinations: (signal) => wholeList('destinations', signal),
  hotels: (signal) => wholeList('hotels', signal),
  restaurants: (signal) => wholeList('restaurants', signal),
  categories: (signal) => wholeList('categories', signal),
  operators: (signal) => wholeList('operators', signal),
};

export const referenceQueries = {
  all: ['reference'] as const,
  resource: (key: ReferenceKey) => [...referenceQueries.all, key] as const,
  /** The whole list, as SPEC.md's plain array. */
  list: (key: ReferenceKey) => queryOptions({ queryKey: [...referenceQueries.resource(key), 'list'], queryFn: ({ signal }) => wholeList(key, signal) }),
  /** One page of a list that can grow, filtered and sorted on the server. */
  page: (key: ReferenceKey, params: PageParams) =>
    queryOptions({
      queryKey: [...referenceQueries.resource(key), 'page', params],
      // With a query the list answers one page.
      queryFn: async ({ signal }) =>
        (await api
          .reference(key)
          .list(
            { query: { q: params.q, page: params.page, per_page: params.perPage, sort: params.sort, dir: params.dir } },
            signal,
          )) as unknown as PagedList<ReferenceRow>,
      placeholderData: keepPreviousData,
    }),
  detail: (key: ReferenceKey, ref: string) =>
    queryOptions({
      queryKey: [...referenceQueries.resource(key), 'detail', ref],
      queryFn: async ({ signal }) => (await api.reference(key).read({ params: { ref } }, signal)) as ReferenceRow,
    }),
  /**
   * The rows a form field picks from, as id and name. Null when the list's call does not exist
   * on this server yet (markup models land with the bulk pricing work): the field then takes an id.
   */
  options: (source: ListSource) =>
    queryOptions({
      queryKey: [...referenceQueries.all, 'options', source],
      queryFn: async ({ signal }): Promise<SourceOption[] | null> => {
        try {
          const rows = await SOURCES[source](signal);
          return rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    }),
};
