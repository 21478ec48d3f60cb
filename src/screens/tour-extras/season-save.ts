import { notifySuccess } from '../../ui/notify';
import type { SeasonSaveOutcome } from '../../domain/tours/season-data-save';

type RowToasts = { created: (id: number) => string; updated: (id: number) => string; deleted: (id: number) => string };

/**
 * One toast per row a season save deleted, updated or created (SPEC.md section 8). The season
 * save rewrites every row it is sent, so 'Updated' is told only of the rows staff changed.
 */
export function notifySeasonSave(outcome: SeasonSaveOutcome, toasts: RowToasts, changedIds: ReadonlySet<number>): void {
  for (const id of outcome.deleted_ids) notifySuccess(toasts.deleted(id));
  for (const id of outcome.updated_ids) if (changedIds.has(id)) notifySuccess(toasts.updated(id));
  for (const id of outcome.created_ids) notifySuccess(toasts.created(id));
  if (outcome.deleted_ids.length + outcome.created_ids.length === 0 && !outcome.updated_ids.some((id) => changedIds.has(id))) notifySuccess('Saved');
}
