import type { RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { pricingQueries } from '../../api/pricing-queries';
import { formatDateTime } from '../../domain/format-date';
import { moneyDigits } from '../../domain/format-money';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { MergeConflictItem, MergeSide } from '../../ui/merge-conflicts-dialog';
import { notifySuccess } from '../../ui/notify';
import { conflictKey, mergeSeasonPricing, type SeasonConflict, type SeasonMerge } from './merge-season-pricing';
import type { PriceGroup, PricingRow } from './price-groups';

type PricingLayout = { groups: PriceGroup[]; removedGroupIds: number[] };

export type RebaseSeasonOptions = {
  tourId: string;
  seasonId: string;
  model: PriceGridModel<PricingRow, PricingLayout>;
  /** The season as the clerk loaded it or last saved it; the rebase moves it on to what is stored now. */
  loadedPricing: RefObject<SeasonPricing>;
  choose: (items: readonly MergeConflictItem[], who: string) => Promise<Map<string, MergeSide> | null>;
  rateLabel: (rateId: number) => string | undefined;
  /** The stored season, staged, after a rebase: the rows' groups as loaded. */
  onRebased: (stored: SeasonMerge['stored']) => void;
};

const FIELD_LABELS: Record<string, string> = {
  price: 'Gross',
  non_com: 'Non-com',
  adjustment: 'Adjustment',
  markup_rate_id: 'Commission',
  room_type_id: 'Room',
  accommodation_category_id: 'Accommodation',
  deck_id: 'Deck',
  group: 'Group',
  date_ranges: 'Dates',
  start: 'Start',
  end: 'End',
  nights: 'Nights',
  guided: 'Guided',
  boat_id: 'Boat',
  tour_route_id: 'Route',
  specific_dates: 'Specific dates',
  restricted_dates: 'Restricted dates',
  restricted_days: 'Restricted days',
  touched: 'Its rows',
};

/** Who saved last and when, from the season's price history (a save of group fields alone writes none). */
async function lastSave(tourId: string, seasonId: string): Promise<{ who: string; save: string }> {
  const unknown = { who: 'Someone else', save: 'someone else’s save' };
  try {
    const [latest] = await api.priceHistory.season({ params: { tourId, seasonId }, query: { page: 1 } });
    if (!latest?.author) return unknown;
    return { who: latest.author, save: `${latest.author}’s save of ${formatDateTime(latest.created_at)}` };
  } catch {
    return unknown;
  }
}

/**
 * The pricing tab's answer to a stale save (issue 29): read the season as stored now, merge the
 * staged groups and rows onto it, ask about conflicts, and stage the result on the stored season
 * as the grid's new baseline (one undoable edit, so Ctrl+Z shows theirs alone). Resolves with the
 * stored version to save at, or null when the clerk cancelled (the grid is left as it was).
 */
export function useRebaseSeason(options: RebaseSeasonOptions): () => Promise<number | null> {
  const queryClient = useQueryClient();
  const { tourId, seasonId, model } = options;

  const describe = (conflict: SeasonConflict, merge: SeasonMerge): MergeConflictItem => {
    const mineIndex = new Map(model.rows.map((row, index) => [row.id === undefined ? `key:${row.key}` : `id:${row.id}`, index]));
    const storedIndex = new Map(merge.stored.rows.map((row, index) => [`id:${row.id}`, index]));
    const { conflict: found } = conflict;
    const where =
      conflict.what === 'group'
        ? `Group ${model.layout.groups.findIndex((group) => `id:${group.id}` === found.row) + 1 || '(theirs)'}`
        : mineIndex.has(found.row)
          ? `Row [${mineIndex.get(found.row)}]`
          : `Their row [${storedIndex.get(found.row)}]`;
    const shown = (field: string, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '—';
      if (field === 'price' && typeof value === 'string') return `=${value}`;
      if (field === 'markup_rate_id' && typeof value === 'number') return options.rateLabel(value) ?? `rate ${value}`;
      if (typeof value === 'number') return field === 'price' || field === 'non_com' || field === 'adjustment' ? moneyDigits(value) : String(value);
      if (field === 'touched') return value ? 'changed' : 'unchanged';
      return typeof value === 'string' ? value : JSON.stringify(value);
    };
    if (found.kind === 'cell') {
      return {
        id: conflictKey(conflict),
        where: `${where}, ${FIELD_LABELS[found.field] ?? found.field}`,
        loaded: shown(found.field, found.base),
        mine: shown(found.field, found.mine),
        theirs: shown(found.field, found.theirs),
      };
    }
    const deletedByThem = found.kind === 'deleted-by-them';
    return {
      id: conflictKey(conflict),
      where: `${where}${conflict.what === 'group' ? ' and its rows' : ''}`,
      loaded: 'as loaded',
      mine: deletedByThem ? 'keep it, with your changes' : 'delete it',
      theirs: deletedByThem ? 'delete it (they did)' : 'keep it, with their changes',
    };
  };

  return async () => {
    const latest = await api.tourPricing.read({ params: { tourId, seasonId } });
    const mine = { groups: model.layout.groups, rows: model.rows, removedGroupIds: model.layout.removedGroupIds };
    const loaded = options.loadedPricing.current;
    const last = await lastSave(tourId, seasonId);
    let merge = mergeSeasonPricing({ loaded, latest, mine });
    if (merge.undecided.length > 0) {
      const picked = await options.choose(
        merge.found.map((conflict) => describe(conflict, merge)),
        last.who,
      );
      if (picked === null) return null;
      merge = mergeSeasonPricing({ loaded, latest, mine, choices: picked });
    }
    const context = latest.tour_season;
    model.reset(merge.stored.rows, context.model?.rates ?? [], context.currency?.rate ?? null, { groups: merge.stored.groups, removedGroupIds: [] });
    model.replaceRows(merge.rows, { groups: merge.groups, removedGroupIds: merge.removedGroupIds }, { removes: true });
    options.loadedPricing.current = latest;
    options.onRebased(merge.stored);
    queryClient.setQueryData(pricingQueries.prices(tourId, seasonId).queryKey, latest);
    notifySuccess(`Merged with ${last.save}: ${merge.keptMine} of your changes kept`);
    return context.version;
  };
}
