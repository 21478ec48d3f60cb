import { useSyncExternalStore } from 'react';
import type { PriceGridModel, RemovedRow } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';

/** The stored rows a model has staged for removal; re-renders when that list changes. */
export function useRemovedRows<R extends PriceRow, L>(model: PriceGridModel<R, L>): readonly RemovedRow<R>[] {
  return useSyncExternalStore(
    (listener) => model.subscribe(listener),
    () => model.removed,
  );
}
