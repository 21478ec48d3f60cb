import type { Kysely } from 'kysely';
import type { RollbackResult } from '../../../domain/pricing/price-history.js';
import { findChangeSetOrigin } from '../../db/repositories/price-history-repository.js';
import type { Database } from '../../db/schema.js';
import { rollbackRollover } from '../rollover/rollback-rollover.js';
import { rollbackRatesChange } from './rollback-rates-change.js';

/** `POST price-history/{id}/rollback`: a season roll-over's own rollback, or a /pgt rates change's. */
export async function rollbackChangeSet(trx: Kysely<Database>, changeSetId: number): Promise<RollbackResult> {
  const origin = await findChangeSetOrigin(trx, changeSetId);
  if (origin?.source === 'rollover' && origin.rollover) return rollbackRollover(trx, changeSetId, origin.rollover);
  return rollbackRatesChange(trx, changeSetId);
}
