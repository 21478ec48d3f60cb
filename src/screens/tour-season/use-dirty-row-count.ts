import { useSyncExternalStore } from 'react';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';

const noop = () => undefined;

/** The rows a save would write; re-renders only when that number changes, not on every keystroke. */
export function useDirtyRowCount(model: PriceGridModel<PriceRow> | null): number {
  return useSyncExternalStore(
    (listener) => model?.subscribe(listener) ?? noop,
    () => model?.dirtyRowCount ?? 0,
  );
}
