import type { RefObject } from 'react';
import type { MarkupRate } from '../../domain/price-maths';
import { mergePriceRows, rowIdentity } from '../../grid/commands/merge-price-rows';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';
import { notifySuccess } from '../../ui/notify';
import { chooseCells, conflictItem, lastSave, mergedSeasonMessage } from './merge-notice';

/** A season tab's rows as stored now, read for a merge. */
export type StoredGrid<R, Stored> = { stored: Stored; rows: R[]; version: number; rates: readonly MarkupRate[]; currencyRate: number | null };

export type RebaseGridOptions<R extends PriceRow, Stored> = {
  tourId: string;
  seasonId: string;
  model: PriceGridModel<R>;
  /** The rows as the clerk loaded them or last saved them: the merge's base, moved on by a rebase. */
  loaded: RefObject<readonly R[]>;
  read: () => Promise<StoredGrid<R, Stored>>;
  /** The row's own fields merged beside the price cells (the bike, its nights...). */
  fields: readonly (keyof R & string)[];
  rateLabel: (rateId: number) => string | undefined;
  /** The grid's own column names (a reduction's 'Input min age'), where the usual ones do not say. */
  fieldLabel?: (field: string) => string | undefined;
  /** What is stored now, after the rebase: for the query cache. */
  onRebased: (stored: Stored) => void;
};

/**
 * A flat season grid's answer to a stale save (issue 29; the pricing tab, with its groups, has
 * useRebaseSeason): read what is stored now, merge the staged rows onto it, ask about conflicts,
 * and stage the result on the stored rows as the grid's new baseline (one undoable edit).
 * Resolves with the stored version to save at, or null when the clerk cancelled (nothing changed).
 */
export function useRebaseGrid<R extends PriceRow, Stored>(options: RebaseGridOptions<R, Stored>): () => Promise<number | null> {
  const { tourId, seasonId, model } = options;
  return async () => {
    const latest = await options.read();
    const base = options.loaded.current;
    const input = { base, mine: model.rows, theirs: latest.rows, fields: options.fields };
    const last = await lastSave(tourId, seasonId);
    let merge = mergePriceRows(input);
    if (merge.conflicts.length > 0) {
      const mineIndex = new Map(model.rows.map((row, index) => [rowIdentity(row), index]));
      const storedIndex = new Map(latest.rows.map((row, index) => [rowIdentity(row), index]));
      const where = (row: string) => (mineIndex.has(row) ? `Row [${mineIndex.get(row)}]` : `Their row [${storedIndex.get(row)}]`);
      const rows = merge.found.map((conflict) =>
        conflictItem({ id: conflict.id, conflict, where: where(conflict.row), rateLabel: options.rateLabel, fieldLabel: options.fieldLabel }),
      );
      const picked = await chooseCells(rows, last);
      if (picked === null) return null;
      merge = mergePriceRows({ ...input, choose: (conflict) => picked.get(conflict.id) });
    }
    model.reset(latest.rows, latest.rates, latest.currencyRate);
    model.replaceRows(merge.rows, undefined, { removes: true });
    options.loaded.current = latest.rows;
    options.onRebased(latest.stored);
    notifySuccess(mergedSeasonMessage(last, merge.keptMine));
    return latest.version;
  };
}
