import type { Kysely } from 'kysely';
import { rateInSeason } from '../../domain/pricing/copied-rate.js';
import { listRatesOfModels } from '../db/repositories/markup-model-repository.js';
import { moveRatesOfTourSeason, type RateMap } from '../db/repositories/price-list-repository.js';
import type { Database } from '../db/schema.js';

/**
 * When a tour season changes pricing model, its rows still name the old model's rates, which the
 * new model does not have: priced as they stand they would all be "no such commission rate". Each
 * row moves to the new model's rate with the same commission (as Copy From does); a row whose
 * commission the new model lacks keeps its rate, and with it its stored cost, for staff to choose.
 * Runs in the caller's transaction, before the recompute.
 */
export async function remapSeasonRates(db: Kysely<Database>, tourSeasonId: number, fromModelId: number, toModelId: number): Promise<void> {
  const rates = await listRatesOfModels(db, [fromModelId, toModelId]);
  const from = rates.filter((rate) => rate.markup_model_id === fromModelId);
  const to = rates.filter((rate) => rate.markup_model_id === toModelId);
  const map: RateMap = { from: [], to: [] };
  for (const rate of from) {
    const target = rateInSeason(rate.id, from, to);
    if (target === null || target === rate.id) continue;
    map.from.push(rate.id);
    map.to.push(target);
  }
  if (map.from.length === 0) return;
  await moveRatesOfTourSeason(db, tourSeasonId, map);
}
