import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

/** The season's id when it exists. */
export function findSeasonId(db: Kysely<Database>, seasonId: number) {
  return db.selectFrom('seasons').select('id').where('id', '=', seasonId).executeTakeFirst();
}

/** The season's name and defaults (model, currency). */
export function findSeasonSummary(db: Kysely<Database>, seasonId: number) {
  return db.selectFrom('seasons').select(['id', 'name', 'model_id', 'currency_id']).where('id', '=', seasonId).executeTakeFirst();
}

/** The tours (not deleted) that run in the season, with their tour season's model and currency, by tour code and name. */
export function listToursOfSeason(db: Kysely<Database>, seasonId: number) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .select(['t.id', 't.tour_code', 't.name', 'ts.id as tour_season_id', 'ts.markup_model_id', 'ts.currency_id'])
    .where('ts.season_id', '=', seasonId)
    .where('t.deleted', '=', false)
    .orderBy('t.tour_code')
    .orderBy('t.name')
    .execute();
}

/** The tour id and tour code of each of the given tour seasons. */
export function listTourCodesOfTourSeasons(db: Kysely<Database>, tourSeasonIds: readonly number[]) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .select(['ts.id', 't.id as tour_id', 't.tour_code'])
    .where('ts.id', 'in', [...tourSeasonIds])
    .execute();
}

/** The stored margin guardrail of each tour season's markup model. */
export function listGuardrailsOfTourSeasons(db: Kysely<Database>, tourSeasonIds: readonly number[]) {
  return db
    .selectFrom('tour_seasons as ts')
    .innerJoin('markup_models as m', 'm.id', 'ts.markup_model_id')
    .select(['ts.id', 'm.min_margin_percent', 'm.min_profit'])
    .where('ts.id', 'in', [...tourSeasonIds])
    .execute();
}

/** Every season with its defaults, by name. */
export function listSeasons(db: Kysely<Database>) {
  return db.selectFrom('seasons').select(['id', 'name', 'model_id', 'currency_id']).orderBy('name').orderBy('id').execute();
}

/** The names of the given seasons, in id order. */
export function listSeasonNames(db: Kysely<Database>, seasonIds: readonly number[]) {
  return db
    .selectFrom('seasons')
    .select('name')
    .where('id', 'in', [...seasonIds])
    .orderBy('id')
    .execute();
}
