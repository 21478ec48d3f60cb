import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMergingClerks } from '../helpers/merging-clerks.js';
import { stressCount } from '../helpers/stress-counts.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Issue 29: 4 simulated clerks saving random edits of their own rows to one season for 60 s
// (MERGING_CLERKS_SECONDS), each stale save merged and sent again: every acknowledged cell is stored.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('4 clerks on one season for a minute', () => {
  it('stores every acknowledged cell, through hundreds of merges', async () => {
    const seed = Number(process.env.MERGING_CLERKS_SEED ?? Date.now() % 100_000);
    console.log(`merging clerks: seed ${seed} (MERGING_CLERKS_SEED=${seed} reruns it)`);
    const run = await runMergingClerks(t, { clerks: 4, seconds: stressCount('mergingClerksSeconds'), seed });
    console.log(`merging clerks: ${run.saves} saves, ${run.merges} merges, ${run.cells} cells acknowledged`);
    expect(run.saves).toBeGreaterThan(0);
  });
});
