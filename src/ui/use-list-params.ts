import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorText } from '../api/api-error.js';
import type { ListParams } from '../api/booking-queries.js';
import { useDebouncedValue } from './use-debounced-value.js';

const SEARCH_DELAY_MS = 250;

/**
 * A server-paged list's search, status and page live in the address, so the back button, a
 * reload and a shared link all show the same page. Typing is debounced before it is searched.
 */
export function useListParams(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const search = params.get('search') ?? '';
  const [typed, setTyped] = useState(search);

  const settled = useDebouncedValue(typed, SEARCH_DELAY_MS);
  useEffect(() => {
    if (settled === search) return;
    // The latest render's update: React Router's setter reads the address of the render it came
    // from, so this render's own would undo a status chosen while the search was waiting.
    latestUpdate.current({ search: settled, page: '' });
    // Only typing starts a search; a changed address (back button) does not re-search.
  }, [settled]);

  function update(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: 'search' in changes },
    );
  }

  const latestUpdate = useRef(update);
  latestUpdate.current = update;

  const listParams: ListParams = { page, page_size: pageSize, search, status };
  return {
    listParams,
    typed,
    setTyped,
    setStatus: (value: string) => update({ status: value, page: '' }),
    setPage: (value: number) => update({ page: value > 1 ? String(value) : '' }),
  };
}

type ListParamsState = ReturnType<typeof useListParams>;
type PageQuery<Row> = { data?: { results: Row[]; total: number; total_capped?: boolean }; isPending: boolean; isFetching: boolean; error: unknown };

/**
 * What a server-paged list screen passes to PagedDataList from its address parameters and its
 * page query: the rows, paging, the search box and the loading, busy and error states.
 */
export function pagedListProps<Row>(list: ListParamsState, query: PageQuery<Row>) {
  return {
    rows: query.data?.results ?? [],
    total: query.data?.total ?? 0,
    totalCapped: query.data?.total_capped,
    filter: list.typed,
    onFilterChange: list.setTyped,
    filterLabel: 'Search',
    page: list.listParams.page,
    pageSize: list.listParams.page_size,
    onPageChange: list.setPage,
    busy: query.isFetching,
    loading: query.isPending,
    error: query.error ? errorText(query.error) : null,
    className: 'list-filters',
  };
}
