import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('Last changed by', () => {
  it('shows on a record’s form who saved it last and when, and nothing for a record no one has saved in the app', async () => {
    const server = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await logIn(page);
    const name = `Authored boat ${Date.now()}`;
    await page.goto(`${server.baseUrl}/boats/create`);
    await page.getByLabel('Name').fill(name);
    await page.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.type('A barge whose author is known.');
    await expect.poll(() => page.getByTestId('last-changed').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${server.baseUrl}/boats`);
    await page.getByRole('link', { name, exact: true }).click();
    await expect
      .poll(() => page.getByTestId('last-changed').textContent())
      .toMatch(new RegExp(`^Last changed by ${server.email.replace(/[.]/g, '\\.')} on \\d{1,2} [A-Z][a-z]{2} \\d{4}, \\d{2}:\\d{2}`));

    // A seeded record was never saved through the app: the form says nothing rather than guess.
    await page.goto(`${server.baseUrl}/boats`);
    const seeded = page
      .locator('tbody tr')
      .filter({ hasNot: page.getByRole('link', { name, exact: true }) })
      .first()
      .getByRole('link')
      .first();
    const seededName = (await seeded.textContent()) ?? '';
    await seeded.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain(seededName);
    expect(await page.getByTestId('last-changed').count()).toBe(0);
    await page.close();
  });
});
