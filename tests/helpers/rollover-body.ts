import type { BuilderContext } from './valid-request-bodies.js';

/**
 * A roll-over the server accepts: a new season of its own (with a model like an existing one, and
 * every currency's rate), and the first tour with a tour season of a seeded season rolled into it.
 */
export async function rolloverBody({ t, unique }: BuilderContext) {
  const source = await t.db
    .selectFrom('tour_seasons as ts')
    .innerJoin('tours as t', 't.id', 'ts.tour_id')
    .select(['ts.tour_id', 'ts.season_id', 'ts.markup_model_id'])
    .where('t.deleted', '=', false)
    .where('ts.markup_model_id', 'is not', null)
    .orderBy('ts.id')
    .executeTakeFirst();
  if (!source) return null;
  const season = await t.db
    .insertInto('seasons')
    .values({ name: unique('Roll-over target') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const model = await t.db
    .insertInto('markup_models')
    .values({ name: unique('Roll-over model'), season_id: season.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rates = await t.db
    .selectFrom('markup_rates')
    .select(['commission', 'markup', 'supplement_markup'])
    .where('markup_model_id', '=', source.markup_model_id!)
    .execute();
  if (rates.length)
    await t.db
      .insertInto('markup_rates')
      .values(rates.map((rate) => ({ ...rate, markup_model_id: model.id })))
      .execute();
  await t.db.updateTable('seasons').set({ model_id: model.id }).where('id', '=', season.id).execute();
  const currencies = await t.db.selectFrom('currencies').select('id').execute();
  if (currencies.length) {
    await t.db
      .insertInto('currency_rates')
      .values(currencies.map((currency) => ({ currency_id: currency.id, season_id: season.id, rate: 1.15 })))
      .execute();
  }
  return {
    kind: 'json' as const,
    value: { source_season_id: source.season_id, target_season_id: season.id, tour_ids: [source.tour_id], uplift_percent: 4, round_to: 5 },
  };
}
