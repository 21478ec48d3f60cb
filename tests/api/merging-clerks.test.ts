import { afterAll, beforeAll, describe, it } from 'vitest';
import { runMergingClerks } from '../helpers/merging-clerks.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 29, the short case in npm test: 4 clerks for 3 s (npm run test:stress runs 60 s,
// tests/stress/merging-clerks.test.ts). MERGING_CLERKS_SECONDS sets it.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('4 clerks saving one season, merging each stale save', () => {
  it('stores every acknowledged cell', async () => {
    await runMergingClerks(t, { clerks: 4, seconds: Number(process.env.MERGING_CLERKS_SECONDS ?? 3), seed: 29 });
  });
});
