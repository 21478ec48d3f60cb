// The one price grid of the app (pricing, bikes, extras, reductions and bulk pricing): AG Grid
// Community over a PriceGridModel. Every edit goes through the model's price workbook and only
// the rows it reports are refreshed, so a keystroke costs the same in a 20-row and a 2,000-row
// season. Every key goes through the command registry (src/grid/commands/grid-commands.ts) to
// the edit machine (Excel's Ready, Enter and Edit modes; use-grid-editing.ts wires it), which the
// right-click menu and the help overlay (? or F1) read too; AG Grid's own keys are off.
// Shift+click extends the rectangle selection. Copy, cut and paste are the grid's clipboard
// events (grid-clipboard.ts), which Ctrl+C/X/V fire and the menu's Copy, Cut and Paste dispatch.

import { useCallback, useEffect, useMemo, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import {
  CellStyleModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  CustomEditorModule,
  ModuleRegistry,
  RenderApiModule,
  RowApiModule,
  RowDragModule,
  RowStyleModule,
  ScrollApiModule,
  TooltipModule,
  type CellFocusedEvent,
  type GetRowIdParams,
  type GridApi,
  type IRowNode,
  type RowDragEndEvent,
  type RowHeightParams,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import type { CellError } from './commands/cell-error';
import type { GridCommandTarget } from './commands/grid-command-registry';
import { gridCommands } from './commands/grid-commands';
import type { GridLayout } from './commands/grid-cursor';
import { rangeContains, rangeToSelection, type CellPosition } from './cell-range';
import { gridClipboard } from './grid-clipboard';
import { GridStatusLine } from './grid-status-line';
import { COMMISSION_FIELD, INDEX_COLUMN, commandColumns, priceGridColumns, priceGridMinWidth, type GridDensity } from './price-grid-columns';
import { isGroupItem, type GridItem, type GroupHeader, type LeadingColumn, type PriceGridContext, type SelectOption } from './price-grid-context';
import type { PriceGridView } from './price-grid-model';
import { GridContextMenu } from './grid-context-menu';
import { GridHelpOverlay } from './grid-help-overlay';
import { compactPriceGridTheme, priceGridTheme } from './price-grid-theme';
import type { PriceRow } from './price-row';
import { shownOutcome } from './formula-error-note';
import { NO_GUARDRAIL, type MarginGuardrail } from '../domain/models/margin-guardrail';
import { useBoxWidth } from './use-box-width';
import { useGridRowData } from './use-grid-row-data';
import { createPriceGridStore, priceGridState, type MarkedCut } from './price-grid-state';
import { topLeftOf, useGridEditing } from './use-grid-editing';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  CustomEditorModule,
  RenderApiModule,
  RowApiModule,
  RowDragModule,
  ScrollApiModule,
  CellStyleModule,
  RowStyleModule,
  TooltipModule,
]);

export type PriceGridProps = {
  model: PriceGridView;
  ariaLabel: string;
  leadingColumns?: readonly LeadingColumn[];
  /** The season model's rates as commission choices (value: rate id). */
  rateOptions: readonly SelectOption[];
  /** The season currency's sign, for gross, non-com and net. */
  currencySymbol: string;
  groupHeaders?: readonly GroupHeader[];
  renderGroupHeader?: (key: string) => ReactNode;
  /** Messages for staff (a paste that could not store a cell...); the screen shows them. */
  onMessage?: (message: string) => void;
  /** The price row that received focus, e.g. to show its group's fields. */
  onFocusRow?: (key: string) => void;
  /** Size to the rows (small grids) instead of a scrolling, virtualised body. */
  autoHeight?: boolean;
  height?: string;
  /** Prices to look at, not edit (bulk pricing): no cell edits, paste, clear, fill or undo; copy works. */
  readOnly?: boolean;
  /** The screen's save, which Ctrl+S runs (each press is one click of the three-click save). */
  onSave?: () => void;
  /** The price rows the selection covers (first and last index), for the screen's row buttons. */
  onSelectRows?: (rows: { first: number; last: number } | null) => void;
  /** Alt+Shift+Up/Down: the screen moves price rows `first`..`last` by one; false when they cannot move. */
  onMoveRows?: (rows: { first: number; last: number }, delta: -1 | 1) => boolean;
  /** A row dragged by its `#` cell onto row `to` (price row indexes); false when it cannot go there. */
  onDragRow?: (from: number, to: number) => boolean;
  /** The menu's Insert row above / below: the screen inserts a row beside price rows `first`..`last`. */
  onInsertRow?: (rows: { first: number; last: number }, where: 'above' | 'below') => void;
  /** The menu's Delete rows: the screen deletes price rows `first`..`last` (after its confirmation). */
  onDeleteRows?: (rows: { first: number; last: number }) => void;
  /** The menu's History of this cell: the screen shows the price history of the row under the cursor. */
  onCellHistory?: (row: PriceRow) => void;
  /** The season model's margin guardrail, whose rows below it are flagged; none unless given. */
  guardrail?: MarginGuardrail;
  /** False: only `#` and the leading columns, for rows that are not prices (reductions). */
  priceColumns?: boolean;
  /** Ctrl+F and Ctrl+H: the screen opens its Find & Replace bar, for Find or for Find & Replace. */
  onFind?: (mode: 'find' | 'replace') => void;
};

/** A group header row: room for its small buttons, and no more (each pixel is a price row less at 1440 by 900). */
const GROUP_ROW_HEIGHT = 30;

/** Room for the vertical scrollbar and the grid's borders beside the columns. */
const SCROLLBAR_ALLOWANCE = 20;

function GroupHeaderCell(props: CustomCellRendererProps) {
  const context = props.context as PriceGridContext;
  // A full-width row is still a grid row: its one cell spans every column (ARIA needs the gridcell).
  return (
    <div role="gridcell" aria-colspan={context.selection().columnOrder.length} style={{ height: '100%', display: 'flex', alignItems: 'center' }}>
      {context.renderGroupHeader((props.data as { groupKey: string }).groupKey)}
    </div>
  );
}

/**
 * The `#` cell as the row's drag handle: the number itself is what staff drag, so the column
 * needs no room for a separate handle (at 1024 px the column is 44 px wide).
 */
function DraggableIndexCell(props: CustomCellRendererProps) {
  const handle = useRef<HTMLSpanElement>(null);
  const { registerRowDragger } = props;
  useEffect(() => {
    if (handle.current) registerRowDragger(handle.current, 4, undefined, true);
  }, [registerRowDragger]);
  return (
    <span ref={handle} className="price-grid-row-handle" style={{ cursor: 'grab', display: 'block' }} title="Drag to move the row">
      {String(props.value ?? '')}
    </span>
  );
}

/** Whether the rows hold the same values: a refetch that stores what is shown is no edit. */
const sameRows = (a: readonly PriceRow[], b: readonly PriceRow[]) => a.length === b.length && a.every((row, index) => sameFields(row, b[index]));
const sameFields = (a: PriceRow, b: PriceRow) =>
  a === b || (Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((field) => Object.is(a[field], b[field])));

/** The machine decides every key (use-grid-editing.ts): AG Grid's own keyboard handling is off. */
const suppressGridKeys = () => true;

let gridCount = 0;

export function PriceGrid(props: PriceGridProps) {
  const { model, leadingColumns = [], rateOptions, currencySymbol, groupHeaders, onFocusRow } = props;
  const api = useRef<GridApi | null>(null);
  // This grid's editing state, selection, copy and cut (price-grid-state.ts), in a store of its own.
  const [store] = useState(createPriceGridStore);
  const [listId] = useState(() => `price-grid-${(gridCount += 1)}-choice`);
  const cut = useCallback(() => store.get(priceGridState.cut), [store]);
  const follow = useRef<{ anchor: { key: string; colId: string }; focus: { key: string; colId: string } } | null>(null);
  const [structure, setStructure] = useState(0);
  const [menuAt, setMenuAt] = useState<{ x: number; y: number } | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);

  const readOnly = props.readOnly ?? false;
  const box = useRef<HTMLDivElement>(null);
  const boxWidth = useBoxWidth(box);
  const density: GridDensity = boxWidth > 0 && boxWidth < priceGridMinWidth(leadingColumns, 'regular') + SCROLLBAR_ALLOWANCE ? 'compact' : 'regular';
  const draggable = !readOnly && props.onDragRow !== undefined;
  const shown = useCallback(
    (colId: string | undefined) => props.priceColumns !== false || colId === INDEX_COLUMN || leadingColumns.some((column) => column.field === colId),
    [props.priceColumns, leadingColumns],
  );
  const columns = useMemo(
    () =>
      priceGridColumns(leadingColumns, density)
        .filter((column) => shown(column.colId))
        .map((column) => {
          if (readOnly) return { ...column, editable: false };
          return draggable && column.colId === INDEX_COLUMN ? { ...column, cellRenderer: DraggableIndexCell } : column;
        }),
    [leadingColumns, readOnly, density, shown, draggable],
  );
  const optionsFor = useCallback(
    (field: string) => (field === COMMISSION_FIELD ? rateOptions : (leadingColumns.find((column) => column.field === field)?.options ?? [])),
    [rateOptions, leadingColumns],
  );
  // The columns as the commands see them: choices carry their options (labels on the clipboard, in the list).
  const commands = useMemo(() => commandColumns(leadingColumns, rateOptions).filter((column) => shown(column.colId)), [leadingColumns, rateOptions, shown]);

  // Rows interleaved with group headers; `structure` re-reads the model after inserts and removals.
  const { items, displayToPrice } = useMemo(() => {
    const list: GridItem[] = [];
    const toPrice: number[] = [];
    const headers = [...(groupHeaders ?? [])];
    let next = 0;
    model.rows.forEach((row, index) => {
      while (next < headers.length && headers[next].beforeIndex <= index) {
        list.push({ key: `group:${headers[next].key}`, groupKey: headers[next].key, stamp: headers[next].stamp });
        toPrice.push(-1);
        next += 1;
      }
      list.push(row);
      toPrice.push(index);
    });
    for (; next < headers.length; next += 1) {
      list.push({ key: `group:${headers[next].key}`, groupKey: headers[next].key, stamp: headers[next].stamp });
      toPrice.push(-1);
    }
    return { items: list, displayToPrice: toPrice };
    // `structure` stands for the model's row list, which changes in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, groupHeaders, structure]);
  const gridRows = useGridRowData(api, items);
  const displayToPriceRef = useRef<readonly number[]>(displayToPrice);
  displayToPriceRef.current = displayToPrice;

  // Columns are neither moved nor hidden, so the defined order is the displayed order.
  const columnOrder = useCallback((): string[] => columns.map((column) => String(column.colId)), [columns]);
  const propsRef = useRef(props);
  propsRef.current = props;

  // Read through the props ref: a screen's inline callback must not remake the grid's context each render.
  const tell = useCallback((message: string) => propsRef.current.onMessage?.(message), []);
  /** A column as the clerk knows it: its full header ('Commission' where the compact header says 'Comm.'). */
  const columnName = useCallback(
    (colId: string) => {
      const column = columns.find((candidate) => candidate.colId === colId);
      return String(column?.headerTooltip ?? column?.headerName ?? colId);
    },
    [columns],
  );

  const layout = useCallback((): GridLayout => {
    const grid = api.current;
    const toPrice = displayToPriceRef.current;
    // A page is the rows wholly in view (AG Grid draws a few more beyond it), less one kept in sight.
    let inView = 0;
    if (grid) {
      const { top, bottom } = grid.getVerticalPixelRange();
      for (let row = grid.getFirstDisplayedRowIndex(); row <= grid.getLastDisplayedRowIndex(); row += 1) {
        const node = grid.getDisplayedRowAtIndex(row);
        if (node?.rowTop != null && node.rowHeight != null && node.rowTop >= top && node.rowTop + node.rowHeight <= bottom) inView += 1;
      }
    }
    return {
      rowCount: toPrice.length,
      isDataRow: (row) => (toPrice[row] ?? -1) >= 0,
      // The `#` column is a row label, not a cell the cursor stands on.
      columns: columnOrder().filter((colId) => colId !== INDEX_COLUMN),
      pageRows: Math.max(1, inView - 1),
      isBlank: (row, colId) => {
        const index = toPrice[row] ?? -1;
        const price = model.rows[index];
        if (!price) return true;
        if (colId in shownOutcome(model.outcome(index))) return false;
        const value = colId === 'gross' ? (price.formula ?? price.gross) : price[colId];
        return value === null || value === undefined || value === '';
      },
    };
  }, [columnOrder, model]);

  const editing = useGridEditing({
    api,
    store,
    model,
    readOnly,
    displayToPrice: displayToPriceRef,
    layout,
    columns: commands,
    columnName,
    tell,
    onSelectRows: props.onSelectRows,
  });
  const { dispatch, handlers } = editing;

  const context = useMemo<PriceGridContext>(
    () => ({
      model,
      optionsFor,
      selection: () => {
        const state = store.get(priceGridState.edit);
        return { range: state.range, active: state.active, columnOrder: columnOrder(), cut: cut() };
      },
      editState: () => store.get(priceGridState.edit),
      subscribeEdit: (listener) => store.sub(priceGridState.edit, listener),
      dispatch,
      leaveEdit: editing.leaveEdit,
      isInGrid: (element) => element instanceof Node && (box.current?.contains(element) ?? false),
      listId,
      renderGroupHeader: (key) => propsRef.current.renderGroupHeader?.(key) ?? null,
      currencySymbol,
      guardrail: props.guardrail ?? NO_GUARDRAIL,
    }),
    [model, optionsFor, currencySymbol, columnOrder, cut, store, dispatch, editing.leaveEdit, listId, props.guardrail],
  );

  const refreshRows = useCallback(
    (indexes: readonly number[]) => {
      const grid = api.current;
      if (!grid || indexes.length === 0) return;
      const updates: PriceRow[] = [];
      const nodes: IRowNode[] = [];
      for (const index of indexes) {
        const row = model.rows[index];
        const node = row && grid.getRowNode(row.key);
        if (!node) continue;
        if (node.data !== row) updates.push(row);
        nodes.push(node);
      }
      if (updates.length) grid.applyTransaction({ update: updates });
      grid.refreshCells({ rowNodes: nodes, force: true });
    },
    [model],
  );

  /** Sets or drops the cut and redraws the rows whose outline changes. */
  const markCut = useCallback(
    (next: MarkedCut | null) => {
      const before = cut();
      if (before === null && next === null) return;
      store.set(priceGridState.cut, next);
      const keys = new Set([...(before?.rowKeys ?? []), ...(next?.rowKeys ?? [])]);
      refreshRows([...keys].map((key) => model.indexOf(key)).filter((index) => index >= 0));
    },
    [model, refreshRows, cut, store],
  );

  useEffect(
    () =>
      model.subscribe((event) => {
        // Any edit drops the cut; events that leave every row as it was (new rates, marks) do not.
        const marked = cut();
        if (marked && !sameRows(marked.rows, model.rows)) markCut(null);
        if (event.kind === 'structure') setStructure((value) => value + 1);
        else refreshRows(event.rows);
      }),
    [model, refreshRows, markCut, cut],
  );

  // After the rows are re-read, row numbers shift: refresh the `#` column (only drawn rows cost),
  // and keep the cursor on a data row. Rows moved with Alt+Shift+arrows keep the cursor and the
  // selection on them.
  useEffect(() => {
    api.current?.refreshCells({ force: true });
    editing.fitCursor();
    const target = follow.current;
    follow.current = null;
    if (!target) return;
    const anchor = { rowIndex: items.findIndex((item) => item.key === target.anchor.key), colId: target.anchor.colId };
    const focus = { rowIndex: items.findIndex((item) => item.key === target.focus.key), colId: target.focus.colId };
    if (anchor.rowIndex < 0 || focus.rowIndex < 0) return;
    dispatch({ type: 'select', range: { anchor, focus }, active: anchor });
    editing.focusCell(focus);
    // Runs when the rows are re-read, not when the callbacks are re-made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items]);

  const range = useCallback(() => store.get(priceGridState.edit).range, [store]);
  const selection = useCallback(() => {
    const current = range();
    return current ? rangeToSelection(current, columnOrder(), (row) => displayToPriceRef.current[row] ?? -1) : null;
  }, [columnOrder, range]);

  /** Alt+Shift+Up/Down: the screen moves the selected rows, and the grid's cursor and selection follow them. */
  const moveSelectedRows = (delta: -1 | 1) => {
    const current = range();
    if (!current) return;
    const keyAt = (position: CellPosition) => ({ key: String(items[position.rowIndex]?.key), colId: position.colId });
    // A key repeat before the grid has redrawn moves the same rows again: they are still followed.
    const pending = follow.current !== null;
    if (!pending) follow.current = { anchor: keyAt(current.anchor), focus: keyAt(current.focus) };
    // The rows are found by key in the model, which is current even before the grid redraws.
    const ends = follow.current ? [follow.current.anchor.key, follow.current.focus.key].map((key) => model.indexOf(key)).filter((index) => index >= 0) : [];
    const moved = ends.length > 0 && props.onMoveRows?.({ first: Math.min(...ends), last: Math.max(...ends) }, delta);
    if (!moved && !pending) follow.current = null;
  };

  /** The price rows of the selection, for the screen's row operations. */
  const selectedRows = () => {
    const current = selection();
    return current && { first: current.startRow, last: current.endRow };
  };

  const onRowDragEnd = (event: RowDragEndEvent) => {
    const from = displayToPriceRef.current[event.node.rowIndex ?? -1] ?? -1;
    const to = displayToPriceRef.current[event.overIndex] ?? -1;
    const row = model.rows[from];
    if (from < 0 || to < 0 || from === to || !row) return;
    follow.current = { anchor: { key: row.key, colId: INDEX_COLUMN }, focus: { key: row.key, colId: INDEX_COLUMN } };
    if (!props.onDragRow?.(from, to)) follow.current = null;
  };

  /** The cell with the keyboard focus, for the clipboard events to start from. */
  const focusedElement = (): HTMLElement | null => {
    const current = range();
    if (current) editing.focusCell(current.focus);
    return box.current?.querySelector<HTMLElement>('.ag-cell-focus') ?? null;
  };

  /** The menu's Copy or Cut: the event Ctrl+C or Ctrl+X fires, answered by onCopy or onCut. */
  const copyThroughGrid = (kind: 'copy' | 'cut') => {
    const element = focusedElement();
    if (!element) return;
    const data = new DataTransfer();
    element.dispatchEvent(new ClipboardEvent(kind, { clipboardData: data, bubbles: true, cancelable: true }));
    void navigator.clipboard
      .writeText(data.getData('text/plain'))
      .catch(() => tell(`The browser did not let the page copy: ${kind} with Ctrl+${kind === 'cut' ? 'X' : 'C'}`));
  };

  const report = (errors: readonly CellError[]) => {
    const notes = errors.slice(0, 3).map((error) => `Row ${error.rowIndex}, ${columnName(error.colId)}: ${error.message}`);
    if (errors.length > 3) notes.push(`and ${errors.length - 3} more cell(s) left as they were`);
    if (notes.length) tell(notes.join('\n'));
  };

  const commandTarget: GridCommandTarget = {
    readOnly,
    mode: () => store.get(priceGridState.edit).mode,
    dispatch,
    layout,
    range,
    active: () => store.get(priceGridState.edit).active,
    selection,
    rows: () => model.rows,
    columns: commands,
    edit: (changes) => model.edit(changes),
    report,
    canUndo: () => model.canUndo,
    canRedo: () => model.canRedo,
    undo: () => model.undo(),
    redo: () => model.redo(),
    save: props.onSave,
    // The browser's own copy goes to the text selection (none in the grid) and a page cannot make
    // it paste: the grid's clipboard handlers get the events Ctrl+C, Ctrl+X and Ctrl+V fire, on the cell.
    copy: () => copyThroughGrid('copy'),
    cut: () => copyThroughGrid('cut'),
    paste: () => {
      const element = focusedElement();
      if (!element) return;
      void navigator.clipboard.readText().then(
        (text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        },
        () => tell('The browser did not give the clipboard to the page: paste with Ctrl+V'),
      );
    },
    dropCut: () => markCut(null),
    // The screen's row operations: the pricing tab's rows belong to groups, which only the screen
    // keeps, so the grid never moves, inserts or deletes rows in the model itself.
    moveRows: props.onMoveRows && moveSelectedRows,
    insertRow:
      props.onInsertRow &&
      ((where) => {
        const rows = selectedRows();
        if (rows) props.onInsertRow?.(rows, where);
      }),
    deleteRows:
      props.onDeleteRows &&
      (() => {
        const rows = selectedRows();
        if (rows) props.onDeleteRows?.(rows);
      }),
    showCellHistory:
      props.onCellHistory &&
      (() => {
        const rows = selectedRows();
        const row = rows ? model.rows[rows.first] : undefined;
        if (row) props.onCellHistory?.(row);
      }),
    showHelp: () => setHelpOpen(true),
    openFind: props.onFind,
  };

  // The menu and the help leave out what this grid lacks (row operations its screen has not).
  const offeredCommands = gridCommands.filter((command) => command.available?.(commandTarget) ?? true);

  const cellAt = (element: HTMLElement): CellPosition | null => {
    const cell = element.closest('.ag-cell');
    const row = cell?.closest('.ag-row');
    return cell && row?.hasAttribute('row-index') ? { rowIndex: Number(row.getAttribute('row-index')), colId: cell.getAttribute('col-id') ?? '' } : null;
  };

  // A right click inside the selection keeps it, for the menu's commands to act on: neither AG
  // Grid (which focuses a cell on pointerdown) nor the browser moves the focus to the clicked cell.
  const onPointerDownCapture = (event: PointerEvent<HTMLDivElement>) => {
    const here = cellAt(event.target as HTMLElement);
    const current = range();
    if (event.button !== 2 || !here || !current || !rangeContains(current, columnOrder(), here.rowIndex, here.colId)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest('.ag-cell');
    if (!cell) return;
    // The registry's menu instead of the browser's; AG Grid has no say in a right click.
    event.preventDefault();
    event.stopPropagation();
    setMenuAt({ x: event.clientX, y: event.clientY });
  };

  const backToGrid = () => {
    const current = range();
    if (current) editing.focusCell(current.focus);
  };

  const onCellFocused = (event: CellFocusedEvent) => {
    if (event.rowIndex !== null) {
      const price = displayToPriceRef.current[event.rowIndex] ?? -1;
      if (price >= 0 && model.rows[price]) onFocusRow?.(model.rows[price].key);
    }
    handlers.cellFocused(event);
  };

  const clipboard = gridClipboard({
    readOnly,
    model,
    store,
    leadingColumns,
    columns: commands,
    selection,
    pasteAt: () => {
      const current = range();
      return current && topLeftOf(current, columnOrder(), (row) => displayToPriceRef.current[row] ?? -1);
    },
    markCut,
    report,
    tell,
  });

  return (
    // The frame takes the screen's height; the grid gets what the status line leaves.
    <div
      className="price-grid-frame"
      style={props.autoHeight ? undefined : { height: props.height ?? '60vh', display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <div
        ref={box}
        className="price-grid"
        role="region"
        aria-label={props.ariaLabel}
        onKeyDownCapture={(event) => handlers.keyDown(event, offeredCommands, commandTarget)}
        onContextMenuCapture={onContextMenu}
        onPaste={clipboard.paste}
        onCopy={clipboard.copy}
        onCut={clipboard.cut}
        onPointerDownCapture={onPointerDownCapture}
        onMouseDownCapture={(event) => handlers.mouseDown(event, cellAt(event.target as HTMLElement))}
        onFocusCapture={(event) => handlers.focusIn(event.target as HTMLElement)}
        onDoubleClickCapture={(event) => {
          if (cellAt(event.target as HTMLElement)) handlers.doubleClick();
        }}
        style={props.autoHeight ? { width: '100%' } : { flex: 1, minHeight: 0, width: '100%' }}
      >
        <AgGridReact
          theme={density === 'compact' ? compactPriceGridTheme : priceGridTheme}
          rowData={gridRows.rowData}
          columnDefs={columns}
          context={context}
          getRowId={(params: GetRowIdParams) => String((params.data as { key: string }).key)}
          readOnlyEdit
          suppressClickEdit
          onCellEditingStopped={handlers.editingStopped}
          onCellFocused={onCellFocused}
          onRowDragEnd={onRowDragEnd}
          onGridReady={(event) => {
            api.current = event.api;
            gridRows.onGridReady(event.api);
          }}
          isFullWidthRow={(params) => isGroupItem(params.rowNode.data)}
          fullWidthCellRenderer={GroupHeaderCell}
          getRowHeight={(params: RowHeightParams) => (isGroupItem(params.data) ? GROUP_ROW_HEIGHT : undefined)}
          defaultColDef={{ suppressKeyboardEvent: suppressGridKeys, sortable: false, resizable: true, suppressMovable: true }}
          tooltipShowDelay={300}
          domLayout={props.autoHeight ? 'autoHeight' : 'normal'}
          suppressCellFocus={false}
          animateRows={false}
        />
        {menuAt && (
          <GridContextMenu
            at={menuAt}
            commands={offeredCommands}
            target={commandTarget}
            onClose={() => {
              setMenuAt(null);
              backToGrid();
            }}
          />
        )}
        {helpOpen && (
          <GridHelpOverlay
            commands={offeredCommands}
            onClose={() => {
              setHelpOpen(false);
              backToGrid();
            }}
          />
        )}
      </div>
      <GridStatusLine store={store} model={model} displayToPrice={displayToPriceRef} columnName={columnName} />
    </div>
  );
}
