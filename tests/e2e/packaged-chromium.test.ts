import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, logInThroughForm } from '../helpers/browser.js';
import { chromiumPath } from '../helpers/chromium-path.js';

// A machine without Debian's Chromium runs the browser suites on the one the `@sparticuz/chromium`
// npm package ships. This test drives the app with that one on every run, so the fallback is
// known to work even where Debian's is installed.
const chosen = process.env.CHROMIUM_PATH;
let browser: Browser;
beforeAll(async () => {
  process.env.CHROMIUM_PATH = 'packaged';
  browser = await launchBrowser();
});
afterAll(async () => {
  if (chosen === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = chosen;
  await browser?.close();
});

describe('the Chromium packaged on npm', () => {
  it('is unpacked outside the system folders and logs in to the app', async () => {
    process.env.CHROMIUM_PATH = 'packaged';
    expect(await chromiumPath()).not.toBe('/usr/bin/chromium');
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await logInThroughForm(page);
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual(['Bookings', 'Tours', 'Global']);
    await page.close();
  });
});
