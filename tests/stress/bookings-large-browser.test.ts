import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingPage } from '../../src/domain/bookings/booking-list-schema.js';
import { launchBrowser, logIn } from '../helpers/browser.js';
import { copyLargeDemoData } from '../helpers/large-demo-data.js';
import { useOwnBrowserServer } from '../helpers/own-browser-server.js';
import { logIn as apiLogIn } from '../helpers/server-process.js';

// Its own server on the large demo data (50,000 bookings), not the e2e servers' 500. The data is
// seeded once into .tmp (minutes on a busy machine) and copied for each run.
const server = useOwnBrowserServer({ prepare: copyLargeDemoData, timeoutMs: 1_200_000 });

let browser: Browser | undefined;
let page: Page;
let authorization: string;

beforeAll(async () => {
  authorization = await apiLogIn(server().baseUrl);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await logIn(page);
}, 120_000);

afterAll(() => browser?.close());

async function bookings(query: string): Promise<BookingPage> {
  const response = await fetch(`${server().baseUrl}/api/v1/bookings?${query}`, { headers: { authorization } });
  expect(response.status).toBe(200);
  return (await response.json()) as BookingPage;
}

describe('the booking list on the large demo data', () => {
  it('finds one booking by its reference among 50,000 and opens it', async () => {
    const { total } = await bookings('page=1&page_size=1');
    expect(total).toBeGreaterThanOrEqual(50_000);
    // One from the middle of the list, far from the first page staff see.
    const [wanted] = (await bookings(`page=${Math.floor(total / 2)}&page_size=1`)).results;

    await page.goto(`${server().baseUrl}/bookings`);
    const rows = page.locator('table.booking-table tbody tr');
    await rows.first().waitFor();
    expect(await page.locator('.row-count').textContent()).toBe(`1-50 of ${total.toLocaleString('en-GB')} bookings`);
    expect(await rows.locator('td:nth-child(2)').allTextContents()).not.toContain(wanted.booking_reference);

    await page.getByLabel('Search').fill(wanted.booking_reference);
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe(wanted.booking_reference);
    expect(await page.locator('.row-count').textContent()).toBe('1 booking');

    await rows.first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: new RegExp(`Booking ${wanted.booking_reference}`) }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/bookings/${wanted.id}`);
  });
});
