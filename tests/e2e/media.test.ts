import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApiFromPage, e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Calls the API from the page with the stored token. */
/** Drops files on an element the way a browser does: a drop event carrying a DataTransfer. */
async function dropFiles(target: Locator, files: { name: string; bytes: Buffer; type: string }[]) {
  const payload = files.map((file) => ({ name: file.name, type: file.type, data: [...file.bytes] }));
  const transfer = await target.page().evaluateHandle((items) => {
    const data = new DataTransfer();
    for (const item of items) data.items.add(new File([new Uint8Array(item.data)], item.name, { type: item.type }));
    return data;
  }, payload);
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Drags with the mouse in small steps, as a person does (the sort starts after 30 px). */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 4 });
  await page.mouse.move(end.x + end.width / 4, end.y + end.height / 2, { steps: 20 });
  await page.mouse.up();
}

const galleryTitles = (page: Page) => page.locator('.gallery-images .gallery-image-name').allTextContents();

describe('media library and galleries', () => {
  it(
    'uploads two dropped images, edits a title, picks one as the overview ' + 'image, builds a gallery of both, reorders it and keeps it across a reload',
    async () => {
      const { baseUrl } = e2eServer();
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const stamp = Date.now();
      const lake = `lake-${stamp}.png`;
      const hills = `hills-${stamp}.jpg`;
      const [lakeBytes, hillsBytes] = await Promise.all([
        sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 110, b: 190 } } })
          .png()
          .toBuffer(),
        sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 70, g: 150, b: 60 } } })
          .jpeg()
          .toBuffer(),
      ]);
      await logIn(page);

      // Upload: drop both files, give one a title before sending, send them with a progress bar each.
      await page.goto(`${baseUrl}/media`);
      await page.getByRole('tab', { name: 'Upload' }).click();
      await dropFiles(page.locator('.drop-zone'), [
        { name: lake, bytes: lakeBytes, type: 'image/png' },
        { name: hills, bytes: hillsBytes, type: 'image/jpeg' },
      ]);
      const queue = page.getByRole('list', { name: 'Images to upload' });
      await expect.poll(() => queue.getByRole('listitem').count()).toBe(2);
      await page.getByRole('button', { name: `Edit ${hills}` }).click();
      await queue.getByLabel('Title').fill(`Rolling hills ${stamp}`);
      await queue.getByLabel('Alt').fill('Green hills under a clear sky');
      const uploads: number[] = [];
      page.on('response', (response) => {
        if (response.request().method() === 'PUT' && response.url().endsWith('/api/v1/media/')) uploads.push(response.status());
      });
      await page.getByRole('button', { name: 'Upload 2 images' }).click();
      await expect.poll(() => toast(page, 'Image uploaded').count()).toBe(2);
      expect(uploads).toEqual([201, 201]);

      // The library comes back with the last image chosen; edit the other one's title.
      await expect.poll(() => page.getByRole('tab', { name: 'Media Library' }).getAttribute('aria-selected')).toBe('true');
      const details = page.getByRole('complementary', { name: 'Attachment details' });
      await expect.poll(() => details.getByLabel('Title').inputValue()).toBe(`Rolling hills ${stamp}`);
      await page.getByRole('searchbox').fill(`lake ${stamp}`);
      await page.getByRole('button', { name: `lake ${stamp}`, exact: true }).click();
      await details.getByLabel('Title').fill(`Lake at dawn ${stamp}`);
      await details.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Image saved').count()).toBe(1);

      // A tour picks the lake as its overview image.
      const tour = await callApiFromPage<{ id: number }>(page, 'POST', 'tours', { name: `Media Tour ${stamp}`, seo_description: 'Lakes and hills by bike.' });
      await page.goto(`${baseUrl}/tours/${tour.id}`);
      const overview = page.getByRole('group', { name: 'Overview image' });
      await overview.getByRole('button', { name: 'Choose image' }).click();
      const modal = page.getByRole('dialog', { name: 'Choose overview image' });
      await modal.getByRole('searchbox').fill(String(stamp));
      await modal.getByRole('button', { name: `Lake at dawn ${stamp}`, exact: true }).click();
      await modal.getByRole('button', { name: 'Add image' }).click();
      await expect.poll(() => modal.count()).toBe(0);
      await expect.poll(() => overview.textContent()).toContain(`Lake at dawn ${stamp}`);

      // A new gallery of both, lake first; then the hills dragged before it.
      const gallery = page.getByRole('group', { name: 'Gallery', exact: true });
      await gallery.getByRole('button', { name: 'Create gallery' }).click();
      const library = page.getByRole('dialog', { name: /^Add images to gallery/ });
      await library.getByRole('searchbox').fill(String(stamp));
      for (const title of [`Lake at dawn ${stamp}`, `Rolling hills ${stamp}`]) {
        await library.getByRole('button', { name: title, exact: true }).click();
        await library.getByRole('button', { name: 'Add image' }).click();
        await expect.poll(() => library.getByRole('button', { name: 'Remove image' }).count()).toBe(1);
      }
      await library.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => galleryTitles(page)).toEqual([`Lake at dawn ${stamp}`, `Rolling hills ${stamp}`]);
      // The save of the new order, not the one of the images just added (saves are debounced and
      // queued, so that one may still be on its way): leaving before it answers would lose it.
      const gallerySaved = page.waitForResponse(
        async (response) =>
          response.request().method() === 'PUT' &&
          /\/api\/v1\/galleries\/\d+$/.test(response.url()) &&
          response.ok() &&
          ((await response.json()) as { media: { title: string }[] }).media[0]?.title === `Rolling hills ${stamp}`,
      );
      await drag(page, page.locator('.gallery-image-handle').nth(1), page.locator('.gallery-image-handle').nth(0));
      await expect.poll(() => galleryTitles(page)).toEqual([`Rolling hills ${stamp}`, `Lake at dawn ${stamp}`]);
      await gallerySaved;

      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => toast(page, 'Saved').count()).toBe(1);
      await page.waitForURL(`${baseUrl}/tours`);

      await page.goto(`${baseUrl}/tours/${tour.id}`);
      await page.reload();
      await expect.poll(() => page.getByRole('group', { name: 'Overview image' }).textContent(), { timeout: 10_000 }).toContain(`Lake at dawn ${stamp}`);
      await expect.poll(() => galleryTitles(page), { timeout: 10_000 }).toEqual([`Rolling hills ${stamp}`, `Lake at dawn ${stamp}`]);

      const stored = await callApiFromPage<{ media_id: number; gallery_id: number }>(page, 'GET', `tours/${tour.id}`);
      const storedGallery = await callApiFromPage<{ media: { id: number; title: string }[] }>(page, 'GET', `galleries/${stored.gallery_id}`);
      expect(storedGallery.media.map((media) => media.title)).toEqual([`Rolling hills ${stamp}`, `Lake at dawn ${stamp}`]);
      expect(stored.media_id).toBe(storedGallery.media[1].id);
      // The picture really is served, at its thumbnail size too.
      const { url } = await callApiFromPage<{ url: string }>(page, 'GET', `media/${stored.media_id}`);
      const thumbnail = await page.evaluate(
        async (address) => (await fetch(address)).headers.get('content-type'),
        `/media-files/${url.split('/').pop()!.replace('.png', '-300x300.png')}`,
      );
      expect(thumbnail).toBe('image/png');
      await page.close();
    },
  );

  it('queues images chosen with Select files, on the media screen and in the image picker', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const stamp = Date.now();
    const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 90, b: 40 } } })
      .png()
      .toBuffer();
    await logIn(page);

    await page.goto(`${baseUrl}/media`);
    await page.getByRole('tab', { name: 'Upload' }).click();
    await page.getByLabel('Select files').setInputFiles({ name: `chosen-${stamp}.png`, mimeType: 'image/png', buffer: bytes });
    const queue = page.getByRole('list', { name: 'Images to upload' });
    await expect.poll(() => queue.getByRole('listitem').count()).toBe(1);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => toast(page, 'Image uploaded').count()).toBe(1);

    const tour = await callApiFromPage<{ id: number }>(page, 'POST', 'tours', { name: `Picker Tour ${stamp}`, seo_description: 'Chosen files.' });
    await page.goto(`${baseUrl}/tours/${tour.id}`);
    await page.getByRole('group', { name: 'Overview image' }).getByRole('button', { name: 'Choose image' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose overview image' });
    await modal.getByRole('tab', { name: 'Upload' }).click();
    await modal.getByLabel('Select files').setInputFiles({ name: `picked-${stamp}.png`, mimeType: 'image/png', buffer: bytes });
    await expect.poll(() => modal.getByRole('list', { name: 'Images to upload' }).getByRole('listitem').count()).toBe(1);
    await page.close();
  });
});
