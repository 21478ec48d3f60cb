import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApiFromPage, e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Uploads one small PNG drawn in the page, an image of this test's own, and returns its media id. */
function uploadImage(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 8;
    canvas.height = 8;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1f6feb';
    context.fillRect(0, 0, 8, 8);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((result) => resolve(result!), 'image/png'));
    const form = new FormData();
    form.append('upload_title', 'Homepage tile');
    form.append('upload', blob, 'tile.png');
    const response = await fetch('/api/v1/media/', {
      method: 'PUT',
      headers: { authorization: `Bearer ${localStorage.getItem('backoffice.token')}` },
      body: form,
    });
    if (!response.ok) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: number }[])[0].id;
  });
}

const centre = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

const linkTitles = (page: Page) =>
  page
    .getByRole('list', { name: 'Column 3 links' })
    .locator('input[placeholder="Title"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

describe('website content', () => {
  it('refuses a redirect whose new URL does not end with "/", then creates a good one, and refuses the same old URL twice', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const oldUrl = `/old-offer-${Date.now()}`;
    await logIn(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/v1/redirects')) posts.push(request.url());
    });

    await page.goto(`${baseUrl}/redirects`);
    expect(await page.getByRole('complementary', { name: 'HTTP codes' }).textContent()).toContain('410 Gone');
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(`${baseUrl}/redirect-create`);
    await page.getByLabel('Old URL').fill(oldUrl);
    await page.getByLabel('New URL').fill('/offers/spring');
    await page.getByRole('button', { name: 'Save' }).click();
    const newUrlError = page.locator('.form-field', { has: page.getByLabel('New URL') }).locator('.field-error');
    await expect.poll(() => newUrlError.textContent()).toBe('New URL must start and end with a "/" character, or be a full http(s) address');
    expect(posts).toEqual([]);
    expect(page.url()).toBe(`${baseUrl}/redirect-create`);

    await page.getByLabel('New URL').fill('/offers/spring/');
    await expect.poll(() => newUrlError.count()).toBe(0);
    await page.getByLabel('Code', { exact: true }).selectOption({ label: '302 Found (temporary)' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`${baseUrl}/redirects`);
    expect(posts).toHaveLength(1);
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: oldUrl, exact: true }) });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('302 Found (temporary)');
    const stored = await callApiFromPage<{ old_url: string; new_url: string; code: number; show: boolean }[]>(page, 'GET', 'redirects');
    expect(stored.filter((redirect) => redirect.old_url === oldUrl)).toEqual([expect.objectContaining({ new_url: '/offers/spring/', code: 302, show: true })]);

    // The same old URL again: the server refuses it and the form says why, beside the field.
    await page.goto(`${baseUrl}/redirect-create`);
    await page.getByLabel('Old URL').fill(oldUrl);
    await page.getByLabel('New URL').fill('/elsewhere/');
    await page.getByRole('button', { name: 'Save' }).click();
    const oldUrlError = page.locator('.form-field', { has: page.getByLabel('Old URL') }).locator('.field-error');
    await expect.poll(() => oldUrlError.textContent()).toBe(`A redirect from "${oldUrl}" already exists`);
    expect(page.url()).toBe(`${baseUrl}/redirect-create`);
    await page.close();
  });

  it('builds a navigation column and reorders its links by dragging (a short drag does nothing) and from the keyboard', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await logIn(page);
    await page.goto(`${baseUrl}/navigations`);
    await page.getByRole('tab', { name: 'Information' }).click();
    // The demo data fills columns 1 and 2; column 3 starts empty.
    await page.getByLabel('Column 3 title').fill('About us');
    const addLink = page.locator('.navigation-column').nth(2).getByRole('button', { name: 'Add link' });
    for (const [index, [title, url]] of [
      ['Our story', '/story/'],
      ['The team', '/team/'],
      ['Careers', '/careers/'],
    ].entries()) {
      await addLink.click();
      await page.getByLabel(`Column 3 link ${index + 1} title`).fill(title);
      await page.getByLabel(`Column 3 link ${index + 1} URL`).fill(url);
    }
    expect(await linkTitles(page)).toEqual(['Our story', 'The team', 'Careers']);

    const handles = page.getByRole('list', { name: 'Column 3 links' }).locator('.drag-handle');
    // A move shorter than the drag distance (30 px) is a click, not a drag: nothing moves.
    const third = await centre(handles.nth(2));
    await page.mouse.move(third.x, third.y);
    await page.mouse.down();
    await page.mouse.move(third.x, third.y - 28, { steps: 7 });
    await page.mouse.up();
    expect(await linkTitles(page)).toEqual(['Our story', 'The team', 'Careers']);

    // A real drag of the third link's handle above the first link.
    const first = await centre(handles.nth(0));
    await page.mouse.move(third.x, third.y);
    await page.mouse.down();
    await page.mouse.move(third.x, third.y - 35, { steps: 5 });
    await page.mouse.move(first.x, first.y - 10, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => linkTitles(page)).toEqual(['Careers', 'Our story', 'The team']);

    // From the keyboard: Space lifts the focused handle, an arrow moves it, Space drops it.
    // Each key waits for the drag state it should produce: the sensor measures the rows once lifted.
    const dragged = page.locator('.sortable-row.dragging');
    await handles.nth(2).focus();
    await page.keyboard.press('Space');
    await dragged.waitFor();
    // The keyboard sensor ignores arrows until it has measured the rows, an effect after the lift.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.keyboard.press('ArrowUp');
    // The row it passes shifts down once the sensor has taken the move (only then does Space drop it there).
    const passed = page.getByRole('list', { name: 'Column 3 links' }).locator('.sortable-row').nth(1);
    await expect.poll(() => passed.evaluate((row) => new DOMMatrix(getComputedStyle(row).transform).m42)).toBeGreaterThan(0);
    await page.keyboard.press('Space');
    await dragged.waitFor({ state: 'detached' });
    await expect.poll(() => linkTitles(page)).toEqual(['Careers', 'The team', 'Our story']);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved' }).count()).toBe(1);
    const groups = await callApiFromPage<{ group: string; column_3: { title: string; links: { title: string; position: number }[] } }[]>(
      page,
      'GET',
      'navigations',
    );
    const information = groups.find((group) => group.group === 'information')!;
    expect(information.column_3.title).toBe('About us');
    expect(information.column_3.links.map((link) => [link.title, link.position])).toEqual([
      ['Careers', 0],
      ['The team', 1],
      ['Our story', 2],
    ]);

    await page.reload();
    await page.getByRole('tab', { name: 'Information' }).click();
    await expect.poll(() => linkTitles(page)).toEqual(['Careers', 'The team', 'Our story']);
    await page.close();
  });

  it('refuses a 13th homepage collection item', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await logIn(page);
    const mediaId = await uploadImage(page);
    const current = await callApiFromPage<{ version: number }>(page, 'GET', 'homepage-collections');
    const items = Array.from({ length: 12 }, (_, index) => ({ media_id: mediaId, title: `Tile ${index + 1}`, url: `/tile-${index + 1}/`, description: '' }));
    await callApiFromPage(page, 'POST', 'homepage-collections', { version: current.version, title: 'Favourites', content: '', items });

    await page.goto(`${baseUrl}/homepage-collections`);
    await expect.poll(() => page.getByText('Items (12 of 12)').count()).toBe(1);
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect.poll(() => page.locator('.editor-bar .field-error').textContent()).toBe('Max items are limited to 12');
    expect(await page.getByText('Items (12 of 12)').count()).toBe(1);
    expect(await page.locator('.homepage-item').count()).toBe(12);

    // Making room: after removing one, the next added item is refused until it has an image.
    await page.getByRole('button', { name: 'Remove item 12' }).click();
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Item 12 title').fill('New tile');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('.homepage-item').nth(11).locator('.field-error').first().textContent()).toBe('Item image is required');
    const stored = await callApiFromPage<{ items: { title: string }[] }>(page, 'GET', 'homepage-collections');
    expect(stored.items.map((item) => item.title)).toEqual(items.map((item) => item.title));
    await page.close();
  });
});
