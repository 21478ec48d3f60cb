import { queryOptions } from '@tanstack/react-query';
import type { ChangePasswordInput, StaffAccount, StaffPassword } from '../domain/staff.js';
import { api } from './api-client.js';

export const staffQueries = {
  all: ['staff'] as const,
  list: () => queryOptions({ queryKey: [...staffQueries.all, 'list'], queryFn: ({ signal }) => api.get<StaffAccount[]>('staff', signal) }),
};

export const staffCalls = {
  add: (email_address: string) => api.post<StaffPassword>('staff', { email_address }),
  resetPassword: (id: number) => api.post<StaffPassword>(`staff/${id}/reset-password`),
  deactivate: (id: number) => api.post<StaffAccount>(`staff/${id}/deactivate`),
  reactivate: (id: number) => api.post<StaffAccount>(`staff/${id}/reactivate`),
  changeOwnPassword: (input: ChangePasswordInput) => api.post<{ ok: true }>('auth/change-password', input),
};
