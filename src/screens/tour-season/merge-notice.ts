import { api } from '../../api/api';
import { formatDateTime } from '../../domain/format-date';
import { moneyDigits } from '../../domain/format-money';
import type { MergeConflict } from '../../grid/commands/three-way-merge';
import { askMergeChoices, type MergeConflictRow } from '../../ui/merge-conflict-dialog';
import { mergedMessage } from '../../ui/merge-stale-save';

// What the season tabs say about a merge with someone else's save (issue 29): who saved and when,
// and each conflict as the dialog lists it.

export type LastSave = { who: string; save: string };

/** Who saved the season last and when, from its price history (a save of group fields alone writes none). */
export async function lastSave(tourId: string, seasonId: string): Promise<LastSave> {
  const unknown = { who: 'Someone else', save: "someone else's save" };
  try {
    const [latest] = await api.priceHistory.season({ params: { tourId, seasonId }, query: { page: 1 } });
    if (!latest?.author) return unknown;
    return { who: latest.author, save: `${latest.author}'s save of ${formatDateTime(latest.created_at)}` };
  } catch {
    return unknown;
  }
}

export const mergedSeasonMessage = (last: LastSave, kept: number) => mergedMessage(last.save, kept);

const FIELD_LABELS: Record<string, string> = {
  price: 'Gross',
  non_com: 'Non-com',
  adjustment: 'Adjustment',
  markup_rate_id: 'Commission',
  room_type_id: 'Room',
  accommodation_category_id: 'Accommodation',
  deck_id: 'Deck',
  bike_id: 'Bike',
  nights: 'Nights',
  gallery_id: 'Gallery',
  boat_id: 'Boat',
  group: 'Group',
  date_ranges: 'Dates',
  start: 'Start',
  end: 'End',
  guided: 'Guided',
  tour_route_id: 'Route',
  specific_dates: 'Specific dates',
  restricted_dates: 'Restricted dates',
  restricted_days: 'Restricted days',
  touched: 'Its rows',
};
const MONEY_FIELDS = new Set(['price', 'non_com', 'adjustment']);

/** A merged cell's value as the grid shows it: money with two decimals, a formula with '=', a rate as its percentage. */
export function shownValue(field: string, value: unknown, rateLabel: (id: number) => string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'price' && typeof value === 'string') return `=${value}`;
  if (field === 'markup_rate_id' && typeof value === 'number') return rateLabel(value) ?? `rate ${value}`;
  if (typeof value === 'number') return MONEY_FIELDS.has(field) ? moneyDigits(value) : String(value);
  if (field === 'touched') return value ? 'changed' : 'unchanged';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type ConflictWording<R> = {
  id: string;
  conflict: MergeConflict<R>;
  /** The row or group: 'Row [3]', 'Group 2'. */
  where: string;
  rateLabel: (id: number) => string | undefined;
  what?: 'row' | 'group';
  /** The grid's own name of a column, where the usual ones do not say (a reduction's 'Input min age'). */
  fieldLabel?: (field: string) => string | undefined;
};

/** One conflict as the dialog lists it. */
export function conflictItem<R>({ id, conflict, where, rateLabel, what = 'row', fieldLabel = () => undefined }: ConflictWording<R>): MergeConflictRow {
  if (conflict.kind === 'cell') {
    const shown = (value: unknown) => shownValue(conflict.field, value, rateLabel);
    return {
      path: id,
      label: `${where}, ${fieldLabel(conflict.field) ?? FIELD_LABELS[conflict.field] ?? conflict.field}`,
      base: shown(conflict.base),
      mine: shown(conflict.mine),
      theirs: shown(conflict.theirs),
    };
  }
  const deletedByThem = conflict.kind === 'deleted-by-them';
  return {
    path: id,
    label: `${where}${what === 'group' ? ' and its rows' : ''}`,
    base: 'as loaded',
    mine: deletedByThem ? 'keep it, with your changes' : 'delete it',
    theirs: deletedByThem ? 'delete it (they did)' : 'keep it, with their changes',
  };
}

/** Asks the clerk to decide a grid merge's conflicts in the app's merge dialog; null when cancelled. */
export async function chooseCells(rows: readonly MergeConflictRow[], last: LastSave): Promise<Map<string, 'mine' | 'theirs'> | null> {
  const choices = await askMergeChoices({ whose: last.save, rows, noun: 'cells' });
  return choices && new Map(Object.entries(choices));
}
