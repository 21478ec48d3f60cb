import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logIn } from '../helpers/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const confirm = async (page: Page, label: string) => page.getByRole('dialog').getByRole('button', { name: label }).click();
/** A reset or deactivation: the manager's own password typed in the dialog, then its button. */
async function confirmWithOwnPassword(page: Page, label: string) {
  await page.getByRole('dialog').getByLabel('Your own password').fill(e2eServer().password);
  await confirm(page, label);
}

describe('the Staff screen', () => {
  it('adds a colleague with a password shown once, who logs in, changes it, and is shut out at once when deactivated', async () => {
    const server = e2eServer();
    const manager = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await logIn(manager);
    await manager.goto(`${server.baseUrl}/global`);
    await manager.getByRole('link', { name: 'Staff', exact: true }).click();
    await manager.waitForURL(`${server.baseUrl}/staff`);
    await expect
      .poll(() =>
        manager
          .getByRole('row')
          .filter({ hasText: `${server.email} (you)` })
          .count(),
      )
      .toBe(1);

    const email = `colleague.${Date.now()}@example.test`;
    await manager.getByLabel('E-mail').fill('not an address');
    await manager.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => manager.locator('.add-staff .field-error').textContent()).toBe('Enter a valid e-mail address');
    await manager.getByLabel('E-mail').fill(email);
    await manager.getByRole('button', { name: 'Add', exact: true }).click();
    const shown = manager.getByLabel('Password shown once');
    await expect.poll(() => shown.count()).toBe(1);
    const firstPassword = (await shown.textContent()) ?? '';
    expect(firstPassword).toMatch(/^[A-Za-z2-9]{5}(-[A-Za-z2-9]{5}){3}$/);
    await manager.getByRole('button', { name: 'Done' }).click();
    expect(await manager.getByLabel('Password shown once').count()).toBe(0);
    const row = manager.getByRole('row').filter({ hasText: email });
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('Never');

    const colleague = await (await browser.newContext()).newPage();
    await logIn(colleague, { ...server, email, password: firstPassword });
    await colleague.goto(`${server.baseUrl}/staff`);
    await colleague.getByLabel('Current password').fill('not my password');
    await colleague.getByLabel('New password', { exact: true }).fill('cycling along the danube');
    await colleague.getByLabel('New password again').fill('cycling along the danube');
    await colleague.getByRole('button', { name: 'Change my password' }).click();
    await expect.poll(() => colleague.locator('.change-password .field-error').first().textContent()).toBe('Your current password is not right');
    await colleague.getByLabel('Current password').fill(firstPassword);
    await colleague.getByRole('button', { name: 'Change my password' }).click();
    await expect.poll(() => colleague.getByText('Your password is changed').count()).toBe(1);

    await manager.reload();
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toMatch(/\d{4}/);
    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    await confirmWithOwnPassword(manager, 'Deactivate');
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('Deactivated');

    // The colleague's next request is refused: the app sends them to the login page.
    await colleague.goto(`${server.baseUrl}/tours`);
    await colleague.waitForURL((url) => url.pathname === '/login');
    await colleague.getByLabel('E-mail address').fill(email);
    await colleague.getByLabel('Password').fill('cycling along the danube');
    await colleague.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => colleague.getByRole('alert').textContent()).toBe('There was a problem logging you in');

    await row.getByRole('button', { name: `Reactivate ${email}` }).click();
    await confirm(manager, 'Reactivate');
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('Active');
    await row.getByRole('button', { name: `Reset password of ${email}` }).click();
    await confirmWithOwnPassword(manager, 'Reset password');
    await expect.poll(() => manager.getByLabel('Password shown once').count()).toBe(1);
    const temporary = (await manager.getByLabel('Password shown once').textContent()) ?? '';
    expect(temporary).not.toBe(firstPassword);
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('Active, password reset');

    // The reset password is temporary (issue 30): logged in with it, the colleague can only choose
    // their own, then goes where they were going.
    await colleague.goto(`${server.baseUrl}/tours`);
    await colleague.waitForURL((url) => url.pathname === '/login');
    await colleague.getByLabel('E-mail address').fill(email);
    await colleague.getByLabel('Password').fill(temporary);
    await colleague.getByRole('button', { name: 'Log in' }).click();
    await colleague.waitForURL((url) => url.pathname === '/choose-password');
    await colleague.goto(`${server.baseUrl}/bookings`);
    await colleague.waitForURL((url) => url.pathname === '/choose-password');
    await colleague.getByLabel('Password you were given').fill(temporary);
    await colleague.getByLabel('New password', { exact: true }).fill('pedalling past the vineyards');
    await colleague.getByLabel('New password again').fill('pedalling past the vineyards');
    await colleague.getByRole('button', { name: 'Choose your password' }).click();
    await colleague.waitForURL((url) => url.pathname === '/bookings');

    // Every one of those account actions is in the log, with who did it.
    await manager.reload();
    const log = manager.getByRole('region', { name: 'Account log' });
    const lines = log.getByRole('row').filter({ hasText: email });
    await expect.poll(() => lines.count()).toBeGreaterThanOrEqual(6);
    const actions = (await lines.allTextContents()).join(' | ');
    for (const action of ['added', 'login from a new address', 'password changed', 'deactivated', 'reactivated', 'password reset'])
      expect(actions).toContain(action);
  });
});
