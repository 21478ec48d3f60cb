import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('boats', () => {
  it('blocks a boat without a description, saves one with it, lists it, and deletes it', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const name = `Test barge ${Date.now()}`;
    await logIn(page);

    await page.goto(`${baseUrl}/boats`);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(`${baseUrl}/boats/create`);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Priority').selectOption({ label: '2 Medium' });
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/boats')) posts.push(request.url());
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.rich-text .field-error').textContent()).toBe('Description is required');
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${baseUrl}/boats/create`);

    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('A family-run river barge with twelve cabins.');
    await expect.poll(() => page.locator('.rich-text .field-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/boats`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    expect(posts).toHaveLength(1);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Medium');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('heading').textContent()).toBe('Are you sure?');
    expect(await dialog.textContent()).toContain('You will not be able to revert this!');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Deleted' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(0);

    const stored = await page.evaluate(async (boatName) => {
      const token = localStorage.getItem('backoffice.token');
      const response = await fetch('/api/v1/boats', { headers: { authorization: `Bearer ${token}` } });
      return ((await response.json()) as { name: string }[]).filter((boat) => boat.name === boatName).length;
    }, name);
    expect(stored).toBe(0);
    await page.close();
  });
});
