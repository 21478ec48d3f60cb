// Column definitions of the price grid: leading columns from the screen, then gross, non-com,
// commission, net, subtotal, adjustment, cost and profit (SPEC.md section 9's order). Styles are
// inline so that the grid needs no stylesheet beyond its theme (UX.md).

import { belowGuardrail, guardrailText } from '../domain/models/margin-guardrail';
import type { CellClassParams, CellStyle, ColDef, ICellEditorParams, ValueFormatterParams } from 'ag-grid-community';
import type { PriceRowOutcome } from '../formulas/price-rows';
import { rangeContains } from './cell-range';
import type { GridColumn } from './commands/grid-column';
import { formatMoney } from '../domain/format-money';
import { priceFieldSymbol, type PriceMoneyField } from '../domain/pricing/price-currencies';
import { GROSS_MISSING, priceInputProblem, type PriceInputField } from '../domain/pricing/price-input-rules';
import { formulaErrorNote } from './formula-error-note';
import { CellEditor } from './price-cell-editors';
import { isGroupItem, type LeadingColumn, type PriceGridContext, type SelectOption } from './price-grid-context';
import type { PriceRow } from './price-row';

const MUTED_BACKGROUND = '#f1f3f5';
const DIRTY_BACKGROUND = '#fff6d6';
const SELECTED_BACKGROUND = '#dbe7fd';
const FOUND_BACKGROUND = '#ffe08a';
const DANGER = '#c62828';
/** Under the model's margin guardrail but not losing money: amber, so it never reads as the red of a loss. */
const BELOW_GUARDRAIL = '#a15c00';
const CUT_OUTLINE = '#1858bd';

/**
 * Regular at full width; compact (13 px, narrower padding: see price-grid-theme.ts) when the grid
 * box is narrower than its regular columns, so that at 1024 px every column fits without a sideways
 * scroll where it can.
 */
export type GridDensity = 'regular' | 'compact';

/**
 * Narrowest widths per density that still show a money value such as '€1,100.50' and the header
 * whole (measured in Chromium with the theme's fonts); the money columns share any room beyond.
 * Compact headers shorten the two long names (the full name is the header's tooltip).
 */
const MIN_WIDTHS: Record<GridDensity, { index: number; gross: number; money: number; commission: number; adjustment: number }> = {
  regular: { index: 64, gross: 110, money: 96, commission: 124, adjustment: 108 },
  compact: { index: 44, gross: 80, money: 80, commission: 64, adjustment: 80 },
};
const HEADERS: Record<GridDensity, { commission: string; adjustment: string }> = {
  regular: { commission: 'Commission', adjustment: 'Adjustment' },
  compact: { commission: 'Comm.', adjustment: 'Adjust.' },
};

/** What every AG Grid callback passes: the row's data and the grid context. */
type Params = { data?: unknown; context: unknown };

const contextOf = (params: Params) => params.context as PriceGridContext;
const rowOf = (params: Params): PriceRow | null => (isGroupItem(params.data) || !params.data ? null : (params.data as PriceRow));

function outcomeOf(params: Params): PriceRowOutcome | null {
  const row = rowOf(params);
  if (row === null) return null;
  const index = contextOf(params).model.indexOf(row.key);
  return index < 0 ? null : contextOf(params).model.outcome(index);
}

/** A cell the Find & Replace preview will change: highlighted, with a class tests and styles can find. */
function isFound(params: Params, field: string): boolean {
  const row = rowOf(params);
  return row !== null && contextOf(params).model.isHighlighted(row.key, field);
}

function baseStyle(params: CellClassParams, field: string, editable: boolean): CellStyle {
  const row = rowOf(params);
  const context = contextOf(params);
  const { range, active, columnOrder, cut } = context.selection();
  const style: CellStyle = { backgroundColor: editable ? '' : MUTED_BACKGROUND, color: editable ? '' : '#5f6873' };
  if (row !== null && editable && context.model.isDirtyCell(row.key, field === 'gross' ? 'gross' : field)) {
    style.backgroundColor = DIRTY_BACKGROUND;
  }
  if (row !== null && field === 'gross' && context.model.isDirtyCell(row.key, 'formula')) style.backgroundColor = DIRTY_BACKGROUND;
  if (range && params.node.rowIndex !== null && rangeContains(range, columnOrder, params.node.rowIndex, params.colDef.colId ?? field)) {
    style.backgroundColor = SELECTED_BACKGROUND;
  }
  if (isFound(params, field)) style.backgroundColor = FOUND_BACKGROUND;
  // The active cell of a larger selection, where typing goes, stays unshaded and framed, as in Excel.
  const several = range !== null && (range.anchor.rowIndex !== range.focus.rowIndex || range.anchor.colId !== range.focus.colId);
  if (several && active?.rowIndex === params.node.rowIndex && active.colId === (params.colDef.colId ?? field)) {
    style.backgroundColor = editable ? '#fff' : MUTED_BACKGROUND;
    style.boxShadow = `inset 0 0 0 2px ${CUT_OUTLINE}`;
  }
  // Cut cells are outlined, as a spreadsheet's marching ants, until the paste that moves them.
  if (row !== null && cut && cut.rowKeys.includes(row.key) && cut.colIds.includes(params.colDef.colId ?? field)) {
    style.outline = `1px dashed ${CUT_OUTLINE}`;
    style.outlineOffset = '-3px';
  }
  return style;
}

/** A money field with its currency's sign (the season's or £, PRICE_FIELD_CURRENCY); text (an error's code) as it is. */
const moneyFormatter = (field: PriceMoneyField) => (params: ValueFormatterParams) =>
  typeof params.value === 'number' ? formatMoney(params.value, priceFieldSymbol(field, contextOf(params).currencySymbol)) : String(params.value ?? '');

function computedColumn(field: 'net' | 'subtotal' | 'cost' | 'profit', headerName: string, density: GridDensity): ColDef {
  return {
    colId: field,
    field,
    headerName,
    // Money columns share the room left, so the grid fills wide screens and shrinks on narrow ones.
    flex: 1,
    minWidth: MIN_WIDTHS[density].money,
    type: 'rightAligned',
    editable: false,
    valueGetter: (params) => {
      const outcome = outcomeOf(params);
      if (outcome === null) return null;
      // A row in error shows its code in every cell worked out from the gross, as Excel does; a missing gross, a dash.
      if ('error' in outcome) return outcome.error === GROSS_MISSING ? '—' : outcome.code;
      return outcome[field];
    },
    valueFormatter: moneyFormatter(field),
    cellStyle: (params) => {
      const style = baseStyle(params, field, false);
      const outcome = outcomeOf(params);
      const red = outcome !== null && !('error' in outcome) && ((field === 'profit' && outcome.profit < 0) || (field === 'net' && outcome.net === 0));
      if (red) return { ...style, color: DANGER, fontWeight: 600 };
      const amber =
        field === 'profit' &&
        outcome !== null &&
        !('error' in outcome) &&
        !outcome.missing &&
        belowGuardrail(outcome.cost, outcome.profit, contextOf(params).guardrail);
      return amber ? { ...style, color: BELOW_GUARDRAIL, fontWeight: 600, background: '#fff4e0' } : style;
    },
    tooltipValueGetter: (params) => {
      const outcome = outcomeOf(params);
      if (outcome === null) return undefined;
      if ('error' in outcome) return formulaErrorNote(outcome, rowOf(params)?.formula ?? null)?.explanation;
      if (outcome.missing === 'markup-rate') return 'The season model has no such commission rate';
      if (outcome.missing === 'currency-rate') return 'The season has no currency rate';
      if (field === 'net' && outcome.net === 0) return 'Net is zero: it would be no more than the non-commissionable part';
      if (field === 'profit' && outcome.profit < 0) return 'Selling below cost';
      const guardrail = contextOf(params).guardrail;
      if (field === 'profit' && belowGuardrail(outcome.cost, outcome.profit, guardrail)) return `Below ${guardrailText(guardrail)}`;
      return undefined;
    },
  };
}

function moneyColumn(field: 'gross' | 'non_com' | 'adjustment', headerName: string, density: GridDensity): ColDef {
  const widths = MIN_WIDTHS[density];
  return {
    colId: field,
    field,
    headerName,
    flex: 1,
    minWidth: field === 'gross' ? widths.gross : field === 'adjustment' ? widths.adjustment : widths.money,
    type: 'rightAligned',
    editable: (params) => !isGroupItem(params.data),
    cellEditor: CellEditor,
    cellClass: (params) => (isFound(params, field) ? 'find-match' : undefined),
    valueGetter: (params) => {
      const row = rowOf(params);
      if (row === null) return null;
      if (field !== 'gross') return row[field];
      const outcome = outcomeOf(params);
      // A cleared gross stays blank, marked red like an error, with the reason on hover; a formula in error shows Excel's code.
      if (outcome !== null && 'error' in outcome) return outcome.error === GROSS_MISSING ? null : outcome.code;
      return outcome?.gross ?? row.gross;
    },
    valueFormatter: moneyFormatter(field),
    cellStyle: (params) => {
      const style = baseStyle(params, field, true);
      const row = rowOf(params);
      if (field !== 'gross' || row === null) return style;
      const outcome = outcomeOf(params);
      if (outcome !== null && 'error' in outcome) return { ...style, color: DANGER, fontWeight: 600, boxShadow: `inset 0 0 0 1px ${DANGER}` };
      return row.formula ? { ...style, fontStyle: 'italic', color: '#1858bd' } : style;
    },
    tooltipValueGetter: (params) => {
      const row = rowOf(params);
      if (field !== 'gross' || row === null) return undefined;
      const error = formulaErrorNote(outcomeOf(params), row.formula);
      if (error !== undefined) return error.explanation;
      return row.formula ? `Formula: ${row.formula}` : undefined;
    },
  };
}

function selectColumn(column: { field: string; headerName: string; width?: number; editable?: (row: PriceRow) => boolean }): ColDef {
  return {
    colId: column.field,
    field: column.field,
    headerName: column.headerName,
    width: column.width ?? 150,
    editable: (params) => {
      const row = isGroupItem(params.data) ? null : (params.data as PriceRow);
      return row !== null && (column.editable?.(row) ?? true);
    },
    cellEditor: CellEditor,
    // A choice opened on purpose shows its list under the cell; typed text edits in the cell.
    cellEditorSelector: (params: ICellEditorParams) => ({
      component: CellEditor,
      popup: contextOf(params).editState().choice !== null,
      popupPosition: 'under',
    }),
    valueFormatter: (params) => {
      const row = rowOf(params);
      if (row === null) return '';
      if (column.editable && !column.editable(row)) return '—';
      const option = contextOf(params)
        .optionsFor(column.field)
        .find((candidate) => candidate.value === (params.value ?? null));
      return option?.label ?? (params.value == null ? '' : `#${String(params.value)}`);
    },
    cellStyle: (params) => {
      const row = rowOf(params);
      return baseStyle(params, column.field, row !== null && (column.editable?.(row) ?? true));
    },
  };
}

function wholeNumberColumn(column: LeadingColumn): ColDef {
  return {
    colId: column.field,
    field: column.field,
    headerName: column.headerName,
    width: column.width ?? 90,
    type: 'rightAligned',
    editable: (params) => !isGroupItem(params.data),
    cellEditor: CellEditor,
    cellStyle: (params) => baseStyle(params, column.field, true),
  };
}

/** Read-only text (muted like computed cells); the screen edits the field outside the grid. */
function textColumn(column: LeadingColumn): ColDef {
  return {
    colId: column.field,
    field: column.field,
    headerName: column.headerName,
    width: column.width ?? 150,
    editable: false,
    valueGetter: (params) => {
      const row = rowOf(params);
      return row === null ? '' : (column.format?.(row) ?? String(row[column.field] ?? ''));
    },
    tooltipValueGetter: (params) => (params.value ? String(params.value) : undefined),
    cellStyle: (params) => baseStyle(params, column.field, false),
  };
}

function leadingColumn(leading: LeadingColumn, density: GridDensity): ColDef {
  const column = density === 'compact' && leading.compactWidth !== undefined ? { ...leading, width: leading.compactWidth } : leading;
  const definition = column.kind === 'select' ? selectColumn(column) : column.kind === 'text' ? textColumn(column) : wholeNumberColumn(column);
  const described = column.headerTooltip === undefined ? definition : { ...definition, headerTooltip: column.headerTooltip };
  return column.pinned ? { ...described, pinned: 'left' } : described;
}

export const INDEX_COLUMN = '#';
export const COMMISSION_FIELD = 'markup_rate_id';

/** All columns of a price grid, in display order. */
export function priceGridColumns(leading: readonly LeadingColumn[], density: GridDensity = 'regular'): ColDef[] {
  const widths = MIN_WIDTHS[density];
  return [
    {
      colId: INDEX_COLUMN,
      headerName: '#',
      // The one number staff see counted from 0: formulas name rows by it ([0] is the first row).
      headerTooltip: 'Row number for formulas: [0] is the first row, so it counts from 0',
      width: widths.index,
      pinned: 'left',
      editable: false,
      valueGetter: (params) => {
        const row = rowOf(params);
        return row === null ? null : contextOf(params).model.indexOf(row.key);
      },
      cellStyle: (params) => {
        const row = rowOf(params);
        const failed = row !== null && contextOf(params).model.serverError(row.key) !== undefined;
        return { backgroundColor: failed ? '#fdecea' : MUTED_BACKGROUND, color: failed ? DANGER : '#5f6873', fontWeight: failed ? 700 : 400 };
      },
      tooltipValueGetter: (params) => {
        const row = rowOf(params);
        return row === null ? undefined : contextOf(params).model.serverError(row.key);
      },
    },
    ...leading.map((column) => leadingColumn(column, density)),
    moneyColumn('gross', 'Gross', density),
    moneyColumn('non_com', 'Non-com', density),
    { ...selectColumn({ field: COMMISSION_FIELD, headerName: HEADERS[density].commission, width: widths.commission }), headerTooltip: 'Commission' },
    computedColumn('net', 'Net', density),
    computedColumn('subtotal', 'Subtotal', density),
    { ...moneyColumn('adjustment', HEADERS[density].adjustment, density), headerTooltip: 'Adjustment' },
    computedColumn('cost', 'Cost', density),
    computedColumn('profit', 'Profit', density),
  ];
}

/** The width the columns need at their narrowest: below it the grid scrolls sideways. */
export function priceGridMinWidth(leading: readonly LeadingColumn[], density: GridDensity): number {
  return priceGridColumns(leading, density).reduce((sum, column) => sum + (column.width ?? column.minWidth ?? 0), 0);
}

/** A money input's rule: what a typed gross, non-com or adjustment may hold. */
const ruleOf = (field: PriceInputField) => (value: number) => priceInputProblem(field, value);

/**
 * The same columns as the grid commands and the edit machine see them (typing, paste, fill,
 * clear): choice columns carry their options, whose labels the clipboard and the list show, and
 * money columns the rules a typed price keeps.
 */
export function commandColumns(leading: readonly LeadingColumn[], rateOptions: readonly SelectOption[]): GridColumn[] {
  return [
    { colId: INDEX_COLUMN, type: 'number', editable: false },
    ...leading.map((column): GridColumn => {
      if (column.kind === 'text') return { colId: column.field, type: 'text', editable: false };
      const rowEditable = column.editable;
      return {
        colId: column.field,
        type: 'number',
        editable: true,
        ...(column.kind === 'select' ? { options: column.options ?? [] } : {}),
        ...(rowEditable ? { editableRow: (row) => rowEditable(row as PriceRow) } : {}),
        ...(column.rule ? { rule: column.rule } : {}),
      };
    }),
    { colId: 'gross', type: 'formula-number', editable: true, rule: ruleOf('gross') },
    { colId: 'non_com', type: 'number', editable: true, rule: ruleOf('non_com') },
    { colId: COMMISSION_FIELD, type: 'number', editable: true, options: rateOptions },
    { colId: 'net', type: 'number', editable: false },
    { colId: 'subtotal', type: 'number', editable: false },
    { colId: 'adjustment', type: 'number', editable: true, rule: ruleOf('adjustment') },
    { colId: 'cost', type: 'number', editable: false },
    { colId: 'profit', type: 'number', editable: false },
  ];
}
