import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { makeImage, uploadImages } from '../helpers/media-test-data.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 19, headers: HSTS and upgrade-insecure-requests broke the app over plain http on a LAN
// (the browser then asks for https, which nothing answers). They are sent only when HTTPS=true.
// The stored images are the public site's pictures, so only they may be embedded cross-origin.

const mediaDir = mkdtempSync(path.join(tmpdir(), 'https-headers-media-'));
const staticDir = mkdtempSync(path.join(tmpdir(), 'https-headers-app-'));
writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>x</title>');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mediaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(staticDir, { recursive: true, force: true });
});

/** The app page and an API answer of a server built with `https` on or off. */
async function answers(https: boolean) {
  const app = await buildApp({ db: t.db, config: { ...t.config, https }, staticDir });
  try {
    return [await app.inject({ method: 'GET', url: '/' }), await app.inject({ method: 'GET', url: '/api/v1/server-info', headers: t.auth })];
  } finally {
    await app.close();
  }
}

describe('HTTPS-only headers', () => {
  it('are not sent over plain http (the default): no HSTS, no upgrade-insecure-requests', async () => {
    for (const answer of await answers(false)) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['strict-transport-security'], answer.body.slice(0, 40)).toBeUndefined();
      expect(String(answer.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    }
  });

  it('are sent when the server is told it runs behind HTTPS', async () => {
    const [page, api] = await answers(true);
    for (const answer of [page, api]) expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(page.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});

describe('Cross-Origin-Resource-Policy', () => {
  it('lets other sites embed the stored images, and keeps everything else same-origin', async () => {
    const [image] = await uploadImages(t, [{ name: 'embed.png', bytes: await makeImage('png', 20, 10) }]);
    const picture = await t.app.inject({ method: 'GET', url: image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    for (const answer of await answers(false)) expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
