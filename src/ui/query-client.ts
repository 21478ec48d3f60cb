import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.js';
import { notifyError } from './notify.js';

/**
 * `reportsOwnErrors`: the query or mutation deals with its failure itself (its own words, as
 * SPEC.md section 8 gives for a model save, or no notification at all, as for a note), so the
 * app's notification of the server's message stays out of it.
 */
type AppMeta = { reportsOwnErrors?: boolean };

// TanStack Query types `meta` through this interface; a type alias cannot merge into it.
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** Spread into a mutation's or query's options when it notifies (or stays silent about) its own failure. */
export const REPORTS_OWN_ERRORS = { meta: { reportsOwnErrors: true } } as const;

// Failed calls show the server's message; a 401 is handled by the API client (back to login).
const reportFailure = (error: unknown, meta: AppMeta | undefined) => {
  if (meta?.reportsOwnErrors) return;
  if (error instanceof ApiError && error.status === 401) return;
  notifyError(error);
};

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => reportFailure(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _variables, _context, mutation) => reportFailure(error, mutation.meta) }),
    defaultOptions: { queries: { retry: (count, error) => !(error instanceof ApiError) && count < 2, refetchOnWindowFocus: false } },
  });
}
