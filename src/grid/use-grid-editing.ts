// The price grid's keyboard and mouse, wired to the edit machine (commands/edit-machine.ts): every
// key goes through the command registry to an action, the machine says what follows, and this
// hook makes AG Grid show it (the editor opened or closed, the cursor focused and in view, the
// selection redrawn) and stores the cells it changed in the model. AG Grid's own editing keys and
// double-click editing are off: the machine is the one place that decides what a key does.

import { useCallback, useMemo, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import type { CellFocusedEvent, GridApi, IRowNode } from 'ag-grid-community';
import { rangeRows, rangeToSelection, type CellPosition, type CellRange } from './cell-range';
import { editTransition, fitToLayout, type EditAction, type EditGrid, type EditOutcome, type EditState } from './commands/edit-machine';
import { commandForKey, type GridCommand, type GridCommandTarget } from './commands/grid-command-registry';
import type { GridColumn } from './commands/grid-column';
import type { GridLayout } from './commands/grid-cursor';
import type { PriceGridView } from './price-grid-model';
import { priceGridState, type PriceGridStore } from './price-grid-state';

const PREVIEW_FIELDS = new Set(['gross', 'non_com', 'adjustment']);

export const samePosition = (a: CellPosition | null | undefined, b: CellPosition | null | undefined) =>
  a === b || (!!a && !!b && a.rowIndex === b.rowIndex && a.colId === b.colId);

export type GridEditingSetup = {
  api: { current: GridApi | null };
  store: PriceGridStore;
  model: PriceGridView;
  readOnly: boolean;
  /** The displayed rows' price row indexes (-1: a group header), as the grid draws them now. */
  displayToPrice: { current: readonly number[] };
  layout: () => GridLayout;
  /** The columns as the commands and the machine see them, choices with their options. */
  columns: readonly GridColumn[];
  columnName: (colId: string) => string;
  tell: (message: string) => void;
  onSelectRows?: (rows: { first: number; last: number } | null) => void;
};

/**
 * The grid's edit machine: `dispatch` runs an action and shows its outcome; the handlers go on
 * the grid's box and on AG Grid.
 */
export function useGridEditing(setup: GridEditingSetup) {
  const { api, store, model, readOnly, displayToPrice, layout, columns, columnName, tell } = setup;
  const setupRef = useRef(setup);
  setupRef.current = setup;
  /** Set while an outcome is being shown, so the focus changes it makes are not taken for the clerk's. */
  const showing = useRef(false);
  /** Set while the machine takes the cell AG Grid focused itself: that focus is not made again (it would take it from a menu). */
  const adopting = useRef(false);
  /** Editors this hook closed whose cellEditingStopped event AG Grid has not sent yet (it may come late). */
  const closing = useRef(0);

  const editGrid = useCallback(
    (): EditGrid => ({
      layout: layout(),
      rows: model.rows,
      columns,
      priceRowOf: (row) => displayToPrice.current[row] ?? -1,
      readOnly,
      columnName,
    }),
    [layout, model, columns, displayToPrice, readOnly, columnName],
  );

  const focusCell = useCallback(
    (position: CellPosition) => {
      const grid = api.current;
      if (!grid) return;
      grid.ensureIndexVisible(position.rowIndex);
      grid.ensureColumnVisible(position.colId);
      grid.setFocusedCell(position.rowIndex, position.colId);
    },
    [api],
  );

  /** Redraws the rows whose selection, active cell or cut outline changed. */
  const repaint = useCallback(
    (before: EditState, after: EditState) => {
      const grid = api.current;
      if (!grid) return;
      const rows = new Set([...rangeRows(before.range), ...rangeRows(after.range)]);
      for (const cell of [before.active, after.active]) if (cell) rows.add(cell.rowIndex);
      const nodes = [...rows].map((row) => grid.getDisplayedRowAtIndex(row)).filter((node): node is IRowNode => node !== undefined);
      grid.refreshCells({ rowNodes: nodes, force: true });
    },
    [api],
  );

  const priceRowKey = useCallback(
    (cell: CellPosition | null) => (cell ? model.rows[displayToPrice.current[cell.rowIndex] ?? -1]?.key : undefined),
    [model, displayToPrice],
  );

  /** Net, subtotal, cost and profit follow the typing; put back when the edit ends. */
  const preview = useCallback(
    (cell: CellPosition | null, text: string | null) => {
      const key = priceRowKey(cell);
      const index = key === undefined ? -1 : model.indexOf(key);
      if (index < 0 || !cell) return;
      if (text === null) model.endPreview(index);
      else if (PREVIEW_FIELDS.has(cell.colId)) model.preview(index, cell.colId as 'gross' | 'non_com' | 'adjustment', text);
    },
    [model, priceRowKey],
  );

  /** Makes the screen show an outcome: the editor, the stored cells, the cursor, the selection. */
  const show = useCallback(
    (before: EditState, outcome: EditOutcome) => {
      const after = outcome.state;
      const grid = api.current;
      const wasEditing = before.mode !== 'ready';
      const editing = after.mode !== 'ready';
      const sameCell = samePosition(before.active, after.active);
      showing.current = true;
      try {
        if (wasEditing && (!editing || !sameCell)) {
          store.set(priceGridState.edit, after);
          if (grid && grid.getEditingCells().length > 0) {
            closing.current += 1;
            grid.stopEditing(true);
          }
          preview(before.active, null);
        }
        if (outcome.changes.length > 0) model.edit(outcome.changes);
        store.set(priceGridState.edit, after);
        if (outcome.message !== null) {
          store.set(priceGridState.message, outcome.message);
          tell(outcome.message);
        } else if (!editing || !sameCell) store.set(priceGridState.message, null);
        if (editing && after.editor && after.active && (!sameCell || !wasEditing || after.editor.text !== before.editor?.text)) {
          preview(after.active, after.editor.text);
        }
        if (editing && after.active && grid && (!wasEditing || !sameCell)) {
          grid.ensureIndexVisible(after.active.rowIndex);
          grid.ensureColumnVisible(after.active.colId);
          grid.startEditingCell({ rowIndex: after.active.rowIndex, colKey: after.active.colId });
        }
        if (!editing && after.range && !adopting.current && (wasEditing || !samePosition(before.range?.focus, after.range.focus))) {
          focusCell(after.range.focus);
        }
        if (before.range !== after.range || before.active !== after.active) {
          repaint(before, after);
          const span = after.range && rangeToSelection(after.range, [], (row) => displayToPrice.current[row] ?? -1);
          setupRef.current.onSelectRows?.(span ? { first: span.startRow, last: span.endRow } : null);
        }
      } finally {
        showing.current = false;
      }
    },
    [api, store, model, tell, preview, focusCell, repaint, displayToPrice],
  );

  const dispatch = useCallback(
    (action: EditAction): EditOutcome => {
      const before = store.get(priceGridState.edit);
      const outcome = editTransition(before, action, editGrid());
      show(before, outcome);
      return outcome;
    },
    [store, editGrid, show],
  );

  /** The focus left the grid with a cell open: store what was typed, or drop it and say why. */
  const leaveEdit = useCallback(() => {
    if (store.get(priceGridState.edit).mode === 'ready' || showing.current) return;
    if (dispatch({ type: 'commit' }).state.mode !== 'ready') dispatch({ type: 'cancel' });
  }, [store, dispatch]);

  /** Rows re-laid out (inserted, deleted, moved): the cursor stays on a data row. */
  const fitCursor = useCallback(() => {
    const before = store.get(priceGridState.edit);
    const after = fitToLayout(before, layout());
    if (after !== before) show(before, { state: after, changes: [], message: null });
  }, [store, layout, show]);

  const handlers = useMemo(() => {
    const state = () => store.get(priceGridState.edit);

    /** The cell AG Grid has focused, taken as the active cell when the machine has none yet. */
    const adoptFocusedCell = () => {
      const focused = api.current?.getFocusedCell();
      if (state().active !== null || !focused) return;
      const cell = { rowIndex: focused.rowIndex, colId: focused.column.getColId() };
      if (displayToPrice.current[cell.rowIndex] !== undefined) dispatch({ type: 'click', cell, extend: false });
    };

    return {
      /**
       * In the capture phase, before AG Grid: the key's command in the current mode runs, and the
       * key goes no further. While a cell is open, a key bound to nothing does nothing, so the
       * browser never edits the text behind the machine's back.
       */
      keyDown: (event: KeyboardEvent<HTMLElement>, commands: readonly GridCommand[], target: GridCommandTarget) => {
        const element = event.target as HTMLElement;
        if (!element.closest('.ag-cell, .price-cell-list, .price-cell-input') || event.nativeEvent.isComposing) return;
        const mode = state().mode;
        // In Ready mode the buttons and fields of a group header row keep their keys.
        if (mode === 'ready' && element.closest('button, select, textarea, input')) return;
        adoptFocusedCell();
        const command = commandForKey(commands, mode, event);
        if (command?.native) return;
        const performed = command && command.enabled(target) ? command.perform(target, event) : undefined;
        if (command || mode !== 'ready') {
          event.preventDefault();
          event.stopPropagation();
        }
        // Tab past the last cell (Shift+Tab past the first) leaves the grid for the page's next
        // (previous) control, not for the next row, which the browser would take.
        if (performed === false) focusOutside(event.currentTarget, event.shiftKey ? 'backward' : 'forward');
      },
      /** A click selects its cell at once (Shift: extends); a refused value keeps the cell open. */
      mouseDown: (event: MouseEvent<HTMLElement>, cell: CellPosition | null) => {
        const element = event.target as HTMLElement;
        if (event.button !== 0 || cell === null || element.closest('.price-cell-input, .price-cell-list')) return;
        const outcome = dispatch({ type: 'click', cell, extend: event.shiftKey });
        if (outcome.state.mode !== 'ready') {
          event.preventDefault();
          event.stopPropagation();
        }
      },
      doubleClick: () => {
        if (state().mode === 'ready') dispatch({ type: 'enter', backwards: false });
      },
      /** A focus the machine did not make (tabbing into the grid) makes that cell the active one. */
      cellFocused: (event: CellFocusedEvent) => {
        if (showing.current || event.rowIndex === null || !event.column || typeof event.column === 'string') return;
        const here = { rowIndex: event.rowIndex, colId: event.column.getColId() };
        const now = api.current?.getFocusedCell();
        if (now && !samePosition({ rowIndex: now.rowIndex, colId: now.column.getColId() }, here)) return;
        const current = state();
        if (current.mode !== 'ready' || samePosition(current.range?.focus, here)) return;
        adopting.current = true;
        try {
          dispatch({ type: 'click', cell: here, extend: false });
        } finally {
          adopting.current = false;
        }
      },
      /**
       * The browser's Tab reached a row itself (AG Grid makes rows focusable), say from the last
       * button of a group header: the cursor enters the row at its first cell, as if clicked.
       */
      focusIn: (element: HTMLElement) => {
        if (!element.matches('.ag-row[row-index]') || element.matches('.ag-full-width-row')) return;
        const rowIndex = Number(element.getAttribute('row-index'));
        if ((displayToPrice.current[rowIndex] ?? -1) < 0 || state().mode !== 'ready') return;
        const colId = layout().columns[0];
        if (colId === undefined) return;
        dispatch({ type: 'click', cell: { rowIndex, colId }, extend: false });
        focusCell({ rowIndex, colId });
      },
      /**
       * An editor closed. Those this hook closed are done with; one AG Grid closed on its own (new
       * columns redrawn) is opened again, since the machine, not AG Grid, says when typing ends.
       */
      editingStopped: () => {
        if (closing.current > 0) {
          closing.current -= 1;
          return;
        }
        const current = state();
        const grid = api.current;
        if (current.mode === 'ready' || !current.active || !grid || grid.getEditingCells().length > 0) return;
        if ((displayToPrice.current[current.active.rowIndex] ?? -1) < 0) dispatch({ type: 'cancel' });
        else grid.startEditingCell({ rowIndex: current.active.rowIndex, colKey: current.active.colId });
      },
    };
  }, [api, store, displayToPrice, dispatch, layout, focusCell]);

  return { dispatch, leaveEdit, fitCursor, focusCell, handlers };
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Focuses the page's first control after `box` (or the last before it) that a Tab would reach;
 * with none, the page itself, as the browser's Tab past the last control leaves the page.
 */
function focusOutside(box: HTMLElement, direction: 'forward' | 'backward') {
  const controls = [...document.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => !box.contains(element) && element.getClientRects().length > 0);
  const after = (element: HTMLElement) => (box.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
  const next = direction === 'forward' ? controls.find(after) : controls.filter((element) => !after(element)).at(-1);
  if (next) next.focus();
  else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
}

/** The selection's top-left cell in price rows, where a paste lands. */
export function topLeftOf(range: CellRange, columnOrder: readonly string[], priceRowOf: (row: number) => number): CellPosition | null {
  const selection = rangeToSelection(range, columnOrder, priceRowOf);
  if (selection === null) return null;
  return { rowIndex: Math.min(selection.startRow, selection.endRow), colId: selection.colIds[0] ?? range.focus.colId };
}
