import { queryOptions } from '@tanstack/react-query';
import type { ServerInfo, StaffUser } from '../domain/auth.js';
import { api } from './api-client.js';

export const authQueries = {
  all: ['auth'] as const,
  serverInfo: () => queryOptions({ queryKey: [...authQueries.all, 'server-info'], queryFn: ({ signal }) => api.get<ServerInfo>('server-info', signal), staleTime: Infinity }),
  users: () => queryOptions({ queryKey: [...authQueries.all, 'users'], queryFn: ({ signal }) => api.get<StaffUser[]>('auth/users', signal), staleTime: 60_000 }),
};
