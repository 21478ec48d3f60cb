import { z } from 'zod';

export const LOGIN_FIELDS_REQUIRED = 'Please fill in both fields';
export const LOGIN_FAILED = 'There was a problem logging you in';
export const PASSWORD_MAX_LENGTH = 1000;

export const loginSchema = z.object({
  email_address: z.string({ error: LOGIN_FIELDS_REQUIRED }).trim().min(1, LOGIN_FIELDS_REQUIRED).max(320),
  password: z.string({ error: LOGIN_FIELDS_REQUIRED }).min(1, LOGIN_FIELDS_REQUIRED).max(PASSWORD_MAX_LENGTH),
});

/** `must_change_password`: the password was reset by a colleague; the session may only choose a new one. */
export const loginResponseSchema = z.object({ token: z.string(), must_change_password: z.boolean() });
export const staffUserSchema = z.object({ id: z.number(), email_address: z.string() });
export type StaffUser = z.infer<typeof staffUserSchema>;

export const serverInfoSchema = z.object({ environment: z.string(), api_url: z.string(), version: z.string() });
export type ServerInfo = z.infer<typeof serverInfoSchema>;
