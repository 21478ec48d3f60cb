import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, openLoggedInPage } from '../helpers/browser.js';

let browser: Browser;
let page: Page;
// Screenshots for looking at the screens by eye; not compared.
const SHOTS = '.tmp/screenshots/bookings';

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  ({ browser, page } = await openLoggedInPage());
});
afterAll(() => browser.close());

const shoot = async (name: string) => {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

const moneyIn = async (testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/[£,]/g, ''));

let bookingPath = '';

describe('bookings in the browser', () => {
  it('finds a booking by its reference', async () => {
    const { baseUrl } = e2eServer();
    await page.goto(`${baseUrl}/bookings`);
    const rows = page.locator('table.booking-table tbody tr');
    await rows.first().waitFor();
    await shoot('booking-list');
    const reference = (await rows.nth(7).locator('td').nth(1).textContent())!;
    await page.getByLabel('Search').fill(reference);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe(reference);
    expect(page.url()).toContain(`search=${reference}`);
    await rows.first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: new RegExp(`Booking ${reference}`) }).waitFor();
    bookingPath = new URL(page.url()).pathname;
    await page.getByTestId('balance').waitFor();
    await shoot('booking-overview');
  });

  it('edits a traveller’s date of birth and bike, saves, and shows the previous version in the snapshots', async () => {
    const id = bookingPath.split('/').at(-1);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`**/bookings/edit/${id}`);
    const traveller = page.locator('fieldset.member-fieldset').first();
    await traveller.waitFor();
    await shoot('booking-edit');
    const day = traveller.getByLabel(/day$/);
    const previousDay = await day.inputValue();
    const bike = traveller.getByLabel(/^Bike of/);
    const bikeChoices = await bike
      .locator('option')
      .evaluateAll((options) => options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent ?? '' })));
    const current = await bike.inputValue();
    const nextBike = bikeChoices.find((choice) => choice.value !== current)!;

    await day.selectOption(previousDay === '3' ? '4' : '3');
    await traveller.getByLabel(/month$/).selectOption('7');
    await traveller.getByLabel(/year$/).selectOption('1985');
    await bike.selectOption(nextBike.value);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/bookings/${id}`);
    const expectedDay = previousDay === '3' ? '4' : '3';
    const firstMember = page.locator('section[aria-labelledby="party-title"] tbody tr').first();
    await expect.poll(() => firstMember.locator('td').nth(1).textContent()).toBe(`${expectedDay} Jul 1985`);
    expect(await firstMember.locator('td').nth(3).textContent()).toBe(nextBike.value === '' ? 'No bike' : nextBike.text.replace(/ \(£.*\)$/, ''));

    await page.getByRole('link', { name: 'Snapshots' }).click();
    const snapshots = page.locator('.snapshot-list > li');
    await snapshots.first().waitFor();
    const newest = (await snapshots.first().locator('pre').textContent())!;
    const previous = JSON.parse(newest) as { party: { date_of_birth: string | null; tour_bike_id: number | null }[] };
    expect(previous.party[0].date_of_birth).not.toBe(`1985-07-0${expectedDay}`);
    expect(String(previous.party[0].tour_bike_id ?? '')).toBe(current);
    await shoot('booking-snapshots');
  });

  it('records a completed payment and the balance drops by it', async () => {
    const { baseUrl } = e2eServer();
    await page.goto(`${baseUrl}${bookingPath}`);
    await page.getByTestId('balance').waitFor();
    const before = await moneyIn('balance');
    await page.getByRole('link', { name: 'Record payment' }).click();
    await page.getByLabel('Amount (£)').fill('123.45');
    await page.getByLabel('Status').selectOption('completed');
    await page.getByLabel('Transaction code (optional)').fill('E2E-TX-1');
    await shoot('payment-record');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await page.waitForURL(`**${bookingPath}`);
    await expect.poll(() => moneyIn('balance')).toBeCloseTo(before - 123.45, 2);

    await page.goto(`${baseUrl}/payments?search=E2E-TX`);
    await page.getByRole('cell', { name: 'E2E-TX-1' }).waitFor();
    await shoot('payment-list');
    await page
      .getByRole('row', { name: /E2E-TX-1/ })
      .getByRole('link', { name: 'View' })
      .click();
    await page.getByRole('heading', { name: /Payment E2E-TX-1/ }).waitFor();
    await shoot('payment-detail');
  });

  it('opens the customer documentation without app chrome and prints it to PDF', async () => {
    const { baseUrl } = e2eServer();
    const id = bookingPath.split('/').at(-1);
    await page.goto(`${baseUrl}${bookingPath}`);
    const [documentPage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: 'Documentation' }).click()]);
    await documentPage.waitForURL(`${baseUrl}/bookings/${id}/documentation`);
    await documentPage.getByRole('heading', { name: 'Itinerary' }).waitFor();
    expect(await documentPage.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    expect(await documentPage.getByText('In an emergency call 112').count()).toBe(1);
    await documentPage.setViewportSize({ width: 1024, height: 768 });
    await documentPage.screenshot({ path: `${SHOTS}/documentation-1024.png` });
    await documentPage.emulateMedia({ media: 'print' });
    const pdf = await documentPage.pdf({ path: `${SHOTS}/documentation.pdf`, format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Each main section starts a page: cover and first section, then six more.
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(6);
    await documentPage.close();
  });

  it('lists enquiries and opens one', async () => {
    const { baseUrl } = e2eServer();
    await page.goto(`${baseUrl}/enquiries`);
    await page.locator('table tbody tr').first().waitFor();
    await shoot('enquiry-list');
    await page.locator('table tbody tr').first().getByRole('link', { name: 'View' }).click();
    await page.getByRole('heading', { name: /Enquiry from/ }).waitFor();
    await shoot('enquiry-detail');
  });
});
