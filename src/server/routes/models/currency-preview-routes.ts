import { bulkPricingEndpoints } from '../../../domain/contract/models.js';
import type { Api, AppContext } from '../../api-types.js';
import { findCurrencyId, tourSeasonsOfCurrency } from '../../db/repositories/currency-repository.js';
import { notFound } from '../../http-errors.js';
import { planRecompute } from '../../pricing/recompute-tour-seasons.js';
import { currencyRateKey } from '../../pricing/season-maths-inputs.js';
import { registerEndpoint } from '../register-endpoint.js';
import { summarisePlan } from './summarise-plan.js';

/**
 * `POST currencies/{id}/{season_id}/preview {rate}`: what `PUT currencies/{id}/{season_id}` with
 * this rate would rewrite, computed by the same plan the save applies, without writing.
 */
export function registerCurrencyPreviewRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, bulkPricingEndpoints.currencyPreview, async (request) => {
    const started = performance.now();
    const { currencyId, seasonId } = request.params;
    const currency = await findCurrencyId(db, currencyId);
    if (!currency) throw notFound('Currency');
    const tourSeasonIds = await tourSeasonsOfCurrency(db, currencyId, seasonId);
    const plan = await planRecompute(db, tourSeasonIds, { currencyRates: new Map([[currencyRateKey(currencyId, seasonId), request.body.rate]]) });
    return summarisePlan(db, plan, tourSeasonIds, 0, started);
  });
}
