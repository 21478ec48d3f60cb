import type { Kysely } from 'kysely';
import type { SeasonPricingInputs } from '../../domain/models/season-pricing-inputs.js';
import { PRICE_LIST_NAMES } from '../../domain/pricing/price-lists.js';
import { listRatesOfModels } from '../db/repositories/markup-model-repository.js';
import { priceListColumnsJson } from '../db/repositories/price-list-repository.js';
import { findSeasonId } from '../db/repositories/season-repository.js';
import { listTourSeasonsRepricedBySeason } from '../db/repositories/tour-season-repository.js';
import type { Database } from '../db/schema.js';

/**
 * SeasonPricingInputs of a season as JSON text, ready to send: the season's tour seasons and
 * any other tour season that follows one of the season's models (a model change reprices those
 * too), their models' rates, and their stored rows. Null when the season does not exist.
 */
export async function loadSeasonPricingInputsJson(db: Kysely<Database>, seasonId: number): Promise<string | null> {
  const season = await findSeasonId(db, seasonId);
  if (!season) return null;
  const tourSeasons = await listTourSeasonsRepricedBySeason(db, seasonId);
  const ids = tourSeasons.map((row) => row.id);
  const modelIds = [...new Set(tourSeasons.flatMap((row) => (row.markup_model_id === null ? [] : [row.markup_model_id])))];
  const rates = modelIds.length ? await listRatesOfModels(db, modelIds) : [];
  const lists: string[] = [];
  for (const list of PRICE_LIST_NAMES) lists.push(`${JSON.stringify(list)}:${await priceListColumnsJson(db, list, ids)}`);
  const head: Omit<SeasonPricingInputs, 'lists'> = { season_id: seasonId, tour_seasons: tourSeasons, rates };
  return `${JSON.stringify(head).slice(0, -1)},"lists":{${lists.join(',')}}}`;
}
