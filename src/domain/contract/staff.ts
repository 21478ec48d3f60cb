import { z } from 'zod';
import { changePasswordSchema, newStaffSchema, staffAccountSchema, staffPasswordSchema } from '../staff.js';
import { pathId } from '../record-id.js';
import { defineEndpoint } from './endpoint.js';

// Staff accounts (issue 22): every staff member may manage them (SPEC.md has one role).

const idParams = z.object({ id: pathId });
const ok = z.object({ ok: z.literal(true) });

export const staffEndpoints = {
  list: defineEndpoint({ method: 'GET', path: '/staff', response: z.array(staffAccountSchema) }),
  /** A new account with a first password the server chooses, returned this once. */
  add: defineEndpoint({ method: 'POST', path: '/staff', body: newStaffSchema, response: staffPasswordSchema }),
  resetPassword: defineEndpoint({ method: 'POST', path: '/staff/:id/reset-password', params: idParams, response: staffPasswordSchema }),
  deactivate: defineEndpoint({ method: 'POST', path: '/staff/:id/deactivate', params: idParams, response: staffAccountSchema }),
  reactivate: defineEndpoint({ method: 'POST', path: '/staff/:id/reactivate', params: idParams, response: staffAccountSchema }),
  changeOwnPassword: defineEndpoint({ method: 'POST', path: '/auth/change-password', body: changePasswordSchema, response: ok }),
};
