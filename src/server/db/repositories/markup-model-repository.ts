import { sql, type Kysely } from 'kysely';
import type { MarkupRateInput } from '../../../domain/models/markup-model.js';
import { PRICE_LIST_TABLES } from '../../pricing/price-lists.js';
import { deleteByIds } from '../delete-by-ids.js';
import type { Database } from '../schema.js';
import { selectRows } from '../select-rows.js';

export type ModelFilter = { seasonId?: number; modelId?: number };

type RateValues = Pick<MarkupRateInput, 'commission' | 'markup' | 'supplement_markup'>;

const PRICE_TABLES = Object.values(PRICE_LIST_TABLES);

/** The models (without rates) by season, name and id; of one season or one model when asked. */
export function listMarkupModelRows(db: Kysely<Database>, filter: ModelFilter) {
  let query = db
    .selectFrom('markup_models')
    .select(['id', 'name', 'season_id', 'version', 'min_margin_percent', 'min_profit'])
    .orderBy('season_id')
    .orderBy('name')
    .orderBy('id');
  if (filter.seasonId !== undefined) query = query.where('season_id', '=', filter.seasonId);
  if (filter.modelId !== undefined) query = query.where('id', '=', filter.modelId);
  return query.execute();
}

/** The rates of the given models, in id order (the order they were added). */
export function listRatesOfModels(db: Kysely<Database>, modelIds: readonly number[]) {
  return db
    .selectFrom('markup_rates')
    .select(['id', 'markup_model_id', 'commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', 'in', [...modelIds])
    .orderBy('id')
    .execute();
}

export async function insertMarkupModel(
  trx: Kysely<Database>,
  values: { name: string; season_id: number; min_margin_percent: number | null; min_profit: number | null },
): Promise<number> {
  return (await trx.insertInto('markup_models').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** Adds rates to a model, all in one statement. */
export async function insertMarkupRates(trx: Kysely<Database>, modelId: number, rates: readonly RateValues[]): Promise<void> {
  await trx
    .insertInto('markup_rates')
    .values(rates.map((rate) => ({ ...rate, markup_model_id: modelId })))
    .execute();
}

/** Adds one rate to a model and returns its id. */
export async function insertMarkupRate(trx: Kysely<Database>, modelId: number, rate: RateValues): Promise<number> {
  const { commission, markup, supplement_markup } = rate;
  const inserted = await trx
    .insertInto('markup_rates')
    .values({ markup_model_id: modelId, commission, markup, supplement_markup })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** Adds the default rate (0, 0, 0) to a model. */
export function insertDefaultMarkupRate(trx: Kysely<Database>, modelId: number) {
  return trx
    .insertInto('markup_rates')
    .values({ markup_model_id: modelId, commission: 0, markup: 0, supplement_markup: 0 })
    .returning(['id', 'commission', 'markup', 'supplement_markup'])
    .executeTakeFirstOrThrow();
}

export async function updateMarkupRate(trx: Kysely<Database>, rateId: number, rate: RateValues): Promise<void> {
  const { commission, markup, supplement_markup } = rate;
  await trx.updateTable('markup_rates').set({ commission, markup, supplement_markup }).where('id', '=', rateId).execute();
}

/** Deletes the rates; no stored price, bike or extra variation may point at them (a foreign key refuses it). */
export async function deleteMarkupRates(trx: Kysely<Database>, rateIds: readonly number[]): Promise<void> {
  await deleteByIds(trx, 'markup_rates', rateIds);
}

/** Bumps the model's version whatever it is. */
export async function bumpMarkupModelVersion(trx: Kysely<Database>, modelId: number): Promise<void> {
  await trx
    .updateTable('markup_models')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', modelId)
    .execute();
}

/**
 * Writes the model's own fields and bumps its version when it is still `edit.version` (holding its
 * row until commit); false when stale or missing.
 */
export async function claimMarkupModel(
  trx: Kysely<Database>,
  seasonId: number,
  modelId: number,
  edit: { name: string; min_margin_percent: number | null; min_profit: number | null; version: number },
): Promise<boolean> {
  const claimed = await trx
    .updateTable('markup_models')
    .set({ name: edit.name, min_margin_percent: edit.min_margin_percent, min_profit: edit.min_profit, version: sql`version + 1` })
    .where('id', '=', modelId)
    .where('season_id', '=', seasonId)
    .where('version', '=', edit.version)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) !== 0;
}

/** The model's id when it exists in that season. */
export function findMarkupModelOfSeason(db: Kysely<Database>, seasonId: number, modelId: number) {
  return db.selectFrom('markup_models').select('id').where('id', '=', modelId).where('season_id', '=', seasonId).executeTakeFirst();
}

/** The model's name; throws when there is no such model. */
export function findMarkupModelName(db: Kysely<Database>, modelId: number) {
  return db.selectFrom('markup_models').select('name').where('id', '=', modelId).executeTakeFirstOrThrow();
}

/** The model's id, its row locked until the transaction ends. */
export function lockMarkupModel(trx: Kysely<Database>, modelId: number) {
  return trx.selectFrom('markup_models').select('id').where('id', '=', modelId).forUpdate().executeTakeFirst();
}

/** How many tour seasons the model prices. */
export function countTourSeasonsOfModel(db: Kysely<Database>, modelId: number) {
  return db
    .selectFrom('tour_seasons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('markup_model_id', '=', modelId)
    .executeTakeFirstOrThrow();
}

/** Deletes the model with its rates, after unsetting it as any season's default model. */
export async function deleteMarkupModel(trx: Kysely<Database>, modelId: number): Promise<void> {
  await trx.updateTable('seasons').set({ model_id: null }).where('model_id', '=', modelId).execute();
  // Prices of other seasons cannot point at these rates; a foreign key refuses it if one does (409).
  await trx.deleteFrom('markup_rates').where('markup_model_id', '=', modelId).execute();
  await trx.deleteFrom('markup_models').where('id', '=', modelId).execute();
}

/** Tour seasons whose stored prices follow this model. */
export async function tourSeasonsOfModel(db: Kysely<Database>, modelId: number): Promise<number[]> {
  const rows = await db.selectFrom('tour_seasons').select('id').where('markup_model_id', '=', modelId).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The removed rates that any stored price, bike or extra variation still points at. */
export async function ratesInUse(db: Kysely<Database>, rateIds: readonly number[]): Promise<Set<number>> {
  if (rateIds.length === 0) return new Set();
  const probes = PRICE_TABLES.map(
    (table) => sql<{ id: number }>`SELECT DISTINCT markup_rate_id AS id FROM ${sql.table(table)} WHERE markup_rate_id = ANY(${[...rateIds]}::int[])`,
  );
  const rows = await selectRows(db, sql<{ id: number }>`${sql.join(probes, sql` UNION `)}`);
  return new Set(rows.map((row) => row.id));
}

/** Points every row of a removed rate at its replacement; returns how many rows moved. */
export async function moveRates(db: Kysely<Database>, moves: ReadonlyMap<number, number>): Promise<number> {
  if (moves.size === 0) return 0;
  const from = [...moves.keys()];
  const to = [...moves.values()];
  let moved = 0;
  for (const table of PRICE_TABLES) {
    const result = await sql`
      UPDATE ${sql.table(table)} AS t SET markup_rate_id = m.to_id
      FROM unnest(${from}::int[], ${to}::int[]) AS m(from_id, to_id)
      WHERE t.markup_rate_id = m.from_id`.execute(db);
    moved += Number(result.numAffectedRows ?? 0);
  }
  return moved;
}

/** How many rows `moveRates` would move, for the preview. */
export async function countRateMoves(db: Kysely<Database>, rateIds: readonly number[]): Promise<number> {
  if (rateIds.length === 0) return 0;
  const counts = PRICE_TABLES.map(
    (table) => sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE markup_rate_id = ANY(${[...rateIds]}::int[])`,
  );
  const rows = await selectRows(db, sql<{ n: number }>`${sql.join(counts, sql` UNION ALL `)}`);
  return rows.reduce((total, row) => total + row.n, 0);
}

/** The names of the given models. */
export function listModelNames(db: Kysely<Database>, modelIds: readonly number[]) {
  return db
    .selectFrom('markup_models')
    .select(['id', 'name'])
    .where('id', 'in', [...modelIds])
    .execute();
}

/** The season of each of the given models. */
export function listModelSeasons(db: Kysely<Database>, modelIds: readonly number[]) {
  return db
    .selectFrom('markup_models')
    .select(['id', 'season_id'])
    .where('id', 'in', [...modelIds])
    .execute();
}
