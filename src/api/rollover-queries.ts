import { queryOptions } from '@tanstack/react-query';
import { api } from './api.js';

/** The season roll-over screen's reads (issue 31); its preview and commit are mutations. */
export const rolloverQueries = {
  all: ['rollovers'] as const,
  /** The tours with a tour season in the source season, each saying whether it already runs in the target. */
  candidates: (source: number, target: number) =>
    queryOptions({
      queryKey: [...rolloverQueries.all, 'candidates', source, target],
      queryFn: ({ signal }) => api.rollovers.candidates({ query: { source, target } }, signal),
      enabled: source > 0 && target > 0 && source !== target,
    }),
};
