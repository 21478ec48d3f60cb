import type { Kysely } from 'kysely';
import type { PriceChange, RollbackResult, RolloverRecord } from '../../../domain/pricing/price-history.js';
import { listChangesOfSet, setRollover } from '../../db/repositories/price-history-repository.js';
import {
  deleteSeasonRows,
  deleteTourSeasons,
  lockTourSeasonVersions,
  restoreSeasonRows,
  setSeasonFields,
  tourSeasonsWithBookings,
  type RolledSeasonFields,
} from '../../db/repositories/rollover-repository.js';
import type { Database } from '../../db/schema.js';
import { badRequest, conflict } from '../../http-errors.js';
import { openChangeSetId, recordChangeSet } from '../price-history.js';
import { seasonNames } from '../rollback/stale-seasons.js';
import { ROLLOVER_CHUNK } from './plan-rollover.js';
import { shareTheThread } from '../../thread-turns.js';

/**
 * The rollback of a 'rollover' change set (issue 31), inside the caller's transaction: removes the
 * tour seasons it created, with every row they hold, puts back the rows and fields of those it
 * replaced, and records that as a change set of its own. Refused with 409, nothing removed, when any of them was changed since (its version moved:
 * every save of a season's rows bumps it), was already removed, or has bookings.
 */
export async function rollbackRollover(trx: Kysely<Database>, changeSetId: number, record: RolloverRecord): Promise<RollbackResult> {
  if (record.rolled_back !== null) throw badRequest('This change set is itself a rollback: roll the season over again instead.');
  const replaced = record.replaced ?? [];
  const written = [...record.created, ...replaced];
  const ids = written.map((season) => season.tour_season_id);
  const versions = await lockTourSeasonVersions(trx, ids);
  const gone = written.filter((season) => !versions.has(season.tour_season_id));
  if (gone.length)
    throw conflict(`This roll-over has already been rolled back, or ${gone.length} of its tour seasons were deleted since. Nothing was changed.`);
  const changed = new Set(written.filter((season) => versions.get(season.tour_season_id) !== season.version).map((season) => season.tour_season_id));
  if (changed.size) {
    throw conflict(
      `Prices of these seasons changed since the roll-over, so it cannot be rolled back: ${await seasonNames(trx, changed)}. Nothing was changed.`,
    );
  }
  // The replaced seasons had none at the commit; a rollback would unset the bikes of any booked since.
  const booked = await tourSeasonsWithBookings(trx, ids);
  if (booked.length) {
    throw conflict(
      `These seasons have bookings since the roll-over, so it cannot be rolled back: ${await seasonNames(trx, new Set(booked))}. Nothing was changed.`,
    );
  }
  // Every change of the set undone: the rows it added removed, those it removed (of replaced seasons) back.
  const reversed: PriceChange[] = (await listChangesOfSet(trx, changeSetId)).map((change) => ({
    tour_season_id: change.tour_season_id,
    kind: change.kind,
    row_id: change.row_id,
    before: change.after,
    after: change.before,
  }));
  // A few tour seasons a statement, with a pass of the event loop between (the embedded database runs on this thread).
  const created = record.created.map((season) => season.tour_season_id);
  for (let start = 0; start < created.length; start += ROLLOVER_CHUNK) {
    if (start > 0) await shareTheThread();
    await deleteTourSeasons(trx, created.slice(start, start + ROLLOVER_CHUNK));
  }
  for (const season of replaced) {
    await shareTheThread();
    await deleteSeasonRows(trx, season.tour_season_id);
    await restoreSeasonRows(trx, season.tables);
    await setSeasonFields(trx, season.tour_season_id, season.fields as RolledSeasonFields);
  }
  await recordChangeSet(trx, 'rollover', reversed);
  const set = openChangeSetId(trx);
  if (set === null) {
    // A roll-over of tours without rows: nothing to record row by row, but the removal is still the rollback's.
    return { change_set_id: changeSetId, seasons: ids.length, rows: 0 };
  }
  await setRollover(trx, set, { label: `Roll back: ${record.label}`, created: [], replaced: [], rolled_back: changeSetId });
  return { change_set_id: set, seasons: ids.length, rows: reversed.length };
}
