import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';

/** The tour tabs and the form's pickers; the tabs in the large window run in test:stress. */
export function describeTourTabsAndPickers(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('tour tabs and pickers', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser.close());

    async function openTour(width: number, height: number, tab = ''): Promise<Page> {
      const page = await browser.newPage({ viewport: { width, height } });
      await logIn(page);
      await page.goto(`${e2eServer().baseUrl}/tours/1${tab}`);
      await page.getByRole('navigation', { name: 'Tour' }).waitFor();
      return page;
    }

    /** The distinct tops of the tour nav's visible tabs and buttons: one line has one. */
    const tabLines = (page: Page) =>
      page.getByRole('navigation', { name: 'Tour' }).evaluate((nav) => {
        const items = [...nav.querySelectorAll(':scope > a, :scope > span, :scope > .tour-tabs-more > button')];
        return new Set(items.map((item) => Math.round(item.getBoundingClientRect().top))).size;
      });

    describe('the tour tabs', () => {
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ]) {
        // npm test: the narrower window, which also has tabs under More.
        (width === 1024 ? once : repeat)(`fit on one line at ${width} px, the rest under More`, async () => {
          const page = await openTour(width, height);
          expect(await tabLines(page)).toBe(1);
          const nav = page.getByRole('navigation', { name: 'Tour' });
          const more = nav.getByRole('button', { name: /More/ });
          if (width === 1024) {
            await more.click();
            const menu = page.getByRole('menu', { name: 'More tour tabs' });
            await menu.getByRole('menuitem', { name: 'Data Export' }).click();
            await page.waitForURL(/\/tours\/1\/data-export/);
            // The tab shown is named on the More button while it is open.
            await expect.poll(() => nav.getByRole('button', { name: /Data Export/ }).count()).toBe(1);
          }
          await page.close();
        });
      }
    });

    onceGroup('the Places and links pickers of the tour form', () => {
      once('are search boxes that open a list of matches on demand, picked from with the keyboard', async () => {
        const page = await openTour(1440, 900);
        const box = page.getByRole('combobox', { name: /^Destinations/ });
        expect(await page.getByRole('listbox', { name: 'Destinations' }).count()).toBe(0);
        const closedHeight = (await box.boundingBox())!.height;
        expect(closedHeight).toBeLessThan(60);
        await box.click();
        const list = page.getByRole('listbox', { name: 'Destinations' });
        await list.waitFor();
        const first = list.getByRole('option').first();
        const name = (await first.textContent())!.replace('✓', '').trim();
        const wasChosen = (await first.getAttribute('aria-selected')) === 'true';
        await box.fill(name);
        await box.press('Enter');
        const chips = page.getByRole('list', { name: 'Chosen destinations' });
        const chip = chips.getByRole('button', { name: `Remove ${name}` });
        await expect.poll(() => chip.count()).toBe(wasChosen ? 0 : 1);
        await box.press('Escape');
        expect(await list.count()).toBe(0);
        await page.close();
      });
    });
  });
}
