import { sql, type Kysely } from 'kysely';
import type { PriceChange, PriceChangeSource, PriceRowKind, RatesChange, RolloverRecord } from '../../../domain/pricing/price-history.js';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';
import { chunksOf } from '../write-chunk.js';

// The price history (issue 22): change sets (one per save that changed stored prices) and their
// changes, one per row. Every list read here is bounded and walks an index.

/** Opens a change set and answers its id. */
export async function insertChangeSet(
  trx: Kysely<Database>,
  values: { user_id: number | null; source: PriceChangeSource; row_count: number; cost_change: number; below_guardrail: number },
): Promise<number> {
  const set = await trx.insertInto('price_change_sets').values(values).returning('id').executeTakeFirstOrThrow();
  return set.id;
}

/** Adds rows, a cost change and rows under the guardrail to an open change set's counts. */
export async function addToChangeSet(trx: Kysely<Database>, setId: number, added: { rows: number; costChange: number; belowGuardrail: number }): Promise<void> {
  await trx
    .updateTable('price_change_sets')
    .set((eb) => ({
      row_count: eb('row_count', '+', added.rows),
      cost_change: eb('cost_change', '+', added.costChange),
      below_guardrail: eb('below_guardrail', '+', added.belowGuardrail),
    }))
    .where('id', '=', setId)
    .execute();
}

/** Adds rows under the guardrail to an open change set's count. */
export async function addBelowGuardrail(trx: Kysely<Database>, setId: number, belowGuardrail: number): Promise<void> {
  await trx
    .updateTable('price_change_sets')
    .set((eb) => ({ below_guardrail: eb('below_guardrail', '+', belowGuardrail) }))
    .where('id', '=', setId)
    .execute();
}

/**
 * Writes the changes into the change set, a chunk of rows a statement (write-chunk.ts), as column
 * arrays (unnest) rather than one parameter per value: the embedded database takes those several
 * times faster (a season roll-over writes tens of thousands).
 */
export async function insertPriceChanges(trx: Kysely<Database>, setId: number, changes: readonly PriceChange[]): Promise<void> {
  for (const chunk of chunksOf(changes)) {
    await sql`
      INSERT INTO price_changes (change_set_id, tour_season_id, kind, row_id, before, after)
      SELECT ${setId}, * FROM unnest(${chunk.map((change) => change.tour_season_id)}::int[], ${chunk.map((change) => change.kind)}::text[],
        ${chunk.map((change) => change.row_id)}::int[], ${chunk.map((change) => JSON.stringify(change.before))}::jsonb[],
        ${chunk.map((change) => JSON.stringify(change.after))}::jsonb[])`.execute(trx);
  }
}

/** What wrote the change set, the rate change behind a 'rates' set and what a 'rollover' set created. */
export function findChangeSetOrigin(db: Kysely<Database>, setId: number) {
  return db.selectFrom('price_change_sets').select(['source', 'rates_change', 'rollover']).where('id', '=', setId).executeTakeFirst();
}

export async function setRollover(trx: Kysely<Database>, setId: number, record: RolloverRecord): Promise<void> {
  await trx
    .updateTable('price_change_sets')
    .set({ rollover: JSON.stringify(record) })
    .where('id', '=', setId)
    .execute();
}

export async function setRatesChange(trx: Kysely<Database>, setId: number, change: RatesChange): Promise<void> {
  await trx
    .updateTable('price_change_sets')
    .set({ rates_change: JSON.stringify(change) })
    .where('id', '=', setId)
    .execute();
}

/** A change set as the history lists it (counts may arrive as text: the driver's bigint and numeric). */
export type ChangeSetSummaryRow = {
  id: number;
  created_at: Date;
  author: string | null;
  source: string;
  row_count: number | string;
  cost_change: number | string;
  below_guardrail: number;
};

/** Pounds changed in a change's cost, summed in pence so the total is exact. */
const costChangeSql = sql<number>`coalesce(round(sum(coalesce((c.after->>'cost')::numeric, 0) - coalesce((c.before->>'cost')::numeric, 0))
  FILTER (WHERE c.kind <> 'reduction'), 2), 0)`;

/**
 * A page of a season's change sets, newest first, with the rows and the cost change within that
 * season; with `kind`, only those that changed rows of that kind, counted over those rows.
 */
export function listSeasonChangeSets(
  db: Kysely<Database>,
  tourSeasonId: number,
  page: { limit: number; offset: number },
  kind?: PriceRowKind,
): Promise<ChangeSetSummaryRow[]> {
  const ofKind = kind === undefined ? sql`` : sql`AND kind = ${kind}`;
  return selectRows(
    db,
    sql<ChangeSetSummaryRow>`
    WITH sets AS (
      SELECT DISTINCT change_set_id FROM price_changes WHERE tour_season_id = ${tourSeasonId} ${ofKind}
      ORDER BY change_set_id DESC LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT s.id, s.created_at, u.email_address AS author, s.source, count(c.id) AS row_count, ${costChangeSql} AS cost_change, s.below_guardrail
    FROM sets JOIN price_change_sets s ON s.id = sets.change_set_id
    JOIN price_changes c ON c.change_set_id = s.id AND c.tour_season_id = ${tourSeasonId} ${kind === undefined ? sql`` : sql`AND c.kind = ${kind}`}
    LEFT JOIN users u ON u.id = s.user_id
    GROUP BY s.id, u.email_address, s.below_guardrail ORDER BY s.id DESC`,
  );
}

/** The changes of a change set in the order written; with `tourSeasonId`, only those within that season. */
export function listChangesOfSet(db: Kysely<Database>, changeSetId: number, tourSeasonId?: number) {
  return db
    .selectFrom('price_changes')
    .select(['tour_season_id', 'kind', 'row_id', 'before', 'after'])
    .where('change_set_id', '=', changeSetId)
    .$if(tourSeasonId !== undefined, (query) => query.where('tour_season_id', '=', tourSeasonId!))
    .orderBy('id')
    .execute();
}

/** A change set with its author's e-mail address; throws when there is none. */
export function findChangeSetSummary(db: Kysely<Database>, changeSetId: number) {
  return db
    .selectFrom('price_change_sets as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 's.row_count', 's.cost_change', 's.below_guardrail'])
    .where('s.id', '=', changeSetId)
    .executeTakeFirstOrThrow();
}

/** How many seasons and rows a whole change set touched. */
export async function countChangeSetSpan(db: Kysely<Database>, changeSetId: number): Promise<{ seasons: number; rows: number }> {
  const span = await db
    .selectFrom('price_changes')
    .select((eb) => [eb.fn.count<string>('tour_season_id').distinct().as('seasons'), eb.fn.countAll<string>().as('rows')])
    .where('change_set_id', '=', changeSetId)
    .executeTakeFirstOrThrow();
  return { seasons: Number(span.seasons), rows: Number(span.rows) };
}

/** Up to `limit` changes of one row of the season, newest first, with their change set's author and time. */
export function listRowChanges(db: Kysely<Database>, tourSeasonId: number, kind: PriceRowKind, rowId: number, limit: number) {
  return db
    .selectFrom('price_changes as c')
    .innerJoin('price_change_sets as s', 's.id', 'c.change_set_id')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 'c.before', 'c.after'])
    .where('c.kind', '=', kind)
    .where('c.row_id', '=', rowId)
    .where('c.tour_season_id', '=', tourSeasonId)
    .orderBy('c.change_set_id', 'desc')
    .limit(limit)
    .execute();
}

/** Which change sets the managers' history shows: by tour, season, author, and days (inclusive, UTC). */
export type ChangeSetFilter = { tourId?: number; seasonId?: number; userId?: number; from?: string; to?: string };

/** A page of the change sets across the business that match the filter, newest first. */
export function listChangeSets(db: Kysely<Database>, filter: ChangeSetFilter, page: { limit: number; offset: number }): Promise<ChangeSetSummaryRow[]> {
  let query = db
    .selectFrom('price_change_sets as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.id', 's.created_at', 'u.email_address as author', 's.source', 's.row_count', 's.cost_change', 's.below_guardrail']);
  if (filter.userId !== undefined) query = query.where('s.user_id', '=', filter.userId);
  if (filter.from !== undefined) query = query.where('s.created_at', '>=', new Date(`${filter.from}T00:00:00Z`));
  if (filter.to !== undefined) query = query.where('s.created_at', '<', new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000));
  if (filter.tourId !== undefined || filter.seasonId !== undefined) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('price_changes as c')
          .innerJoin('tour_seasons as ts', 'ts.id', 'c.tour_season_id')
          .select('c.id')
          .whereRef('c.change_set_id', '=', 's.id')
          .$if(filter.tourId !== undefined, (sub) => sub.where('ts.tour_id', '=', filter.tourId!))
          .$if(filter.seasonId !== undefined, (sub) => sub.where('ts.season_id', '=', filter.seasonId!)),
      ),
    );
  }
  return query.orderBy('s.id', 'desc').limit(page.limit).offset(page.offset).execute();
}
