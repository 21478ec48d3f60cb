import type { Kysely } from 'kysely';
import type { RollbackResult } from '../../../domain/pricing/price-history.js';
import { findChangeSetOrigin, listChangesOfSet } from '../../db/repositories/price-history-repository.js';
import { lockTourSeasons } from '../../db/repositories/tour-season-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../http-errors.js';
import { openChangeSetId, recordRatesChange } from '../price-history.js';
import { applyRecompute, planRecompute } from '../recompute-tour-seasons.js';
import { ratesTarget } from './rates-targets.js';
import { seasonNames, staleSeasons } from './stale-seasons.js';

/**
 * `POST price-history/{id}/rollback`, inside the caller's transaction: puts back the rates a /pgt
 * change set changed and recomputes every season it touched, all or nothing. Refused with 409,
 * nothing written, when the model or currency or any of the set's rows changed since, naming the
 * seasons; the rollback writes a change set of its own, like any rates change.
 */
export async function rollbackRatesChange(trx: Kysely<Database>, changeSetId: number): Promise<RollbackResult> {
  const set = await findChangeSetOrigin(trx, changeSetId);
  if (!set) throw notFound(`Change set ${changeSetId}`);
  if (set.source !== 'rates') {
    throw badRequest("Only a /pgt rate change is rolled back here: restore a season's own save from its History (Restore these values), then save.");
  }
  if (!set.rates_change) throw badRequest('This change set does not record the rate change behind it, so it cannot be rolled back in one step.');
  const target = await ratesTarget(trx, set.rates_change);
  const changes = await listChangesOfSet(trx, changeSetId);
  // Held until commit: no save of these seasons runs between the check and the write.
  const seasons = [...new Set([...target.tourSeasonIds, ...changes.map((change) => change.tour_season_id)])].sort((a, b) => a - b);
  await lockTourSeasons(trx, seasons);

  const plan = await planRecompute(trx, target.tourSeasonIds, target.overrides);
  const stale = await staleSeasons(trx, changes, plan);
  if (stale.size) {
    throw conflict(`Prices of these seasons changed since this change, so it cannot be rolled back: ${await seasonNames(trx, stale)}. Nothing was changed.`);
  }
  await target.writeBack();
  await applyRecompute(trx, plan);
  await recordRatesChange(trx, target.reversed);
  const written = openChangeSetId(trx);
  if (written === null) throw new Error('A rollback of a change set with rows wrote no change set');
  return { change_set_id: written, seasons: new Set(plan.changes.map((change) => change.tour_season_id)).size, rows: plan.changes.length };
}
