import { expect } from 'vitest';
import type { StaffPassword } from '../../src/domain/staff.js';
import type { TestApp } from './test-app.js';

export type AuthHeaders = { authorization: string };

/**
 * The staff account tests' calls on the app `app()` gives (read at each call: it is made in
 * beforeAll), each from `remoteAddress` when given (the account log records it).
 */
export function staffTestCalls(app: () => TestApp) {
  const call = (method: 'GET' | 'POST', url: string, headers: AuthHeaders, payload?: unknown, remoteAddress = '127.0.0.1') =>
    app().app.inject({ method, url: `/api/v1/${url}`, headers, payload: payload as object, remoteAddress });
  const login = (email_address: string, password: string, remoteAddress = '127.0.0.1') =>
    app().app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email_address, password }, remoteAddress });
  /** A session of that account: its login must succeed. */
  async function loggedIn(email: string, password: string, remoteAddress?: string): Promise<AuthHeaders> {
    const response = await login(email, password, remoteAddress);
    expect(response.statusCode).toBe(200);
    return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
  }
  /** A new account added by the test user, with its first password. */
  async function addAccount(email: string): Promise<StaffPassword> {
    const response = await call('POST', 'staff', app().auth, { email_address: email });
    expect(response.statusCode).toBe(201);
    return response.json<StaffPassword>();
  }
  return { call, login, loggedIn, addAccount };
}
