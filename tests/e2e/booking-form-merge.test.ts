import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

// Two clerks, one booking (issue 29): each in a browser context of their own, logged in apart.
let browser: Browser;
let first: Page;
let second: Page;
let editPath = '';

beforeAll(async () => {
  browser = await launchBrowser();
  [first, second] = await Promise.all(
    [0, 1].map(async () => {
      const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
      await logIn(page);
      return page;
    }),
  );
  await first.goto(`${e2eServer().baseUrl}/bookings`);
  const view = first.locator('table.booking-table tbody tr').nth(4).getByRole('link', { name: 'View' });
  editPath = (await view.getAttribute('href'))!.replace('/bookings/', '/bookings/edit/');
});
afterAll(() => browser.close());

/** Opens the booking's edit form, as loaded now. */
async function openForm(page: Page) {
  await page.goto(`${e2eServer().baseUrl}${editPath}`);
  await page.getByLabel('Comments').waitFor();
}

async function save(page: Page, { whileSaving }: { whileSaving?: () => Promise<void> } = {}) {
  await page.getByRole('button', { name: 'Save' }).click();
  await whileSaving?.();
  await page.waitForURL((url) => url.pathname === editPath.replace('/edit', ''));
}

/** What is stored, read in a fresh form. */
async function stored(page: Page) {
  await openForm(page);
  return { comments: await page.getByLabel('Comments').inputValue(), town: await page.getByLabel('Town').inputValue() };
}

describe('two clerks saving one booking', () => {
  it('keeps both saves when they changed different fields', async () => {
    const mark = String(Date.now());
    await Promise.all([openForm(first), openForm(second)]);
    await first.getByLabel('Comments').fill(`Comments ${mark}`);
    await save(first);
    await second.getByLabel('Town').fill(`Town ${mark}`);
    // The toast shows for a few seconds from the merge: looked for at once, not after the save.
    const merged = second.getByRole('status').filter({ hasText: /^Merged with .*'s save of .*: 1 of your changes kept$/ });
    await save(second, { whileSaving: () => merged.waitFor() });
    expect(await stored(first)).toEqual({ comments: `Comments ${mark}`, town: `Town ${mark}` });
  });

  it('asks about the fields both changed, shows both values, and stores what was chosen for each', async () => {
    const mark = String(Date.now());
    await Promise.all([openForm(first), openForm(second)]);
    const loaded = await second.getByLabel('Comments').inputValue();
    await first.getByLabel('Comments').fill(`Theirs ${mark}`);
    await first.getByLabel('Town').fill(`Their town ${mark}`);
    await save(first);
    await second.getByLabel('Comments').fill(`Mine ${mark}`);
    await second.getByLabel('Town').fill(`My town ${mark}`);
    await second.getByRole('button', { name: 'Save' }).click();
    const dialog = second.getByRole('dialog', { name: 'Both of you changed the same fields' });
    const comments = dialog.getByRole('row').filter({ has: second.getByRole('rowheader', { name: 'Comments', exact: true }) });
    await comments.waitFor();
    expect((await comments.getByRole('cell').allTextContents()).map((text) => text.trim())).toEqual([loaded || '(empty)', `Mine ${mark}`, `Theirs ${mark}`]);
    await dialog.getByLabel('Comments: keep yours').check();
    await dialog.getByLabel('Town (contact): keep theirs').check();
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await second.waitForURL((url) => url.pathname === editPath.replace('/edit', ''));
    expect(await stored(first)).toEqual({ comments: `Mine ${mark}`, town: `Their town ${mark}` });
  });
});
