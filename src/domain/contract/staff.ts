import { z } from 'zod';
import {
  accountActionSchema,
  accountLogEntrySchema,
  changePasswordSchema,
  newStaffSchema,
  reactivateSchema,
  staffAccountSchema,
  staffPasswordSchema,
} from '../staff.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// Staff accounts (issue 22): every staff member may manage them (SPEC.md has one role).

const idParams = z.object({ id: pathId });
const ok = z.object({ ok: z.literal(true) });

export const staffEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/staff', response: z.array(staffAccountSchema) }),
  /** A new account with a first password the server chooses, returned this once. */
  add: defineEndpoint({ method: 'POST', path: '/staff', body: newStaffSchema, response: staffPasswordSchema }),
  /** A temporary password, shown once: its owner must replace it at their next login. */
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/staff/:id/reset-password',
    params: idParams,
    body: accountActionSchema,
    response: staffPasswordSchema,
  }),
  deactivate: defineEndpoint({ method: 'POST', path: '/staff/:id/deactivate', params: idParams, body: accountActionSchema, response: staffAccountSchema }),
  reactivate: defineEndpoint({ method: 'POST', path: '/staff/:id/reactivate', params: idParams, body: reactivateSchema, response: staffAccountSchema }),
  /** The newest account actions (ACCOUNT_LOG_LIMIT of them): who, whom, when, from which address. */
  log: defineEndpoint({ method: 'GET', path: '/staff/log', response: z.array(accountLogEntrySchema) }),
  changeOwnPassword: defineEndpoint({ method: 'POST', path: '/auth/change-password', body: changePasswordSchema, response: ok }),
};
