import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { EMAIL_ADDRESS_MESSAGE, isEmailAddress } from './email-address';

/** A staff account as the Staff screen lists it; times are ISO strings, never a password. */
export const staffAccountSchema = z.object({
  id: z.number(),
  email_address: z.string(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  active: z.boolean(),
  /** Whether this is the account of the person asking. */
  you: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const newStaffSchema = z.object({
  email_address: z.string({ error: EMAIL_ADDRESS_MESSAGE }).trim().max(320).refine(isEmailAddress, EMAIL_ADDRESS_MESSAGE),
});

/** An account with the password the server chose for it: shown once, stored only as a hash. */
export const staffPasswordSchema = z.object({ account: staffAccountSchema, password: z.string() });
export type StaffPassword = z.infer<typeof staffPasswordSchema>;

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right';
export const changePasswordSchema = z.object({
  current_password: z.string({ error: 'Type your current password' }).min(1, 'Type your current password').max(PASSWORD_MAX_LENGTH),
  new_password: z.string({ error: 'Type a new password' }).min(1, 'Type a new password').max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const LAST_ACTIVE_ACCOUNT = 'This is the last active account: reactivate or add another before deactivating it';
