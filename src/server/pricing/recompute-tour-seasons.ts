import { sql, type Kysely } from 'kysely';
import { evaluatePriceRows } from '../../formulas/evaluate-price-rows.js';
import { isPriceRowError, type PriceRowValues } from '../../formulas/price-rows.js';
import type { Database } from '../db/schema.js';
import { loadPriceList, type StoredPriceRow } from './load-price-list.js';
import { PRICE_LIST_KINDS, PRICE_LIST_TABLES, type PriceListName } from './price-lists.js';
import { loadSeasonMathsInputs, type MathsOverrides } from './season-maths-inputs.js';

const LISTS = Object.keys(PRICE_LIST_KINDS) as PriceListName[];

/** One stored row whose computed values would change, with before and after. */
export type RowChange = { list: PriceListName; id: number; tour_season_id: number; before: StoredPriceRow; after: PriceRowValues };

export type RecomputePlan = { changes: RowChange[]; rowsChecked: number; formulaErrors: number };

/**
 * Works out, without writing, which stored rows of these tour seasons change when their maths
 * inputs are what the database holds now (or the proposed overrides). Rows whose formula cannot be
 * evaluated are counted and left as they are: a rate change must not fail on an old bad formula.
 */
export async function planRecompute(db: Kysely<Database>, tourSeasonIds: number[], overrides: MathsOverrides = {}): Promise<RecomputePlan> {
  const inputs = await loadSeasonMathsInputs(db, tourSeasonIds, overrides);
  const plan: RecomputePlan = { changes: [], rowsChecked: 0, formulaErrors: 0 };
  for (const list of LISTS) {
    const rows = await loadPriceList(db, list, tourSeasonIds);
    plan.rowsChecked += rows.length;
    for (const seasonRows of groupBySeason(rows)) {
      const season = inputs.get(seasonRows[0].tour_season_id);
      if (!season) continue;
      const outcomes = evaluatePriceRows(seasonRows, season.rates, season.currencyRate, PRICE_LIST_KINDS[list]);
      outcomes.forEach((outcome, index) => {
        if (isPriceRowError(outcome)) {
          plan.formulaErrors++;
          return;
        }
        const before = seasonRows[index];
        if (outcome.net !== before.net || outcome.cost !== before.cost || outcome.gross !== before.gross) {
          plan.changes.push({ list, id: before.id, tour_season_id: before.tour_season_id, before, after: outcome });
        }
      });
    }
  }
  return plan;
}

/** Writes a plan's new gross, net and cost, a few statements per list whatever the row count. */
export async function applyRecompute(db: Kysely<Database>, plan: RecomputePlan): Promise<void> {
  for (const list of LISTS) {
    const changes = plan.changes.filter((change) => change.list === list);
    for (let start = 0; start < changes.length; start += 10_000) {
      const chunk = changes.slice(start, start + 10_000);
      await sql`
        UPDATE ${sql.table(PRICE_LIST_TABLES[list])} AS t
        SET gross = v.gross, net = v.net, cost = v.cost
        FROM unnest(${chunk.map((change) => change.id)}::int[], ${chunk.map((change) => change.after.gross)}::numeric[],
                    ${chunk.map((change) => change.after.net)}::numeric[], ${chunk.map((change) => change.after.cost)}::numeric[])
          AS v(id, gross, net, cost)
        WHERE t.id = v.id`.execute(db);
    }
  }
  const seasons = [...new Set(plan.changes.map((change) => change.tour_season_id))];
  // Stored prices changed under anyone who has the season open: their next save must reload.
  if (seasons.length) await db.updateTable('tour_seasons').set({ version: sql`version + 1` }).where('id', 'in', seasons).execute();
}

/** Recomputes and stores every affected row of these tour seasons; returns how many changed. */
export async function recomputeTourSeasons(db: Kysely<Database>, tourSeasonIds: number[]): Promise<RecomputePlan> {
  const plan = await planRecompute(db, tourSeasonIds);
  await applyRecompute(db, plan);
  return plan;
}

function groupBySeason(rows: StoredPriceRow[]): StoredPriceRow[][] {
  const groups: StoredPriceRow[][] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last && last[0].tour_season_id === row.tour_season_id) last.push(row);
    else groups.push([row]);
  }
  return groups;
}
