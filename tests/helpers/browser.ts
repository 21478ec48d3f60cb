import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium-path';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Chromium driven by playwright-core (never a browser downloaded by a test tool; see
 * `chromiumPath`). Headless, playwright hides scroll bars; `scrollBars` keeps them, as staff's
 * Chromium draws them, for layout tests.
 */
export const launchBrowser = async ({ scrollBars = false }: { scrollBars?: boolean } = {}): Promise<Browser> =>
  chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, ignoreDefaultArgs: scrollBars ? ['--hide-scrollbars'] : [] });

export const e2eServer = () => inject('e2e');

/** Logs in through the login form: on the e2e server with the demo login it printed, or on `server`. */
export async function logIn(page: Page, server: { baseUrl: string; email: string; password: string } = e2eServer()): Promise<void> {
  const { baseUrl, email, password } = server;
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login page returns to the page that sent the user there, or to the bookings.
  await page.waitForURL((url) => url.pathname !== '/login');
}
