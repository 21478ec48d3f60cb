import { queryOptions } from '@tanstack/react-query';
import type { ChangePasswordInput } from '../domain/staff.js';
import { api } from './api.js';

export const staffQueries = {
  all: ['staff'] as const,
  list: () => queryOptions({ queryKey: [...staffQueries.all, 'list'], queryFn: ({ signal }) => api.staff.list({}, signal) }),
};

export const staffCalls = {
  add: (email_address: string) => api.staff.add({ body: { email_address } }),
  resetPassword: (id: number) => api.staff.resetPassword({ params: { id } }),
  deactivate: (id: number) => api.staff.deactivate({ params: { id } }),
  reactivate: (id: number) => api.staff.reactivate({ params: { id } }),
  changeOwnPassword: (input: ChangePasswordInput) => api.staff.changeOwnPassword({ body: input }),
};
