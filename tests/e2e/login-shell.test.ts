import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { apiToken, e2eServer, launchBrowser, logIn, logInThroughForm } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('logging in and out', () => {
  it('lets a new user in with the printed demo login, shows header and nav, and logs out', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl}/tours`);
    await page.waitForURL(`${baseUrl}/login`);

    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Please fill in both fields');

    await page.getByLabel('E-mail address').fill(e2eServer().email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('There was a problem logging you in');
    expect(await page.getByLabel('Password').inputValue()).toBe('');

    await logInThroughForm(page);
    expect(new URL(page.url()).pathname).toBe('/tours');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(() => nav.getByRole('link').allTextContents()).toEqual(['Bookings', 'Tours', 'Global']);
    await expect.poll(() => page.locator('.server-info').textContent()).toContain('/api/v1');
    expect(await page.getByRole('button', { name: 'Publish' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);

    await page.goto(`${baseUrl}/tours/1/pricing`);
    await page.waitForURL(`${baseUrl}/login`);
    await page.close();
  });

  it('hides the main nav on the bulk pricing page', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage();
    await logIn(page);
    await page.goto(`${baseUrl}/pgt`);
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await page.close();
  });

  it('sends the built app, its assets and the API with a content security policy, nosniff and frame denial', async () => {
    const { baseUrl } = e2eServer();
    const token = await apiToken();
    const index = await fetch(`${baseUrl}/`);
    const html = await index.text();
    expect(html).toContain('<div id="root">');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);

    const responses: [string, Response][] = [
      ['the app at /', index],
      ['the app at a clean path', await fetch(`${baseUrl}/tours/1/pricing`)],
      ...(await Promise.all(assets.map(async (asset): Promise<[string, Response]> => [asset, await fetch(`${baseUrl}${asset}`)]))),
      ['an API call', await fetch(`${baseUrl}/api/v1/auth/users`, { headers: { authorization: `Bearer ${token}` } })],
      ['a refused API call', await fetch(`${baseUrl}/api/v1/tours/all`)],
    ];
    const problems = responses.flatMap(([what, response]) => {
      const csp = response.headers.get('content-security-policy') ?? '';
      const found: string[] = [];
      if (!csp) found.push(`${what}: no Content-Security-Policy`);
      if (response.headers.get('x-content-type-options') !== 'nosniff') found.push(`${what}: no X-Content-Type-Options: nosniff`);
      if (response.headers.get('x-frame-options') !== 'DENY' && !/frame-ancestors 'none'/.test(csp)) found.push(`${what}: may be framed`);
      if (/script-src[^;]*'unsafe-(inline|eval)'/.test(csp)) found.push(`${what}: scripts may be inline or eval'd`);
      return found;
    });
    expect(problems).toEqual([]);
    expect(responses.map(([, response]) => response.status)).toEqual([200, 200, ...assets.map(() => 200), 200, 401]);
    // The app may run only its own scripts; the API's answers may load nothing at all.
    expect(index.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    for (const [what, response] of responses.slice(-2)) expect(response.headers.get('content-security-policy'), what).toContain("default-src 'none'");
  });

  it('serves the production build of the app, though the test runner built it', async () => {
    const { baseUrl } = e2eServer();
    const html = await (await fetch(`${baseUrl}/`)).text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const code = await (await fetch(`${baseUrl}${script}`)).text();
      // Only React's development build has this helper in it.
      expect(code.includes('react_stack_bottom_frame'), script).toBe(false);
    }
  });
});
