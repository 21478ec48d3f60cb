import { atom, createStore } from 'jotai';
import { READY, type EditState } from './commands/edit-machine';
import type { GridCut } from './commands/paste-block';
import type { PriceRow } from './price-row';

/** A Ctrl+X waiting for its paste: the cells, the text it copied and the rows as they were then. */
export type MarkedCut = GridCut & { text: string; rows: readonly PriceRow[] };

/** The last Ctrl+C of this grid: its text and the row it started at, so a paste can move its formulas' references. */
export type MarkedCopy = { text: string; rowKey: string };

/**
 * What one price grid has selected and is typing, as atoms. Each grid holds them in its own store
 * (`createPriceGridStore`), so two grids on one page never share a selection or a cut; the app's
 * default store (unsaved changes, session) stays what screen content drawn inside a grid sees.
 * The grid reads and writes them outside React rendering (cells ask while AG Grid draws them),
 * and redraws only the rows a change touches.
 */
export const priceGridState = {
  /** The edit machine's state: mode, active cell, selection, the text being typed (edit-machine.ts). */
  edit: atom<EditState>(READY),
  /** The cells of the last Ctrl+X, until a paste of its text moves them, or Escape or an edit drops it. */
  cut: atom<MarkedCut | null>(null),
  /** The last Ctrl+C, while the clipboard may still hold its text. */
  copy: atom<MarkedCopy | null>(null),
  /** The status line's message: why the last key did nothing or a value was refused. */
  message: atom<string | null>(null),
};

export const createPriceGridStore = () => createStore();
export type PriceGridStore = ReturnType<typeof createPriceGridStore>;
