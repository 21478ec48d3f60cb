import type { Kysely } from 'kysely';
import type { RatesChange, RateValues } from '../../../domain/pricing/price-history.js';
import {
  bumpCurrencyVersion,
  findCurrencySeasonRate,
  lockCurrency,
  tourSeasonsOfCurrency,
  upsertCurrencySeasonRate,
} from '../../db/repositories/currency-repository.js';
import {
  bumpMarkupModelVersion,
  findMarkupModelName,
  listRatesOfModels,
  lockMarkupModel,
  tourSeasonsOfModel,
  updateMarkupRate,
} from '../../db/repositories/markup-model-repository.js';
import { listSeasonNames } from '../../db/repositories/season-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict } from '../../http-errors.js';
import { currencyRateKey, type MathsOverrides } from '../season-maths-inputs.js';

/**
 * What a rollback does to the inputs of a rates change: the model or currency, locked and checked
 * to be as the change left it, the tour seasons that price with it, the before values as the
 * recompute's overrides, and the write that puts them back.
 */
export type RatesTarget = {
  tourSeasonIds: number[];
  overrides: MathsOverrides;
  writeBack(): Promise<void>;
  /** The rollback as a rates change of its own (so it can be rolled back too). */
  reversed: RatesChange;
};

const sameRate = (a: RateValues, b: RateValues) =>
  a.id === b.id && a.commission === b.commission && a.markup === b.markup && a.supplement_markup === b.supplement_markup;
const ids = (rates: readonly RateValues[]) =>
  rates
    .map((rate) => rate.id)
    .sort((a, b) => a - b)
    .join(',');

async function modelTarget(trx: Kysely<Database>, change: Extract<RatesChange, { kind: 'model' }>): Promise<RatesTarget> {
  // Only a change of rate values is undone by writing values back; one that added or removed rates
  // moved rows between rates too, which a recompute cannot reverse.
  if (ids(change.rates_before) !== ids(change.rates_after)) {
    throw badRequest('This change added or removed rates of the model: it cannot be rolled back in one step. Edit the model on /pgt instead.');
  }
  if (!(await lockMarkupModel(trx, change.model_id))) throw conflict('The markup model of this change has been deleted since.');
  const current = await listRatesOfModels(trx, [change.model_id]);
  const after = new Map(change.rates_after.map((rate) => [rate.id, rate]));
  if (current.length !== after.size || current.some((rate) => !after.has(rate.id) || !sameRate(rate, after.get(rate.id)!))) {
    const model = await findMarkupModelName(trx, change.model_id);
    throw conflict(`The markup model "${model.name}" has changed since this change: its rates are no longer the ones it set. Nothing was rolled back.`);
  }
  return {
    tourSeasonIds: await tourSeasonsOfModel(trx, change.model_id),
    overrides: { rates: new Map(change.rates_before.map(({ id, ...values }) => [id, values])) },
    async writeBack() {
      for (const rate of change.rates_before) if (!sameRate(rate, after.get(rate.id)!)) await updateMarkupRate(trx, rate.id, rate);
      await bumpMarkupModelVersion(trx, change.model_id);
    },
    reversed: { ...change, rates_before: change.rates_after, rates_after: change.rates_before },
  };
}

async function currencyTarget(trx: Kysely<Database>, change: Extract<RatesChange, { kind: 'currency' }>): Promise<RatesTarget> {
  const seasonNames = async (seasonIds: number[]) => (await listSeasonNames(trx, seasonIds)).map((season) => season.name).join(', ');
  const unset = change.rates.filter((rate) => rate.before === null);
  // Without a rate the rows kept their stored cost; removing the rate would not bring that back.
  if (unset.length) {
    const names = await seasonNames(unset.map((rate) => rate.season_id));
    throw badRequest(`The currency had no rate for ${names} before this change: it cannot be rolled back in one step.`);
  }
  const locked = await lockCurrency(trx, change.currency_id);
  if (!locked) throw conflict('The currency of this change has been deleted since.');
  const moved = [];
  for (const rate of change.rates) if ((await findCurrencySeasonRate(trx, change.currency_id, rate.season_id)) !== rate.after) moved.push(rate.season_id);
  if (moved.length) {
    const names = await seasonNames(moved);
    throw conflict(`The ${locked.name} rate for ${names} has changed since this change. Nothing was rolled back.`);
  }
  const tourSeasonIds = new Set<number>();
  for (const rate of change.rates) for (const id of await tourSeasonsOfCurrency(trx, change.currency_id, rate.season_id)) tourSeasonIds.add(id);
  return {
    tourSeasonIds: [...tourSeasonIds].sort((a, b) => a - b),
    overrides: { currencyRates: new Map(change.rates.map((rate) => [currencyRateKey(change.currency_id, rate.season_id), rate.before!])) },
    async writeBack() {
      for (const rate of change.rates) await upsertCurrencySeasonRate(trx, change.currency_id, rate.season_id, rate.before!);
      await bumpCurrencyVersion(trx, change.currency_id);
    },
    reversed: { ...change, rates: change.rates.map((rate) => ({ season_id: rate.season_id, before: rate.after, after: rate.before! })) },
  };
}

/** The model or currency a rates change changed, locked and checked, ready to be put back. */
export const ratesTarget = (trx: Kysely<Database>, change: RatesChange): Promise<RatesTarget> =>
  change.kind === 'model' ? modelTarget(trx, change) : currencyTarget(trx, change);
