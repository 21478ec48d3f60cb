import { queryOptions } from '@tanstack/react-query';
import { api } from './api.js';

export const authQueries = {
  all: ['auth'] as const,
  serverInfo: () =>
    queryOptions({ queryKey: [...authQueries.all, 'server-info'], queryFn: ({ signal }) => api.auth.serverInfo({}, signal), staleTime: Infinity }),
  users: () => queryOptions({ queryKey: [...authQueries.all, 'users'], queryFn: ({ signal }) => api.auth.users({}, signal), staleTime: 60_000 }),
};
