import { sql, type Kysely } from 'kysely';
import type { PricingInputsTourSeason } from '../../../domain/models/season-pricing-inputs.js';
import type { SeasonRate } from '../../../domain/pricing/tour-pricing.js';
import type { Database } from '../schema.js';

// Tour seasons as the pricing claims, locks and reads them.

/** Bumps the tour season's version if it is still `expectedVersion` (holding its row until commit); the new version, or undefined. */
export async function claimTourSeasonVersion(db: Kysely<Database>, tourSeasonId: number, expectedVersion: number): Promise<number | undefined> {
  const row = await db
    .updateTable('tour_seasons')
    .set({ version: sql`version + 1` })
    .where('id', '=', tourSeasonId)
    .where('version', '=', expectedVersion)
    .returning('version')
    .executeTakeFirst();
  return row?.version;
}

/** Bumps the version of the tour season of a tour and season if it is still `expectedVersion`; its id, or undefined. */
export async function claimTourSeasonOf(db: Kysely<Database>, tourId: number, seasonId: number, expectedVersion: number): Promise<number | undefined> {
  const row = await db
    .updateTable('tour_seasons')
    .set({ version: sql`version + 1` })
    .where('tour_id', '=', tourId)
    .where('season_id', '=', seasonId)
    .where('version', '=', expectedVersion)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function tourSeasonExists(db: Kysely<Database>, tourSeasonId: number): Promise<boolean> {
  return (await db.selectFrom('tour_seasons').select('id').where('id', '=', tourSeasonId).executeTakeFirst()) !== undefined;
}

/** The id of the tour season of a tour and season, if the tour runs in that season. */
export async function findTourSeasonIdOf(db: Kysely<Database>, tourId: number, seasonId: number): Promise<number | undefined> {
  const row = await db.selectFrom('tour_seasons').select('id').where('tour_id', '=', tourId).where('season_id', '=', seasonId).executeTakeFirst();
  return row?.id;
}

/** The tour season with its model (and the model's rates), its currency and the currency's rate for the season, in one query. */
export function findPricingContextRow(db: Kysely<Database>, tourSeasonId: number) {
  return db
    .selectFrom('tour_seasons')
    .innerJoin('seasons', 'seasons.id', 'tour_seasons.season_id')
    .leftJoin('markup_models', 'markup_models.id', 'tour_seasons.markup_model_id')
    .leftJoin('currencies', 'currencies.id', 'tour_seasons.currency_id')
    .leftJoin('currency_rates', (join) =>
      join.onRef('currency_rates.currency_id', '=', 'tour_seasons.currency_id').onRef('currency_rates.season_id', '=', 'tour_seasons.season_id'),
    )
    .select([
      'tour_seasons.id',
      'tour_seasons.tour_id',
      'tour_seasons.season_id',
      'tour_seasons.version',
      'tour_seasons.deposit',
      'tour_seasons.live',
      'tour_seasons.markup_model_id',
      'tour_seasons.currency_id',
      'seasons.name as season_name',
      'markup_models.name as model_name',
      'markup_models.min_margin_percent',
      'markup_models.min_profit',
      'currencies.name as currency_name',
      'currencies.symbol as currency_symbol',
      'currency_rates.rate as season_rate',
      // The model's rates as one JSON list (numerics arrive as JSON numbers), highest commission first.
      sql<SeasonRate[]>`(
        SELECT coalesce(json_agg(json_build_object('id', r.id, 'commission', r.commission, 'markup', r.markup, 'supplement_markup', r.supplement_markup)
                         ORDER BY r.commission DESC, r.id), '[]'::json)
        FROM markup_rates r WHERE r.markup_model_id = tour_seasons.markup_model_id
      )`.as('rates'),
    ])
    .where('tour_seasons.id', '=', tourSeasonId)
    .executeTakeFirst();
}

/** The model and the currency's season rate of each of the given tour seasons, in one query. */
export function listMathsInputsOfTourSeasons(db: Kysely<Database>, tourSeasonIds: readonly number[]) {
  return db
    .selectFrom('tour_seasons')
    .leftJoin('currency_rates', (join) =>
      join.onRef('currency_rates.currency_id', '=', 'tour_seasons.currency_id').onRef('currency_rates.season_id', '=', 'tour_seasons.season_id'),
    )
    .select(['tour_seasons.id', 'tour_seasons.season_id', 'tour_seasons.currency_id', 'tour_seasons.markup_model_id', 'currency_rates.rate'])
    .where('tour_seasons.id', 'in', [...tourSeasonIds])
    .execute();
}

/**
 * The season's tour seasons and every other tour season that follows one of the season's models
 * (a model change reprices those too), with their guardrails and currency rates, in id order.
 */
export function listTourSeasonsRepricedBySeason(db: Kysely<Database>, seasonId: number): Promise<PricingInputsTourSeason[]> {
  return (
    db
      .selectFrom('tour_seasons as ts')
      .innerJoin('tours as t', 't.id', 'ts.tour_id')
      .leftJoin('markup_models as m', 'm.id', 'ts.markup_model_id')
      .leftJoin('currency_rates as cr', (join) => join.onRef('cr.currency_id', '=', 'ts.currency_id').onRef('cr.season_id', '=', 'ts.season_id'))
      // As the server's summary names them: the tour code, or the tour's id when it has none.
      .select([
        'ts.id',
        'ts.season_id',
        sql<string>`coalesce(nullif(t.tour_code, ''), 'Tour ' || t.id)`.as('tour_code'),
        'ts.currency_id',
        'ts.markup_model_id',
        'm.min_margin_percent',
        'm.min_profit',
        'cr.rate as currency_rate',
      ])
      .where((eb) =>
        eb.or([
          eb('ts.season_id', '=', seasonId),
          eb('ts.markup_model_id', 'in', eb.selectFrom('markup_models').select('id').where('season_id', '=', seasonId)),
        ]),
      )
      .orderBy('ts.id')
      .execute()
  );
}

/** Bumps the version of each of the tour seasons, whatever it is. */
export async function bumpTourSeasonVersions(db: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<void> {
  await db
    .updateTable('tour_seasons')
    .set({ version: sql`version + 1` })
    .where('id', 'in', [...tourSeasonIds])
    .execute();
}

/** Locks the tour seasons' rows until the transaction ends, in id order (never a deadlock). */
export async function lockTourSeasons(trx: Kysely<Database>, tourSeasonIds: readonly number[]): Promise<void> {
  await trx
    .selectFrom('tour_seasons')
    .select('id')
    .where('id', 'in', [...tourSeasonIds])
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The tour code, tour name and season name of each of the tour seasons, by tour name and season name. */
export function listTourSeasonNames(db: Kysely<Database>, tourSeasonIds: readonly number[]) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .innerJoin('seasons as s', 's.id', 'ts.season_id')
    .select(['t.tour_code', 't.name as tour', 's.name as season'])
    .where('ts.id', 'in', [...tourSeasonIds])
    .orderBy('t.name')
    .orderBy('s.name')
    .execute();
}
