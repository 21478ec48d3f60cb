import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.js';
import type { AppMeta } from '../api/query-meta.js';
import { notifyError } from './notify.js';

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
