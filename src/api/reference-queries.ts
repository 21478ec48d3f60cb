import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListSource } from '../domain/reference/form-fields.js';
import type { PagedList } from '../domain/reference/reference-list-query.js';
import type { ReferenceKey } from '../domain/reference/reference-resources.js';
import { api } from './api-client.js';
import { ApiError } from './api-error.js';

/** A reference row as the API returns it: the schema's fields plus id and version. */
export type ReferenceRow = Record<string, unknown> & { id: number; version: number; name: string };
export type PageParams = { q: string; page: number; perPage: number; sort: string; dir: 'asc' | 'desc' };
export type SourceOption = { id: number; name: string };

const SOURCE_PATHS: Record<ListSource, string> = {
  regions: 'regions',
  currencies: 'currencies',
  models: 'models',
  seasons: 'seasons',
  tours: 'tours/all',
  destinations: 'destinations',
  hotels: 'hotels',
  restaurants: 'restaurants',
  categories: 'categories',
  operators: 'operators',
};

const pageQuery = ({ q, page, perPage, sort, dir }: PageParams) =>
  new URLSearchParams({ q, page: String(page), per_page: String(perPage), sort, dir }).toString();

export const referenceQueries = {
  all: ['reference'] as const,
  resource: (key: ReferenceKey) => [...referenceQueries.all, key] as const,
  /** The whole list, as SPEC.md's plain array. */
  list: (key: ReferenceKey) =>
    queryOptions({ queryKey: [...referenceQueries.resource(key), 'list'], queryFn: ({ signal }) => api.get<ReferenceRow[]>(key, signal) }),
  /** One page of a list that can grow, filtered and sorted on the server. */
  page: (key: ReferenceKey, params: PageParams) =>
    queryOptions({
      queryKey: [...referenceQueries.resource(key), 'page', params],
      queryFn: ({ signal }) => api.get<PagedList<ReferenceRow>>(`${key}?${pageQuery(params)}`, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (key: ReferenceKey, ref: string) =>
    queryOptions({
      queryKey: [...referenceQueries.resource(key), 'detail', ref],
      queryFn: ({ signal }) => api.get<ReferenceRow>(`${key}/${encodeURIComponent(ref)}`, signal),
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
          const rows = await api.get<{ id: number; name: string }[]>(SOURCE_PATHS[source], signal);
          return rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
      staleTime: 60_000,
    }),
};
