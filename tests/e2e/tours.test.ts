import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const titles = (page: Page) =>
  page
    .locator('.itinerary-row')
    .getByLabel('Title', { exact: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('tours', () => {
  it('creates a tour, builds its itinerary, keeps it across a reload, and deletes the tour', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const name = `Test Tour ${Date.now()}`;
    await logIn(page);

    await page.goto(`${baseUrl}/tours`);
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(`${baseUrl}/tours/create`);
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Tour code').fill('E2E');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/tours`);
    await expect.poll(() => toast(page, 'Created').count()).toBe(1);

    await page.getByLabel('Filter').fill(name);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await page.getByRole('navigation', { name: 'Tour' }).getByRole('link', { name: 'Itinerary' }).click();
    await page.getByRole('button', { name: 'Add the first day' }).click();
    await page.locator('.itinerary-row').nth(0).getByLabel('Title', { exact: true }).fill('Arrival in Passau');
    await page.getByRole('button', { name: 'Add day' }).click();
    await page.locator('.itinerary-row').nth(1).getByLabel('Title', { exact: true }).fill('Along the Danube');
    await page.locator('.itinerary-row').nth(1).getByRole('textbox', { name: 'Content of day 2' }).click();
    await page.keyboard.type('Flat riverside paths to Linz.');
    await page.getByRole('button', { name: 'Move Day 2: Along the Danube up' }).click();
    expect(await titles(page)).toEqual(['Along the Danube', 'Arrival in Passau']);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toast(page, 'Saved Itineraries').count()).toBe(1);

    await page.reload();
    await expect.poll(() => titles(page)).toEqual(['Along the Danube', 'Arrival in Passau']);
    expect(await page.locator('.itinerary-row').nth(0).getByRole('textbox', { name: 'Day', exact: true }).inputValue()).toBe('2');
    expect(await page.locator('.itinerary-row').nth(0).getByRole('textbox', { name: 'Content of day 2' }).textContent()).toBe('Flat riverside paths to Linz.');

    await page.locator('.tour-heading').getByRole('link', { name: 'Tours' }).click();
    await page.waitForURL(`${baseUrl}/tours`);
    await page.getByLabel('Filter').fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain(`The tour "${name}" will be deleted. You will not be able to revert this!`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => toast(page, 'Deleted').count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name, exact: true }).count()).toBe(0);

    await page.reload();
    await page.getByLabel('Filter').fill(name);
    await expect.poll(() => page.getByText('0 of', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
    await page.close();
  });
});
