import { useSyncExternalStore } from 'react';
import type { PriceGridView } from '../../grid/price-grid-model';

const noop = () => undefined;

/** The rows a save would write; re-renders only when that number changes, not on every keystroke. */
export function useDirtyRowCount(model: PriceGridView | null): number {
  return useSyncExternalStore(
    (listener) => model?.subscribe(listener) ?? noop,
    () => model?.dirtyRowCount ?? 0,
  );
}
