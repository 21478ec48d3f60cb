import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readToken } from '../../src/api/auth-token.js';
import { LOGIN_FAILED, LOGIN_FIELDS_REQUIRED } from '../../src/domain/auth.js';
import { LoginScreen } from '../../src/screens/auth/login-screen.js';
import { fakeApi, renderScreen, toastTexts } from '../helpers/render-reference-screen.js';

const routes = [
  { path: '/', element: <p>The home screen</p> },
  { path: '/login', element: <LoginScreen /> },
  { path: '/tours', element: <p>The tours</p> },
];
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function logInAs(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address'), email);
  await user.type(field('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('the login page', () => {
  it('asks for both fields, once, and sends nothing while one is empty', async () => {
    const server = fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/login');
    await user.type(await screen.findByLabelText('E-mail address'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_FIELDS_REQUIRED);
    expect(toastTexts()).toEqual([LOGIN_FIELDS_REQUIRED]);
    expect(server.writes()).toEqual([]);
  });

  it('says a refused login in the catalogue’s words, once, and clears the password but not the e-mail', async () => {
    fakeApi({ 'POST auth/login': { status: 401, body: { errors: [{ msg: 'Wrong e-mail address or password' }] } } });
    renderScreen(routes, '/login');
    await logInAs('anna@example.com', 'not my password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LOGIN_FAILED));
    expect(field('Password').value).toBe('');
    expect(field('E-mail address').value).toBe('anna@example.com');
    expect(toastTexts()).toEqual([LOGIN_FAILED]);
  });

  it('asks for both fields again, not the last refusal, when the next try leaves one empty', async () => {
    fakeApi({ 'POST auth/login': { status: 401, body: { errors: [{ msg: 'Wrong e-mail address or password' }] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/login');
    await logInAs('anna@example.com', 'not my password');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(LOGIN_FAILED));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_FIELDS_REQUIRED);
  });

  it('gives throttling’s own words', async () => {
    fakeApi({ 'POST auth/login': { status: 429, body: { errors: [{ msg: 'Too many attempts: try again in 15 minutes' }] } } });
    renderScreen(routes, '/login');
    await logInAs('anna@example.com', 'a guess');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts: try again in 15 minutes'));
  });

  it('keeps the session and goes back to the page that sent staff to log in', async () => {
    const server = fakeApi({ 'POST auth/login': { body: { token: 'fresh-token' } } });
    const { router } = renderScreen(routes, '/login');
    await router.navigate('/login', { state: { from: '/tours?search=a%20b' } });
    await logInAs(' anna@example.com', 'the right one');
    expect(await screen.findByText('The tours')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=a%20b');
    expect(readToken()).toBe('fresh-token');
    expect(server.writes()).toEqual([{ method: 'POST', path: 'auth/login', body: { email_address: 'anna@example.com', password: 'the right one' } }]);
  });

  // Issue 30 item 9: visiting //evil.example/ and logging in left staff on /login with "External
  // navigation is not allowed" thrown.
  it.each(['//evil.example/', '/\\evil.example/', '/%2f/evil.example/', '/..//evil.example/', 'https://evil.example/', '/\u200b/tours'])(
    'goes to the home screen after login when the page that sent staff there was %j',
    async (from) => {
      fakeApi({ 'POST auth/login': { body: { token: 'fresh-token' } } });
      const { router } = renderScreen(routes, '/login');
      await router.navigate('/login', { state: { from } });
      await logInAs('anna@example.com', 'the right one');
      expect(await screen.findByText('The home screen')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/');
    },
  );
});
