// The one price grid of the app (pricing, bikes, later extras and bulk pricing): AG Grid
// Community over a PriceGridModel. Every edit goes through the model's price workbook and only
// the rows it reports are refreshed, so a keystroke costs the same in a 20-row and a 2,000-row
// season. The keys come from the command registry (src/grid/commands/grid-commands.ts), which
// the right-click menu and the help overlay (? or F1) read too; AG Grid keeps typing, Enter or F2
// to edit, Tab and Escape inside an edit. Shift+click also extends the rectangle selection.
// Copy, cut and paste are the grid's clipboard events (copyBlock, pasteBlock with the cut), which
// Ctrl+C/X/V fire in the browser and the menu's Copy, Cut and Paste dispatch.

import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
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
  type CellEditRequestEvent,
  type CellFocusedEvent,
  type GetRowIdParams,
  type GridApi,
  type IRowNode,
  type RowDragEndEvent,
  type RowHeightParams,
  type SuppressKeyboardEventParams,
} from 'ag-grid-community';
import { AgGridReact, type CustomCellRendererProps } from 'ag-grid-react';
import { changeOf, type CellChange } from './commands/cell-change';
import { copyBlock } from './commands/copy-block';
import { commandForKey, type GridCommandTarget } from './commands/grid-command-registry';
import { gridCommands } from './commands/grid-commands';
import type { GridLayout } from './commands/grid-cursor';
import { parseClipboardBlock } from './commands/parse-clipboard-block';
import { pasteBlock } from './commands/paste-block';
import { textToCellChanges } from './commands/text-to-cell-changes';
import { rangeContains, rangeRows, rangeToSelection, type CellPosition, type CellRange } from './cell-range';
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
import { createPriceGridStore, priceGridState, type MarkedCut } from './price-grid-state';

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

const PREVIEW_FIELDS = new Set(['gross', 'non_com', 'adjustment']);

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

const samePosition = (a: CellPosition, b: CellPosition) => a.rowIndex === b.rowIndex && a.colId === b.colId;

const OUTSIDE_EDIT = gridCommands.filter((command) => !command.whileEditing);
const WHILE_EDITING = gridCommands.filter((command) => command.whileEditing);

/** Outside an edit AG Grid leaves the registry's keys to the grid's own handler (or the browser's). */
function suppressGridKeys(params: SuppressKeyboardEventParams): boolean {
  return !params.editing && commandForKey(OUTSIDE_EDIT, params.event) !== undefined;
}

export function PriceGrid(props: PriceGridProps) {
  const { model, leadingColumns = [], rateOptions, currencySymbol, groupHeaders, onMessage, onFocusRow } = props;
  const api = useRef<GridApi | null>(null);
  // This grid's selection and cut (price-grid-state.ts), in a store of its own.
  const [store] = useState(createPriceGridStore);
  const range = useCallback(() => store.get(priceGridState.range), [store]);
  const cut = useCallback(() => store.get(priceGridState.cut), [store]);
  const shiftClick = useRef(false);
  const mouseDown = useRef(false);
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
  const commands = useMemo(() => commandColumns(leadingColumns).filter((column) => shown(column.colId)), [leadingColumns, shown]);

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
  const displayToPriceRef = useRef(displayToPrice);
  displayToPriceRef.current = displayToPrice;

  // Columns are neither moved nor hidden, so the defined order is the displayed order.
  const columnOrder = useCallback((): string[] => columns.map((column) => String(column.colId)), [columns]);
  const propsRef = useRef(props);
  propsRef.current = props;

  const context = useMemo<PriceGridContext>(
    () => ({
      model,
      preview: (key, field, text) => {
        const index = model.indexOf(key);
        if (index >= 0 && PREVIEW_FIELDS.has(field)) model.preview(index, field, text);
      },
      optionsFor: (field) => (field === COMMISSION_FIELD ? rateOptions : (leadingColumns.find((column) => column.field === field)?.options ?? [])),
      selection: () => ({ range: range(), columnOrder: columnOrder(), cut: cut() }),
      renderGroupHeader: (key) => propsRef.current.renderGroupHeader?.(key) ?? null,
      currencySymbol,
      guardrail: props.guardrail ?? NO_GUARDRAIL,
    }),
    [model, rateOptions, leadingColumns, currencySymbol, columnOrder, range, cut, props.guardrail],
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

  const setRange = useCallback(
    (next: CellRange | null) => {
      const grid = api.current;
      const touched = new Set([...rangeRows(range()), ...rangeRows(next)]);
      store.set(priceGridState.range, next);
      const span = next && rangeToSelection(next, [], (row) => displayToPriceRef.current[row] ?? -1);
      propsRef.current.onSelectRows?.(span ? { first: span.startRow, last: span.endRow } : null);
      if (!grid) return;
      const nodes = [...touched].map((row) => grid.getDisplayedRowAtIndex(row)).filter((node): node is IRowNode => node !== undefined);
      grid.refreshCells({ rowNodes: nodes, force: true });
    },
    [range, store],
  );

  // After the rows are re-read, row numbers shift: refresh the `#` column (only drawn rows cost).
  // Rows moved with Alt+Shift+arrows keep the cursor and the selection on them.
  useEffect(() => {
    api.current?.refreshCells({ force: true });
    const target = follow.current;
    follow.current = null;
    const grid = api.current;
    if (!target || !grid) return;
    const anchor = { rowIndex: items.findIndex((item) => item.key === target.anchor.key), colId: target.anchor.colId };
    const focus = { rowIndex: items.findIndex((item) => item.key === target.focus.key), colId: target.focus.colId };
    if (anchor.rowIndex < 0 || focus.rowIndex < 0) return;
    setRange({ anchor, focus });
    grid.ensureIndexVisible(focus.rowIndex);
    grid.setFocusedCell(focus.rowIndex, focus.colId);
  }, [items, setRange]);

  const currentRange = useCallback((): CellRange | null => {
    const focused = api.current?.getFocusedCell();
    const here = focused ? { rowIndex: focused.rowIndex, colId: focused.column.getColId() } : null;
    // A range that does not end on the focused cell is older than the focus (a click or an arrow
    // whose report has not come yet): the command works from the focused cell.
    const selected = range();
    return here === null ? selected : selected && samePosition(selected.focus, here) ? selected : { anchor: here, focus: here };
  }, [range]);

  const selection = useCallback(() => {
    const current = currentRange();
    return current ? rangeToSelection(current, columnOrder(), (row) => displayToPriceRef.current[row] ?? -1) : null;
  }, [columnOrder, currentRange]);

  const tell = useCallback((message: string) => onMessage?.(message), [onMessage]);

  const onCellEditRequest = useCallback(
    (event: CellEditRequestEvent) => {
      const row = event.data as PriceRow;
      const field = String(event.colDef.field);
      const text = event.newValue === null || event.newValue === undefined ? '' : String(event.newValue);
      const isSelect = field === COMMISSION_FIELD || leadingColumns.some((column) => column.field === field && column.kind === 'select');
      let changes: CellChange[] = [];
      if (isSelect) {
        const change = changeOf(row, field, text === '' ? null : Number(text));
        changes = change ? [change] : [];
      } else {
        const column = commands.find((candidate) => candidate.colId === field);
        if (!column) return;
        const result = textToCellChanges(row, column, text);
        if (!result.ok) {
          tell(`Row ${model.indexOf(row.key)}: ${result.message}`);
          model.endPreview(model.indexOf(row.key));
          return;
        }
        changes = result.changes;
      }
      model.edit(changes);
    },
    [commands, leadingColumns, model, tell],
  );

  const layout = (): GridLayout => {
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
  };

  /** Alt+Shift+Up/Down: the screen moves the selected rows, and the grid's cursor and selection follow them. */
  const moveSelectedRows = (delta: -1 | 1) => {
    const current = currentRange();
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

  const focusCell = (position: CellPosition) => {
    const grid = api.current;
    if (!grid) return;
    grid.ensureIndexVisible(position.rowIndex);
    grid.ensureColumnVisible(position.colId);
    grid.setFocusedCell(position.rowIndex, position.colId);
  };

  /** The cell with the keyboard focus, for the clipboard events to start from. */
  const focusedElement = (): HTMLElement | null => {
    const current = currentRange();
    if (current) focusCell(current.focus);
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

  const commandTarget: GridCommandTarget = {
    readOnly,
    commitEdit: () => api.current?.stopEditing(false),
    layout,
    range: currentRange,
    setRange: (next) => {
      mouseDown.current = false;
      setRange(next);
      focusCell(next.focus);
    },
    selection,
    rows: () => model.rows,
    columns: commands,
    edit: (changes) => model.edit(changes),
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

  // In the capture phase, before AG Grid: a command's key never reaches the grid's own handling.
  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const grid = api.current;
    const target = event.target as HTMLElement;
    if (!grid || !target.closest('.ag-root-wrapper')) return;
    const editing = grid.getEditingCells().length > 0;
    // Outside an edit, the buttons of a group header row keep their keys.
    if (!editing && target.closest('input, select, textarea, button')) return;
    const command = commandForKey(editing ? WHILE_EDITING : OUTSIDE_EDIT, event);
    if (!command || command.native) return;
    event.preventDefault();
    event.stopPropagation();
    if (command.enabled(commandTarget)) command.perform(commandTarget);
  };

  const cellAt = (element: HTMLElement): CellPosition | null => {
    const cell = element.closest('.ag-cell');
    const row = cell?.closest('.ag-row');
    return cell && row?.hasAttribute('row-index') ? { rowIndex: Number(row.getAttribute('row-index')), colId: cell.getAttribute('col-id') ?? '' } : null;
  };

  // A right click inside the selection keeps it, for the menu's commands to act on: neither AG
  // Grid (which focuses a cell on pointerdown) nor the browser moves the focus to the clicked cell.
  const onPointerDownCapture = (event: PointerEvent<HTMLDivElement>) => {
    const here = cellAt(event.target as HTMLElement);
    const current = currentRange();
    if (event.button !== 2 || !here || !current || !rangeContains(current, columnOrder(), here.rowIndex, here.colId)) return;
    event.preventDefault();
    event.stopPropagation();
  };

  // A click selects its cell at once: AG Grid reports focus to React late, after keys pressed
  // since, and a click on the cell that has the focus already is not reported at all.
  const onMouseDownCapture = (event: MouseEvent<HTMLDivElement>) => {
    const here = cellAt(event.target as HTMLElement);
    shiftClick.current = event.shiftKey;
    mouseDown.current = true;
    if (event.button !== 0 || event.shiftKey || !here) return;
    const selected = range();
    if (!selected || !samePosition(selected.anchor, here) || !samePosition(selected.focus, here)) setRange({ anchor: here, focus: here });
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
    const current = currentRange();
    if (current) focusCell(current.focus);
  };

  const onCellFocused = (event: CellFocusedEvent) => {
    if (event.rowIndex === null || !event.column || typeof event.column === 'string') return;
    const here = { rowIndex: event.rowIndex, colId: event.column.getColId() };
    // AG Grid reports focus changes to React asynchronously, so a report may come after further
    // Shift+arrow presses moved on: only the cell focused now counts. And the cell a Shift+arrow
    // moved to is the range's focus already: its report must not collapse the range to it.
    const now = api.current?.getFocusedCell();
    if (now && !samePosition({ rowIndex: now.rowIndex, colId: now.column.getColId() }, here)) return;
    const price = displayToPriceRef.current[event.rowIndex] ?? -1;
    if (price >= 0 && model.rows[price]) onFocusRow?.(model.rows[price].key);
    const byMouse = mouseDown.current;
    mouseDown.current = false;
    const selected = range();
    if (!byMouse && selected && samePosition(selected.focus, here)) return;
    if (shiftClick.current && selected) setRange({ anchor: selected.anchor, focus: here });
    else setRange({ anchor: here, focus: here });
  };

  /** The columns with the choices of their select cells, which the clipboard holds as labels. */
  const clipboardColumns = () => commands.map((column) => (isChoiceField(column.colId) ? { ...column, options: context.optionsFor(column.colId) } : column));
  const isChoiceField = (colId: string) => colId === COMMISSION_FIELD || leadingColumns.some((column) => column.field === colId && column.kind === 'select');
  /** A column as the clerk knows it: its full header ('Commission' where the compact header says 'Comm.'). */
  const columnName = (colId: string) => {
    const column = columns.find((candidate) => candidate.colId === colId);
    return String(column?.headerTooltip ?? column?.headerName ?? colId);
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const grid = api.current;
    const target = event.target as HTMLElement;
    const focused = grid?.getFocusedCell();
    if (readOnly || !grid || !focused || target.closest('input, select, textarea')) return;
    event.preventDefault();
    const text = event.clipboardData.getData('text/plain');
    const block = parseClipboardBlock(text);
    let priceRow = displayToPriceRef.current[focused.rowIndex] ?? -1;
    if (priceRow < 0) priceRow = displayToPriceRef.current[focused.rowIndex + 1] ?? -1;
    if (priceRow < 0) return;
    const focus = { rowIndex: priceRow, colId: focused.column.getColId() };
    // Only a paste of the text the cut put on the clipboard moves the cut cells.
    const marked = cut();
    const moved = marked?.text === text ? marked : undefined;
    const result = pasteBlock(model.rows, clipboardColumns(), focus, block, selection() ?? undefined, moved);
    model.edit(result.changes);
    markCut(null);
    const notes = result.errors.slice(0, 3).map((error) => `Row ${error.rowIndex}, ${columnName(error.colId)}: ${error.message}`);
    if (result.errors.length > 3) notes.push(`and ${result.errors.length - 3} more cell(s) left as they were`);
    if (result.cut.rows > 0) notes.push(`${result.cut.rows} pasted row(s) fell below the last row and were left out`);
    if (moved && !result.clearedCut) notes.push('The cut cells were kept, since part of the paste was refused');
    if (notes.length) tell(notes.join('\n'));
  };

  /** Puts the selection on the clipboard; the text, or null when the event is not the grid's. */
  const copySelection = (event: ClipboardEvent<HTMLDivElement>): string | null => {
    const target = event.target as HTMLElement;
    const current = selection();
    if (!current || target.closest('input, select, textarea')) return null;
    event.preventDefault();
    const shown = (index: number) => ({
      [INDEX_COLUMN]: index,
      ...shownOutcome(model.outcome(index)),
      ...Object.fromEntries(
        leadingColumns.flatMap((column) => (column.kind === 'text' && column.format ? [[column.field, column.format(model.rows[index])]] : [])),
      ),
    });
    const text = copyBlock(model.rows, clipboardColumns(), current, shown);
    event.clipboardData.setData('text/plain', text);
    return text;
  };

  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    copySelection(event);
  };

  const onCut = (event: ClipboardEvent<HTMLDivElement>) => {
    const current = selection();
    const text = copySelection(event);
    if (text === null || current === null || readOnly) return;
    const keys = model.rows.slice(Math.min(current.startRow, current.endRow), Math.max(current.startRow, current.endRow) + 1).map((row) => row.key);
    markCut({ text, rowKeys: keys, colIds: current.colIds, rows: [...model.rows] });
  };

  return (
    <div
      ref={box}
      className="price-grid"
      role="region"
      aria-label={props.ariaLabel}
      onKeyDownCapture={onKeyDownCapture}
      onContextMenuCapture={onContextMenu}
      onPaste={onPaste}
      onCopy={onCopy}
      onCut={onCut}
      onPointerDownCapture={onPointerDownCapture}
      onMouseDownCapture={onMouseDownCapture}
      style={{ height: props.autoHeight ? undefined : (props.height ?? '60vh'), width: '100%' }}
    >
      <AgGridReact
        theme={density === 'compact' ? compactPriceGridTheme : priceGridTheme}
        rowData={items}
        columnDefs={columns}
        context={context}
        getRowId={(params: GetRowIdParams) => String((params.data as { key: string }).key)}
        readOnlyEdit
        onCellEditRequest={onCellEditRequest}
        onCellEditingStopped={(event) => {
          if (!isGroupItem(event.data) && event.data) model.endPreview(model.indexOf((event.data as PriceRow).key));
        }}
        onCellFocused={onCellFocused}
        onRowDragEnd={onRowDragEnd}
        onGridReady={(event) => {
          api.current = event.api;
        }}
        isFullWidthRow={(params) => isGroupItem(params.rowNode.data)}
        fullWidthCellRenderer={GroupHeaderCell}
        getRowHeight={(params: RowHeightParams) => (isGroupItem(params.data) ? 34 : undefined)}
        defaultColDef={{ suppressKeyboardEvent: suppressGridKeys, sortable: false, resizable: true, suppressMovable: true }}
        enterNavigatesVerticallyAfterEdit
        stopEditingWhenCellsLoseFocus
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
  );
}
