import { queryOptions } from '@tanstack/react-query';
import { api } from '../../api/api-client.js';

/**
 * Query keys and calls of the website content screens. Every key starts with `content`, so a
 * save refreshes all of them at once (content lists are short; a refetch is cheap).
 */
export const contentQueries = {
  all: ['content'] as const,
  /** GET `path` (under /api/v1), keyed by its segments: `blog-posts`, `pages/explore/alps`... */
  get: <Result>(path: string) =>
    queryOptions({
      queryKey: [...contentQueries.all, ...path.split('/')],
      queryFn: ({ signal }) => api.get<Result>(path, signal),
    }),
};
