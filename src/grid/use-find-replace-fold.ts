// The Find & Replace bar folded away until asked for, so the grid gets its rows (issue 27).

import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { commandForKey } from './commands/grid-command-registry';
import { gridCommands } from './commands/grid-commands';
import { createFindReplaceStore, findReplaceState, type FindMode } from './find-replace-state';

export type FindReplaceFold = {
  /** The bar's own store (find-replace-state.ts): its search outlives the fold. */
  store: ReturnType<typeof createFindReplaceStore>;
  mode: FindMode | null;
  open: (mode: FindMode) => void;
  /** Folds the bar away and gives the focus back to the grid cell the clerk was last on. */
  close: () => void;
};

/** The grid's own Find and Find & Replace commands: the screen answers the same keys. */
const OPENING_COMMANDS = gridCommands.filter((command) => command.id === 'find' || command.id === 'replace');

type GridSpot = { grid: Element; rowIndex: string | null; colId: string | null };

function gridSpotOf(element: Element | null): GridSpot | null {
  const cell = element?.closest('.price-grid .ag-cell');
  const grid = cell?.closest('.price-grid');
  if (!cell || !grid) return null;
  return { grid, rowIndex: cell.closest('.ag-row')?.getAttribute('row-index') ?? null, colId: cell.getAttribute('col-id') };
}

/** Focuses the cell of `spot` (AG Grid may have drawn it anew), else the first gross cell of the screen's first grid. */
function focusGrid(spot: GridSpot | null): void {
  const grid = spot?.grid.isConnected ? spot.grid : document.querySelector('.price-grid');
  const same = spot !== null && grid === spot.grid ? grid.querySelector(`.ag-row[row-index="${spot.rowIndex}"] .ag-cell[col-id="${spot.colId}"]`) : null;
  const cell = same ?? grid?.querySelector('.ag-row:not(.ag-full-width-row) .ag-cell[col-id="gross"]');
  if (cell instanceof HTMLElement) cell.focus();
}

/**
 * The fold of a screen's Find & Replace bar. Ctrl+F opens it for Find and Ctrl+H for Find &
 * Replace from anywhere on the screen (the page takes both keys from the browser, whose own Find
 * would search the page's text, not the grid's values); inside a grid the grid's commands of the
 * same keys call `open`. A dialog keeps its keys.
 */
export function useFindReplaceFold(): FindReplaceFold {
  const [store] = useState(createFindReplaceStore);
  const mode = useAtomValue(findReplaceState.mode, { store });
  const openBar = useSetAtom(findReplaceState.open, { store });
  const closeBar = useSetAtom(findReplaceState.close, { store });
  const lastCell = useRef<GridSpot | null>(null);

  const open = useCallback((next: FindMode) => openBar(next), [openBar]);
  const close = useCallback(() => {
    closeBar();
    focusGrid(lastCell.current);
  }, [closeBar]);

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      lastCell.current = gridSpotOf(event.target instanceof Element ? event.target : null) ?? lastCell.current;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(OPENING_COMMANDS, 'ready', event);
      if (!command || (event.target instanceof Element && event.target.closest('[aria-modal="true"]'))) return;
      event.preventDefault();
      open(command.id === 'find' ? 'find' : 'replace');
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return { store, mode, open, close };
}
