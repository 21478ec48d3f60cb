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
  /** Named by a reset, deactivation or reactivation: of two at once, one wins and the other gets 409. */
  version: z.number(),
  /** Its password was reset: its owner must choose their own at the next login. */
  must_change_password: z.boolean(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const newStaffSchema = z.object({
  email_address: z.string({ error: EMAIL_ADDRESS_MESSAGE }).trim().max(320).refine(isEmailAddress, EMAIL_ADDRESS_MESSAGE),
});

/** An account with the password the server chose for it: shown once, stored only as a hash. */
export const staffPasswordSchema = z.object({ account: staffAccountSchema, password: z.string() });
export type StaffPassword = z.infer<typeof staffPasswordSchema>;

export const CURRENT_PASSWORD_WRONG = 'Your current password is not right';
const currentPassword = z.string({ error: 'Type your current password' }).min(1, 'Type your current password').max(PASSWORD_MAX_LENGTH);
const accountVersion = z.number({ error: 'Send the version you loaded' }).int().positive();

/**
 * Resetting or deactivating someone else's account: the caller's own password again (a session
 * left open on a desk is not enough) and the account's version as listed.
 */
export const accountActionSchema = z.object({ current_password: currentPassword, version: accountVersion });
export type AccountActionInput = z.infer<typeof accountActionSchema>;
export const reactivateSchema = z.object({ version: accountVersion });

export const CANNOT_DEACTIVATE_YOURSELF = 'You cannot deactivate your own account: ask a colleague';
export const OWN_ACCOUNT_RESET = 'Use Change my password for your own account';
/** The answer to every call but choosing a password, while the password is a temporary one. */
export const MUST_CHANGE_PASSWORD = 'Your password was reset: choose your own before going on';

/** What the account log records (migration 017). */
export const ACCOUNT_ACTIONS = ['added', 'password reset', 'deactivated', 'reactivated', 'password changed', 'login from a new address'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** One line of the account log, newest first on the Staff screen. `actor` is null once that account is gone. */
export const accountLogEntrySchema = z.object({
  id: z.number(),
  created_at: z.string(),
  actor: z.string().nullable(),
  subject: z.string(),
  action: z.enum(ACCOUNT_ACTIONS),
  address: z.string(),
});
export type AccountLogEntry = z.infer<typeof accountLogEntrySchema>;
/** How many of the newest log lines the Staff screen is sent. */
export const ACCOUNT_LOG_LIMIT = 200;
export const changePasswordSchema = z.object({
  current_password: currentPassword,
  new_password: z.string({ error: 'Type a new password' }).min(1, 'Type a new password').max(PASSWORD_MAX_LENGTH),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const LAST_ACTIVE_ACCOUNT = 'This is the last active account: reactivate or add another before deactivating it';
