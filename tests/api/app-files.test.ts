import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// How the server answers for the built app's files. A script named by its content's hash never
// changes, so the browser keeps it and stops asking on every page load; index.html names the
// current scripts, so it is asked for each time. A script of an older build that is gone is a 404.

const staticDir = mkdtempSync(path.join(tmpdir(), 'app-files-'));
mkdirSync(path.join(staticDir, 'assets'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>');
writeFileSync(path.join(staticDir, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
let t: TestApp;
let app: App;
beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ db: t.db, config: t.config, staticDir });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('the built app’s files', () => {
  it('lets the browser keep a hashed script for good', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has the page asked for again on every load, at / and at a deep link', async () => {
    for (const url of ['/', '/tours/12/pricing']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 for a script that is not there, not the page in its place', async () => {
    const answer = await app.inject({ method: 'GET', url: '/assets/pricing-tab-OldHash1.js' });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('serves the tab icon as a picture', async () => {
    const answer = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});
