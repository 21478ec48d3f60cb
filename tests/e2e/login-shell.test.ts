import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

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

    await logIn(page);
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

  it('sends the app with a content security policy and frame denial', async () => {
    const response = await fetch(`${e2eServer().baseUrl}/login`);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toContain('<div id="root">');
  });
});
