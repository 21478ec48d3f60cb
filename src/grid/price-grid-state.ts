import { atom, createStore } from 'jotai';
import type { CellRange } from './cell-range';
import type { GridCut } from './commands/paste-block';
import type { PriceRow } from './price-row';

/** A Ctrl+X waiting for its paste: the cells, the text it copied and the rows as they were then. */
export type MarkedCut = GridCut & { text: string; rows: readonly PriceRow[] };

/**
 * What one price grid has selected, as atoms. Each grid holds them in its own store
 * (`createPriceGridStore`), so two grids on one page never share a selection or a cut; the app's
 * default store (unsaved changes, session) stays what screen content drawn inside a grid sees.
 * The grid reads and writes them outside React rendering (cells ask while AG Grid draws them),
 * and redraws only the rows a change touches.
 */
export const priceGridState = {
  /** The rectangle of cells (display rows), from the cell it started at to the one with the cursor. */
  range: atom<CellRange | null>(null),
  /** The cells of the last Ctrl+X, until a paste of its text moves them, or Escape or an edit drops it. */
  cut: atom<MarkedCut | null>(null),
};

export const createPriceGridStore = () => createStore();
export type PriceGridStore = ReturnType<typeof createPriceGridStore>;
