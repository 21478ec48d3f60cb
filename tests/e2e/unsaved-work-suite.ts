import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApiFromPage, e2eServer, launchBrowser, logIn } from '../helpers/browser.js';
import { sweepCases, type BrowserSweep } from '../helpers/browser-sweep.js';

/** Unsaved work and the end of a session; the toasts' check in the large window runs in test:stress. */
export function describeUnsavedWork(sweep: BrowserSweep): void {
  const { once, onceGroup, repeat } = sweepCases(sweep);
  describe('unsaved work', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser.close());

    /** Calls the API from the page with the stored token. */
    /**
     * Waits for the toasts' animations and transitions running now (an entry, a move as another toast
     * comes or goes) to end, then answers how many run: 0 once the toasts are at rest. Endless ones
     * (a loading spinner) do not count.
     */
    const toastAnimationsRunning = (page: Page) =>
      page.evaluate(async () => {
        const running = (document.querySelector('[data-rht-toaster]')?.getAnimations({ subtree: true }) ?? []).filter(
          (animation) => animation.playState !== 'finished' && animation.effect?.getComputedTiming().iterations !== Infinity,
        );
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
        return running.length;
      });

    const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' });
    const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

    async function openNewTour(page: Page, name: string): Promise<number> {
      const tour = await callApiFromPage<{ id: number }>(page, 'POST', 'tours', { name, seo_description: 'A tour for unsaved-work tests.' });
      await page.goto(`${e2eServer().baseUrl}/tours/${tour.id}`);
      await page.getByLabel('Excerpt').waitFor();
      return tour.id;
    }

    onceGroup('unsaved work and the end of a session', () => {
      once('asks before Logout ends the session, and Cancel keeps the session and the edit', async () => {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await logIn(page);
        const id = await openNewTour(page, `Cancelled Leave ${Date.now()}`);
        await page.getByLabel('Excerpt').fill('Typed before a Logout that was cancelled');
        await page.getByRole('button', { name: 'Logout' }).click();
        await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
        expect(await page.evaluate(() => localStorage.getItem('backoffice.token'))).not.toBeNull();
        expect(new URL(page.url()).pathname).toBe(`/tours/${id}`);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.waitForURL(`${e2eServer().baseUrl}/tours`);
        expect((await callApiFromPage<{ excerpt: string }>(page, 'GET', `tours/${id}`)).excerpt).toBe('Typed before a Logout that was cancelled');
        await page.close();
      });

      once('keeps the draft when the session ends under the form and offers it back after the next login', async () => {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await logIn(page);
        const id = await openNewTour(page, `Session End ${Date.now()}`);
        await page.getByLabel('Excerpt').fill('Typed while the session ended elsewhere');
        // Logged out in another tab: the token here is revoked on the server but still stored.
        await page.evaluate(async () => {
          await fetch('/api/v1/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('backoffice.token')}` } });
        });
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.waitForURL(`${e2eServer().baseUrl}/login`);

        await logIn(page);
        await page.goto(`${e2eServer().baseUrl}/tours/${id}`);
        const notice = page.getByRole('status').filter({ hasText: 'unsaved changes on this page' });
        await notice.getByRole('button', { name: 'Restore my changes' }).click();
        expect(await page.getByLabel('Excerpt').inputValue()).toBe('Typed while the session ended elsewhere');
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.waitForURL(`${e2eServer().baseUrl}/tours`);
        expect((await callApiFromPage<{ excerpt: string }>(page, 'GET', `tours/${id}`)).excerpt).toBe('Typed while the session ended elsewhere');
        // Offered once: a later visit starts from what is stored, without the notice.
        await page.goto(`${e2eServer().baseUrl}/tours/${id}`);
        await page.getByLabel('Excerpt').waitFor();
        expect(await notice.count()).toBe(0);
        await page.close();
      });

      once('on /pgt, asks before leaving with a model name and a currency rate changed, and links back to the tour', async () => {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        await logIn(page);
        await page.goto(`${e2eServer().baseUrl}/pgt?tour_id=1`);
        const editor = page.locator('.model-editor').first();
        await editor.getByLabel('Name').fill('Renamed but not saved');
        const rate = page.locator('.currency-rate input').first();
        await rate.fill(String(Number(await rate.inputValue()) + 0.01));

        await page.getByRole('link', { name: 'Back-office' }).click();
        await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
        expect(new URL(page.url()).pathname).toBe('/pgt');
        await page.getByRole('button', { name: 'Logout' }).click();
        await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
        expect(await page.evaluate(() => localStorage.getItem('backoffice.token'))).not.toBeNull();
        expect(await editor.getByLabel('Name').inputValue()).toBe('Renamed but not saved');

        await page.getByRole('link', { name: 'Back to the tour' }).click();
        await leaveDialog(page).getByRole('button', { name: 'Leave' }).click();
        await page.waitForURL(`${e2eServer().baseUrl}/tours/1/pricing**`);
        expect(await toast(page, 'Saved').count()).toBe(0);
        await page.close();
      });
    });

    describe('toasts', () => {
      for (const [width, height] of [
        [1440, 900],
        [1024, 768],
      ]) {
        // npm test: the narrower window, where a toast has least room.
        (width === 1024 ? once : repeat)(`never cover Publish or Logout and stay inside the window at ${width} px`, async () => {
          const page = await browser.newPage({ viewport: { width, height } });
          await logIn(page);
          const id = await openNewTour(page, `Toast ${width} ${Date.now()}`);
          // An edit without an SEO description is refused before sending, with a toast.
          await page.getByLabel(/^SEO description/).fill('');
          await page.getByRole('button', { name: 'Save', exact: true }).click();
          // The whole toast (its status text sits inside it), measured once its entry animation is over.
          const shown = page.locator('[role="status"]').filter({ hasText: /SEO/ }).locator('..');
          await shown.waitFor();
          // The refused save scrolled to the field; the header (not fixed) is measured at the top.
          await page.evaluate(() => window.scrollTo(0, 0));
          await expect.poll(() => toastAnimationsRunning(page)).toBe(0);
          const box = (await shown.boundingBox())!;
          for (const name of ['Publish', 'Logout']) {
            const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
            const overlaps =
              box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
            expect(overlaps, `the toast covers ${name}`).toBe(false);
          }
          expect(box.x + box.width).toBeLessThanOrEqual(width);
          expect(await shown.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
          expect(new URL(page.url()).pathname).toBe(`/tours/${id}`);
          await page.close();
        });
      }
    });
  });
}
