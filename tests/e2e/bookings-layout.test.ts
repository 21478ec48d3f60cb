import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const SIZES = [
  [1440, 900],
  [1024, 768],
] as const;

async function openAt(width: number, height: number, path: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await logIn(page);
  await page.goto(`${e2eServer().baseUrl}${path}`);
  return page;
}

describe.each(SIZES)('the bookings screens at %i px', (width, height) => {
  it('keeps the Actions column in the table grid and every status badge inside its cell', async () => {
    const page = await openAt(width, height, '/');
    const table = page.locator('table.booking-table');
    await table.locator('tbody tr').first().waitFor();
    const layout = await table.evaluate((element) =>
      [...element.querySelectorAll('tbody tr')].map((row) => {
        const cells = [...row.querySelectorAll('td')];
        const badge = row.querySelector('.status-badge')!.getBoundingClientRect();
        const statusCell = cells[3].getBoundingClientRect();
        return {
          displays: cells.map((cell) => getComputedStyle(cell).display),
          badgeInside: badge.right <= statusCell.right + 0.5,
          rowHeight: row.getBoundingClientRect().height,
          actionsHeight: cells[4].getBoundingClientRect().height,
        };
      }),
    );
    for (const row of layout) {
      expect(row.displays.every((display) => display === 'table-cell')).toBe(true);
      expect(row.badgeInside).toBe(true);
      expect(Math.abs(row.actionsHeight - row.rowHeight)).toBeLessThan(1.5);
    }
    await page.close();
  });

  it('shows every date-of-birth choice whole in the booking form', async () => {
    const page = await openAt(width, height, '/bookings/edit/1');
    const picker = page.locator('.dob-picker').first();
    await picker.waitFor();
    // Choose the longest month, then check each select is as wide as its text needs.
    await picker.locator('select').nth(1).selectOption({ label: 'September' });
    await picker.locator('select').nth(2).selectOption({ index: 1 });
    const clipped = await page.locator('.dob-picker select').evaluateAll((selects) =>
      selects.flatMap((element) => {
        const select = element as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = select.options[select.selectedIndex]?.text ?? '';
        // Text, padding and the drop-down arrow (about 20 px) must fit in the box.
        const needed = context.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 20;
        return select.clientWidth + 1 < needed ? [`${text}: ${select.clientWidth} < ${Math.ceil(needed)}`] : [];
      }),
    );
    expect(clipped).toEqual([]);
    await page.close();
  });

  it('right-aligns the payment amounts', async () => {
    const page = await openAt(width, height, '/payments');
    const amount = page.locator('table tbody tr td.num').first();
    await amount.waitFor();
    expect(await amount.evaluate((cell) => getComputedStyle(cell).textAlign)).toBe('right');
    await page.close();
  });
});

describe('an empty filtered list', () => {
  it('says what matched nothing and offers to clear the search and the filter', async () => {
    const page = await openAt(1440, 900, '/');
    await page.getByRole('searchbox').fill('zzz-no-such-booking');
    await page.getByLabel('Status').selectOption({ label: 'Paid in full' });
    const empty = page.locator('.empty-view');
    await expect.poll(() => empty.textContent()).toContain('No bookings match the search "zzz-no-such-booking" and the status Paid in full.');
    await empty.getByRole('button', { name: 'Clear the search and the filter' }).click();
    await page.locator('table.booking-table tbody tr').first().waitFor();
    expect(await page.getByRole('searchbox').inputValue()).toBe('');
    await page.close();
  });
});
