import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eServer, launchBrowser, logInThroughForm } from '../helpers/browser.js';

// Issue 19, headers: every page logged a CSP violation, zod probing whether `new Function` works
// (the policy has no 'unsafe-eval'). The app now tells zod not to try (jitless).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every console message and page error of the page, and every CSP violation its document reports. */
async function watch(page: Page) {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return messages;
}

const cspProblems = (messages: string[]) => messages.filter((message) => /content security policy|csp violation|unsafe-eval|refused to/i.test(message));

describe('the content security policy', () => {
  it('is not violated on the login page or after logging in, so the console stays clean', async () => {
    const { baseUrl } = e2eServer();
    const page = await browser.newPage();
    const messages = await watch(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    // A form validation runs zod's schemas: the probe used to run on first use.
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').waitFor();
    expect(cspProblems(messages)).toEqual([]);

    await logInThroughForm(page);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(cspProblems(messages)).toEqual([]);
    await page.close();
  });
});
