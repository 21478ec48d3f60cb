import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { ROLLOVER_PARTS, type RolloverRequestInput } from '../../src/domain/rollover/rollover-request.js';

/**
 * A season roll-over of every tour of the demo data's season with the most tour seasons into a new
 * season after the last (its own model, a copy of the last season's, and every currency's rate):
 * the largest roll-over the data allows (deleted tours are never rolled). Answers the request and how many tours it takes.
 */
export async function largestRollover(db: Kysely<Database>): Promise<{ request: RolloverRequestInput; tours: number }> {
  const { rows } = await sql<{ season_id: number; tours: number }>`
    SELECT ts.season_id, count(*)::int AS tours FROM tour_seasons ts JOIN tours t ON t.id = ts.tour_id WHERE NOT t.deleted
    GROUP BY ts.season_id ORDER BY count(*) DESC, ts.season_id LIMIT 1`.execute(db);
  const source = rows[0];
  const last = await db.selectFrom('seasons').select(['id', 'name', 'model_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const year = Number(/\d{4}/.exec(last.name)?.[0] ?? 2028) + 1;
  const season = await db
    .insertInto('seasons')
    .values({ name: `${year} roll-over` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await db
    .insertInto('markup_models')
    .values({ name: `Standard ${year}`, season_id: season.id, min_margin_percent: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`INSERT INTO markup_rates (markup_model_id, commission, markup, supplement_markup)
    SELECT ${model.id}, commission, markup, supplement_markup FROM markup_rates WHERE markup_model_id = ${last.model_id}`.execute(db);
  await db.updateTable('seasons').set({ model_id: model.id }).where('id', '=', season.id).execute();
  await sql`INSERT INTO currency_rates (currency_id, season_id, rate)
    SELECT currency_id, ${season.id}, rate * 1.02 FROM currency_rates WHERE season_id = ${last.id}`.execute(db);
  return {
    request: { source_season_id: source.season_id, target_season_id: season.id, uplift_percent: 4, round_to: 5, parts: [...ROLLOVER_PARTS] },
    tours: source.tours,
  };
}

/**
 * The work's answer and the longest the event loop was held while it ran, in ms: the longest gap
 * between ticks of a 1 ms timer, the last one up to the work's end (a hold that never lets the
 * timer run at all is still counted). What a request arriving meanwhile would wait at least.
 */
export async function longestHold<T>(work: () => Promise<T>): Promise<{ result: T; heldMs: number }> {
  let last = performance.now();
  let heldMs = 0;
  const tick = () => {
    const now = performance.now();
    heldMs = Math.max(heldMs, now - last);
    last = now;
  };
  const timer = setInterval(tick, 1);
  try {
    const result = await work();
    tick();
    return { result, heldMs };
  } finally {
    clearInterval(timer);
  }
}
