// Issue 28's admin defects where only a browser shows them: a date field the browser holds half
// typed (its value is empty, `validity.badInput` true), and the geometry of a list's header cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await logIn(page);
});
afterAll(() => browser.close());

/** The message shown beside a field, or null while there is none. */
async function errorBeside(label: string): Promise<string | null> {
  const error = page.getByLabel(label).locator('xpath=ancestor::div[contains(@class, "form-field")][1]').locator('.field-error');
  return (await error.count()) === 0 ? null : error.textContent();
}

describe('an offer’s date typed only in part', () => {
  it('is refused naming the field, not saved as no date', async () => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' && request.url().includes('/api/v1/offers')) posts.push(request.url());
    });
    await page.goto(`${e2eServer().baseUrl}/offers/create`);
    await page.getByLabel('Name', { exact: true }).fill('Half-typed window');
    await page.getByLabel('Title', { exact: true }).fill('Half-typed window');
    await page.getByLabel('Subtitle', { exact: true }).fill('A date not finished');
    // One part of the date only: the browser keeps it on screen, but the field's value is empty.
    await page.getByLabel('Booking window From').click();
    await page.keyboard.type('12');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => errorBeside('Booking window From')).toBe('Booking window start is incomplete: enter the day, the month and the year, or clear it');
    expect(posts).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/offers/create');

    // Finished, the date is saved.
    await page.getByLabel('Booking window From').fill('2026-05-12');
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/api/v1/offers/'));
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await (await saved).json()).toEqual(expect.objectContaining({ booking_window_start: '2026-05-12', booking_window_end: null }));
  });
});

describe('a list’s header', () => {
  it('sorts on a click in its cell away from the word', async () => {
    await page.goto(`${e2eServer().baseUrl}/bikes`);
    const header = page.getByRole('columnheader', { name: /^Name/ });
    await header.waitFor();
    const before = await header.getAttribute('aria-sort');
    const cell = (await header.boundingBox())!;
    const word = (await header.getByRole('button').boundingBox())!;
    // A point of the cell right of its word.
    expect(cell.x + cell.width - 4).toBeGreaterThan(word.x + word.width);
    await page.mouse.click(cell.x + cell.width - 4, cell.y + cell.height / 2);
    await expect.poll(() => header.getAttribute('aria-sort')).not.toBe(before);
  });
});
