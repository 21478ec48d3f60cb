import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RolloverCommitResult, RolloverPreview, RolloverRequestInput } from '../../src/domain/rollover/rollover-request.js';
import { openDatabase } from '../../src/server/db/database.js';
import { copyLargeDemoData } from '../helpers/large-demo-data.js';
import { largestRollover, longestHold } from '../helpers/rollover-load.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// The season roll-over at full size (issue 31): every tour of the large demo data's fullest season
// (300 tours, less the deleted ones) rolled into a new season in one transaction and one change set, with the server's thread
// never held over 100 ms (the roll-over works in chunks and lets the event loop run between them),
// then rolled back. The preview runs first, as a manager's always does.

let folder: string;
let t: TestApp;
let request: RolloverRequestInput;
let tours: number;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'rollover-large-'));
  const dataDir = path.join(folder, 'data');
  await copyLargeDemoData(dataDir);
  t = await createTestApp({}, await openDatabase({ kind: 'embedded', dataDir }));
  ({ request, tours } = await largestRollover(t.db));
}, 1_200_000);
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: t.auth, payload });
const seasonsInTarget = async () => (await t.db.selectFrom('tour_seasons').select('id').where('season_id', '=', request.target_season_id).execute()).length;

/** The preview's counts only: the whole answer (24,000 rows before and after) is let go before the commit is timed, as the server lets it go. */
async function previewSummary(): Promise<{ tours: number; rows: number }> {
  const preview = await post('rollovers/preview', request);
  expect(preview.statusCode, preview.body.slice(0, 500)).toBe(200);
  const shown = preview.json<RolloverPreview>();
  // The commit writes the price rows and copies the reductions.
  return { tours: shown.tours.length, rows: shown.totals.rows + shown.tours.reduce((count, tour) => count + tour.reductions, 0) };
}

describe('rolling the large demo data over', () => {
  it('rolls 300 tours over in one transaction and one change set without holding the thread over 100 ms, and back', async () => {
    // The large demo data's 300 tours, but for the few it marks deleted.
    expect(tours).toBeGreaterThan(280);
    const shown = await previewSummary();
    expect(shown.tours).toBe(tours);
    const setsBefore = (await t.db.selectFrom('price_change_sets').select('id').execute()).length;

    const { result: response, heldMs } = await longestHold(() => post('rollovers', request));
    expect(response.statusCode, response.body.slice(0, 500)).toBe(200);
    const committed = response.json<RolloverCommitResult>();
    // The preview's rows (prices, bikes, variations, reductions) are the commit's.
    expect(committed.rows).toBe(shown.rows);
    expect(committed.tour_seasons).toHaveLength(tours);
    expect((await t.db.selectFrom('price_change_sets').select('id').execute()).length).toBe(setsBefore + 1);
    expect(await seasonsInTarget()).toBe(tours);
    console.log(`Committed ${committed.rows} rows of ${tours} tours; the thread was held at most ${heldMs.toFixed(0)} ms.`);
    expect(heldMs).toBeLessThan(100);

    const rollback = await post(`price-history/${committed.change_set_id}/rollback`);
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(await seasonsInTarget()).toBe(0);
  });
});
