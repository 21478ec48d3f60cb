import { queryOptions } from '@tanstack/react-query';
import type { AccountActionInput, ChangePasswordInput } from '../domain/staff.js';
import { api } from './api.js';

export const staffQueries = {
  all: ['staff'] as const,
  list: () => queryOptions({ queryKey: [...staffQueries.all, 'list'], queryFn: ({ signal }) => api.staff.list({}, signal) }),
  log: () => queryOptions({ queryKey: [...staffQueries.all, 'log'], queryFn: ({ signal }) => api.staff.log({}, signal) }),
};

export const staffCalls = {
  add: (email_address: string) => api.staff.add({ body: { email_address } }),
  resetPassword: (id: number, body: AccountActionInput) => api.staff.resetPassword({ params: { id }, body }),
  deactivate: (id: number, body: AccountActionInput) => api.staff.deactivate({ params: { id }, body }),
  reactivate: (id: number, version: number) => api.staff.reactivate({ params: { id }, body: { version } }),
  changeOwnPassword: (input: ChangePasswordInput) => api.staff.changeOwnPassword({ body: input }),
};
