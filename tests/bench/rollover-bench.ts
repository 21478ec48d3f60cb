// A season roll-over (issue 31: "300 tours preview in under 2 s"), on the embedded database with
// the real server in this process (Fastify inject): every tour of the large demo data's fullest
// season rolled into a new season after the last. Measured: the preview (median of the runs), the
// commit (one transaction, one change set) with the longest the event loop was held meanwhile,
// and the rollback. When quick: the demo data, one preview.

import { buildApp } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import { readConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/database.js';
import type { RolloverCommitResult, RolloverPreview } from '../../src/domain/rollover/rollover-request.js';
import { largestRollover, longestHold } from '../helpers/rollover-load.js';
import { benchData, benchDataName, type BenchOptions } from './bench-options';
import type { BenchRow } from './bench-table';
import { median } from './bench-server';

const PREVIEWS = { full: 5, quick: 1 };

export async function runRolloverBench(options: BenchOptions): Promise<BenchRow[]> {
  const { log } = options;
  const data = await benchData(options);
  const database = await openDatabase({ kind: 'embedded', dataDir: data.dataDir });
  const app = await buildApp({ db: database.db, changes: database.changes, config: readConfig({}) });
  await app.ready();
  try {
    const userId = await upsertStaffUser(database.db, 'bench@example.test', 'bench password long enough');
    const headers = { authorization: `Bearer ${await createSession(database.db, userId)}` };
    const call = async <T>(url: string, payload?: object): Promise<T> => {
      const response = await app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload });
      if (response.statusCode !== 200) throw new Error(`POST ${url}: ${response.statusCode} ${response.body.slice(0, 500)}`);
      return response.json<T>();
    };
    const { request, tours } = await largestRollover(database.db);
    const timings: number[] = [];
    let totals: RolloverPreview['totals'] | null = null;
    for (let run = 0; run < PREVIEWS[options.size]; run += 1) {
      const started = performance.now();
      // Only the totals are kept: the whole answer is let go before the commit is timed, as the server lets it go.
      totals = (await call<RolloverPreview>('rollovers/preview', request)).totals;
      timings.push(performance.now() - started);
    }
    const previewMs = median(timings);
    if (totals === null) throw new Error('No preview ran');
    const commitStarted = performance.now();
    const { result: committed, heldMs } = await longestHold(() => call<RolloverCommitResult>('rollovers', request));
    const commitMs = performance.now() - commitStarted;
    const rollbackStarted = performance.now();
    await call(`price-history/${committed.change_set_id}/rollback`);
    const rollbackMs = performance.now() - rollbackStarted;
    log(
      `Roll-over of ${tours} tours (${totals.rows.toLocaleString('en-GB')} rows, ${totals.below_guardrail} under the guardrail) of ` +
        `${benchDataName(options)}: preview ${previewMs.toFixed(0)} ms (median of ${timings.length}), commit ${commitMs.toFixed(0)} ms ` +
        `(${committed.rows.toLocaleString('en-GB')} rows in one change set; event loop held at most ${heldMs.toFixed(0)} ms), ` +
        `rollback ${rollbackMs.toFixed(0)} ms.`,
    );
    return [
      {
        name: `roll-over preview of ${tours} tours (${totals.rows.toLocaleString('en-GB')} rows) of ${benchDataName(options)} (compared: its commit)`,
        ms: previewMs,
        comparedMs: commitMs,
        ratio: previewMs / commitMs,
        target: options.size === 'full' ? '< 2000 ms' : undefined,
      },
      {
        name: `roll-over commit: longest hold of the event loop (compared: the whole commit)`,
        ms: heldMs,
        comparedMs: commitMs,
        ratio: heldMs / commitMs,
        target: options.size === 'full' ? '< 100 ms' : undefined,
      },
    ];
  } finally {
    await app.close();
    await database.close();
    data.remove();
  }
}
