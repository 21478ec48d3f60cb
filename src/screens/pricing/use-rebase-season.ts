import type { RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { pricingQueries } from '../../api/pricing-queries';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing';
import { rowIdentity } from '../../grid/commands/merge-price-rows';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { MergeConflictRow } from '../../ui/merge-conflict-dialog';
import { notifySuccess } from '../../ui/notify';
import { chooseCells, conflictItem, lastSave, mergedSeasonMessage } from '../tour-season/merge-notice';
import { conflictKey, mergeSeasonPricing, type SeasonConflict, type SeasonMerge } from './merge-season-pricing';
import type { PriceGroup, PricingRow } from './price-groups';

type PricingLayout = { groups: PriceGroup[]; removedGroupIds: number[] };

export type RebaseSeasonOptions = {
  tourId: string;
  seasonId: string;
  model: PriceGridModel<PricingRow, PricingLayout>;
  /** The season as the clerk loaded it or last saved it; the rebase moves it on to what is stored now. */
  loadedPricing: RefObject<SeasonPricing>;
  rateLabel: (rateId: number) => string | undefined;
  /** The stored season, staged, after a rebase: the rows' groups as loaded. */
  onRebased: (stored: SeasonMerge['stored']) => void;
};

/**
 * The pricing tab's answer to a stale save (issue 29): read the season as stored now, merge the
 * staged groups and rows onto it, ask about conflicts, and stage the result on the stored season
 * as the grid's new baseline (one undoable edit, so Ctrl+Z shows theirs alone). Resolves with the
 * stored version to save at, or null when the clerk cancelled (the grid is left as it was).
 */
export function useRebaseSeason(options: RebaseSeasonOptions): () => Promise<number | null> {
  const queryClient = useQueryClient();
  const { tourId, seasonId, model } = options;

  const describe = (conflict: SeasonConflict, merge: SeasonMerge): MergeConflictRow => {
    const mineIndex = new Map(model.rows.map((row, index) => [rowIdentity(row), index]));
    const storedIndex = new Map(merge.stored.rows.map((row, index) => [rowIdentity(row), index]));
    const { conflict: found } = conflict;
    const where =
      conflict.what === 'group'
        ? `Group ${model.layout.groups.findIndex((group) => `id:${group.id}` === found.row) + 1 || '(theirs)'}`
        : mineIndex.has(found.row)
          ? `Row [${mineIndex.get(found.row)}]`
          : `Their row [${storedIndex.get(found.row)}]`;
    return conflictItem<unknown>({
      id: conflictKey(conflict),
      conflict: found,
      where,
      rateLabel: options.rateLabel,
      what: conflict.what === 'group' ? 'group' : 'row',
    });
  };

  return async () => {
    const latest = await api.tourPricing.read({ params: { tourId, seasonId } });
    const mine = { groups: model.layout.groups, rows: model.rows, removedGroupIds: model.layout.removedGroupIds };
    const loaded = options.loadedPricing.current;
    const last = await lastSave(tourId, seasonId);
    let merge = mergeSeasonPricing({ loaded, latest, mine });
    if (merge.undecided.length > 0) {
      const picked = await chooseCells(
        merge.found.map((conflict) => describe(conflict, merge)),
        last,
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
    notifySuccess(mergedSeasonMessage(last, merge.keptMine));
    return context.version;
  };
}
