import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { TOKEN_STORAGE_KEY } from '../../src/api/auth-token.js';
import { chromiumPath } from './chromium-path';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Chromium driven by playwright-core (never a browser downloaded by a test tool; see
 * `chromiumPath`). Headless, playwright hides scroll bars; `scrollBars` keeps them, as staff's
 * Chromium draws them, for layout tests.
 *
 * In the e2e project (SHARE_BROWSER_PER_WORKER, where the files of a worker share one module
 * graph) one Chromium serves every file of the worker: each file gets a handle to it whose
 * `close()` closes only the windows (browser contexts) that file opened. Launching one per file
 * cost about half a second of CPU, 43 times a run. The worker's Chromium ends with the worker.
 */
export async function launchBrowser({ scrollBars = false }: { scrollBars?: boolean } = {}): Promise<Browser> {
  const executablePath = await chromiumPath();
  const launch = () => chromium.launch({ executablePath, args: CHROMIUM_ARGS, ignoreDefaultArgs: scrollBars ? ['--hide-scrollbars'] : [] });
  if (!process.env.SHARE_BROWSER_PER_WORKER) return launch();
  const key = `${executablePath} ${scrollBars}`;
  let shared = sharedBrowsers.get(key);
  if (!shared || !(await shared).isConnected()) {
    shared = launch();
    sharedBrowsers.set(key, shared);
  }
  return handleClosingOwnContexts(await shared);
}

const sharedBrowsers = new Map<string, Promise<Browser>>();

/** `browser`, but `close()` closes only the contexts opened through this handle (`newPage` opens one too). */
function handleClosingOwnContexts(browser: Browser): Browser {
  const opened = new Set<BrowserContext>();
  const remember = <T extends BrowserContext | Page>(made: T): T => {
    opened.add('context' in made ? made.context() : made);
    return made;
  };
  const overrides: Partial<Browser> = {
    newContext: async (options) => remember(await browser.newContext(options)),
    newPage: async (options) => remember(await browser.newPage(options)),
    close: async () => {
      await Promise.all([...opened].map((context) => context.close()));
      opened.clear();
    },
  };
  return new Proxy(browser, {
    get: (target, property) => {
      if (property in overrides) return overrides[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export type E2eServer = { baseUrl: string; email: string; password: string };

let current: E2eServer | undefined;

/**
 * The server this file's browser tests use: its worker's e2e server (set by tests/helpers/e2e-setup.ts
 * before the file's own hooks), or one a stress file started itself (`useE2eServer`).
 */
export function e2eServer(): E2eServer {
  if (!current) throw new Error('No e2e server: run browser tests in the e2e project, or start one and pass it to useE2eServer');
  return current;
}

export function useE2eServer(server: E2eServer): void {
  current = server;
}

/** A bearer token of a fresh login of the e2e server's demo staff user, or of `server`'s. */
export async function apiToken(server: E2eServer = e2eServer()): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email_address: server.email, password: server.password }),
  });
  if (!login.ok) throw new Error(`Login as ${server.email}: ${login.status} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Logs in without the login form: a token from the API, stored where the app keeps it, so the
 * caller's next `page.goto` opens its screen logged in. The page is left on an empty document of
 * the server's origin. Through the form, every login loaded the app twice more (the login page,
 * then the bookings it lands on), about a second of both cores per browser file; the form itself
 * is tested through `logInThroughForm` in login-shell and csp-console.
 */
export async function logIn(page: Page, server: E2eServer = e2eServer()): Promise<void> {
  const token = await apiToken(server);
  // An empty page of the origin, answered here, not by the server: local storage belongs to an origin.
  const blank = `${server.baseUrl}/e2e-login-blank`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [TOKEN_STORAGE_KEY, token] as const);
}

/** Logs in through the login form: on the e2e server with the demo login it printed, or on `server`. */
export async function logInThroughForm(page: Page, server: E2eServer = e2eServer()): Promise<void> {
  const { baseUrl, email, password } = server;
  if (!new URL(page.url()).pathname.startsWith('/login') || !page.url().startsWith(baseUrl)) await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login page returns to the page that sent the user there, or to the bookings.
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Chromium and one page logged in on the e2e server, at 1440x900 unless told: what most browser files start from. */
export async function openLoggedInPage(viewport = { width: 1440, height: 900 }): Promise<{ browser: Browser; page: Page }> {
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  await logIn(page);
  return { browser, page };
}

/** A request that stays open by design (the presence stream of the season tabs and /pgt): never "in flight". */
const isStream = (url: string) => /\/api\/v1\/presence\//.test(url);
const inFlight = new WeakMap<Page, Set<unknown>>();

/**
 * Counts the page's requests from now on, so `requestsSettled` can wait for them. Playwright's
 * 'networkidle' waits for 500 ms without requests, a time, and never comes while a presence
 * stream is open.
 */
export function trackRequests(page: Page): void {
  if (inFlight.has(page)) return;
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!isStream(request.url())) open.add(request);
  });
  const done = (request: unknown) => open.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/** Waits until every request the page started has its answer (streams aside), then for two frames. */
export async function requestsSettled(page: Page): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('Call trackRequests(page) before the page starts the requests to wait for');
  await expect.poll(() => open.size, { timeout: 30_000 }).toBe(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Closes every notice with its close button and waits until none is left (a closed one fades out
 * for a second). A notice can sit over the toolbar, and one under the pointer stays while hovered.
 */
export async function closeNotices(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('[data-rht-toaster] button.notice-close').forEach((button) => button.click()));
  await expect.poll(() => page.locator('[data-rht-toaster] [role="status"]').count(), { timeout: 15_000 }).toBe(0);
}

/** What an element shows, trimmed; '' when it shows nothing. */
export const textOf = async (locator: Locator): Promise<string> => (await locator.textContent())?.trim() ?? '';

/** Calls the API from the page with the stored login, as the app does; throws on an answer other than 2xx. */
export function callApiFromPage<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('backoffice.token');
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}
