// The state behind one price grid, outside React so that a keystroke touches only the rows it
// changes: the staged rows, the price workbook that computes them, the undo history, which
// cells differ from what was loaded, and the rows a failed save named. The grid component
// listens and refreshes just the rows each event names.

import type { MarkupRate, PriceKind } from '../domain/price-maths';
import { PriceWorkbook } from '../formulas/price-workbook';
import type { ChangedRow, PriceRowInput, PriceRowOutcome } from '../formulas/price-rows';
import { applyChanges, type CellChange } from './commands/cell-change';
import { UndoStack } from './commands/undo-stack';
import { PRICE_FIELDS, type PriceRow } from './price-row';

/**
 * Above this many rows the workbook prices in TypeScript (same results, much faster to build):
 * at 1,000 a 2,000-row season's pricing tab became interactive in 0.87 s instead of 2.1 s
 * (tests/bench/pricing-grid-bench.ts).
 */
export const LARGE_GRID_ROWS = 1000;

export type PriceGridEvent =
  /** These rows' data or computed values changed (indexes in the price row order). */
  | { kind: 'rows'; rows: readonly number[] }
  /** Rows were added, removed or reordered, or everything was replaced. */
  | { kind: 'structure' };

export type PriceGridSetup<R extends PriceRow> = {
  rows: readonly R[];
  rates: readonly MarkupRate[];
  currencyRate: number | null;
  kind: PriceKind;
  /** Fields besides the price fields whose changes count as unsaved (room_type_id, bike_id...). */
  trackedFields?: readonly string[];
};

const toInput = (row: PriceRow): PriceRowInput => ({
  formula: row.formula,
  gross: row.gross ?? 0,
  non_com: row.non_com ?? 0,
  adjustment: row.adjustment ?? 0,
  markup_rate_id: row.markup_rate_id,
});

export class PriceGridModel<R extends PriceRow> {
  private rowList: R[];
  private workbook: PriceWorkbook;
  private readonly kind: PriceKind;
  private readonly tracked: readonly string[];
  private baseline = new Map<string, R>();
  private positions = new Map<string, number>();
  private dirtyKeys = new Set<string>();
  private history = UndoStack.empty();
  private readonly listeners = new Set<(event: PriceGridEvent) => void>();
  private serverErrorMap = new Map<string, string>();
  /** Cells Find & Replace will change, as `rowKey field`, shown until its next preview. */
  private foundCells: readonly FoundCellRef[] = [];
  private foundIds = new Set<string>();
  /** Bumped on every change, for useSyncExternalStore readers (save label, undo buttons). */
  private revisionNumber = 0;

  constructor(setup: PriceGridSetup<R>) {
    this.kind = setup.kind;
    this.tracked = [...PRICE_FIELDS, ...(setup.trackedFields ?? [])];
    this.rowList = [...setup.rows];
    this.workbook = this.build(setup.rates, setup.currencyRate);
    this.rememberBaseline();
    this.reindex();
  }

  get rows(): readonly R[] {
    return this.rowList;
  }

  get revision(): number {
    return this.revisionNumber;
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  get rates(): MarkupRate[] {
    return this.workbook.getRates();
  }

  indexOf(key: string): number {
    return this.positions.get(key) ?? -1;
  }

  outcome(index: number): PriceRowOutcome {
    return this.workbook.getRow(index).result;
  }

  /** The row as it will be saved: a formula row carries its evaluated gross. */
  savedFields(index: number): PriceRowInput {
    return this.workbook.getRow(index).input;
  }

  errors(): { row: number; message: string }[] {
    return this.workbook.getErrors();
  }

  subscribe(listener: (event: PriceGridEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** One user action (a typed cell, a paste, a fill-down...): applied and recorded as one undo step. */
  edit(changes: readonly CellChange[]): void {
    if (changes.length === 0) return;
    this.history = this.history.record(changes);
    this.applyToRows(applyChanges(this.rowList, changes), changes);
  }

  undo(): CellChange[] {
    const step = this.history.undo(this.rowList);
    this.history = step.stack;
    if (step.batch) this.applyToRows(step.rows, step.batch);
    else this.emit({ kind: 'rows', rows: [] });
    return step.batch ? [...step.batch] : [];
  }

  redo(): CellChange[] {
    const step = this.history.redo(this.rowList);
    this.history = step.stack;
    if (step.batch) this.applyToRows(step.rows, step.batch);
    else this.emit({ kind: 'rows', rows: [] });
    return step.batch ? [...step.batch] : [];
  }

  /**
   * Live recompute while a gross, non-com or adjustment cell is being typed: the workbook takes
   * the text, the rows are left alone until the edit is committed (or put back by endPreview).
   */
  preview(index: number, field: 'gross' | 'non_com' | 'adjustment', text: string): void {
    const row = this.rowList[index];
    if (row === undefined) return;
    let changed: ChangedRow[];
    if (field === 'gross') changed = this.workbook.setGross(index, text);
    else {
      const value = text.trim() === '' ? 0 : Number(text);
      if (!Number.isFinite(value)) return;
      changed = this.workbook.setField(index, field, value);
    }
    this.emit({ kind: 'rows', rows: changed.map((change) => change.row) });
  }

  /** Puts the workbook back in line with the staged row after a preview (a cancelled edit). */
  endPreview(index: number): void {
    const row = this.rowList[index];
    if (row === undefined) return;
    this.emit({ kind: 'rows', rows: this.syncWorkbookRow(index, row) });
  }

  /** Inserts rows before `at`; their `[n]` are numbered as after the insert. */
  insertRows(at: number, rows: readonly R[]): void {
    if (rows.length === 0) return;
    this.rowList.splice(at, 0, ...rows);
    const changed = this.workbook.insertRows(at, rows.map(toInput));
    this.afterStructure(changed);
  }

  removeRows(at: number, count: number): R[] {
    if (count === 0) return [];
    const removed = this.rowList.splice(at, count);
    const changed = this.workbook.removeRows(at, count);
    for (const row of removed) this.dirtyKeys.delete(row.key);
    this.afterStructure(changed);
    return removed;
  }

  moveRows(from: number, count: number, to: number): void {
    const moved = this.rowList.splice(from, count);
    this.rowList.splice(to, 0, ...moved);
    this.afterStructure(this.workbook.moveRows(from, count, to));
  }

  setRates(rates: readonly MarkupRate[], currencyRate: number | null): void {
    this.workbook.destroy();
    this.workbook = this.build(rates, currencyRate);
    this.emit({ kind: 'structure' });
  }

  /**
   * Takes the rows the server stored as the new baseline (after a save or a refetch). Keys are
   * kept when the rows line up with the staged ones, so the grid updates in place and keeps focus.
   */
  reset(rows: readonly R[], rates: readonly MarkupRate[], currencyRate: number | null): void {
    this.rowList = [...rows];
    this.workbook.destroy();
    this.workbook = this.build(rates, currencyRate);
    this.history = UndoStack.empty();
    this.serverErrorMap = new Map();
    this.rememberBaseline();
    this.reindex();
    this.emit({ kind: 'structure' });
  }

  isNew(key: string): boolean {
    return !this.baseline.has(key);
  }

  isDirtyCell(key: string, field: string): boolean {
    const before = this.baseline.get(key);
    if (before === undefined) return true;
    const index = this.indexOf(key);
    if (index < 0) return false;
    return !sameValue(before[field], this.rowList[index][field]);
  }

  /** Rows that a save will write: new rows and rows with a changed field. */
  get dirtyRowCount(): number {
    return this.dirtyKeys.size;
  }

  /** Marks rows a failed save named (key -> the server's message); replaces earlier marks. */
  setServerErrors(errors: ReadonlyMap<string, string>): void {
    const touched = new Set([...this.serverErrorMap.keys(), ...errors.keys()]);
    this.serverErrorMap = new Map(errors);
    this.emit({ kind: 'rows', rows: [...touched].map((key) => this.indexOf(key)).filter((index) => index >= 0) });
  }

  serverError(key: string): string | undefined {
    return this.serverErrorMap.get(key);
  }

  /** Highlights the cells a Find & Replace preview will change; an empty list clears it. */
  highlight(cells: readonly FoundCellRef[]): void {
    const touched = new Set([...this.foundCells, ...cells].map((cell) => this.indexOf(cell.rowKey)).filter((index) => index >= 0));
    this.foundCells = [...cells];
    this.foundIds = new Set(cells.map((cell) => foundId(cell.rowKey, cell.colId)));
    this.emit({ kind: 'rows', rows: [...touched] });
  }

  isHighlighted(key: string, field: string): boolean {
    return this.foundIds.has(foundId(key, field));
  }

  destroy(): void {
    this.workbook.destroy();
    this.listeners.clear();
  }

  private build(rates: readonly MarkupRate[], currencyRate: number | null): PriceWorkbook {
    return new PriceWorkbook({
      rows: this.rowList.map(toInput),
      rates,
      currencyRate,
      kind: this.kind,
      computeIn: this.rowList.length > LARGE_GRID_ROWS ? 'typescript' : 'hyperformula',
    });
  }

  private rememberBaseline(): void {
    this.baseline = new Map(this.rowList.filter((row) => row.id !== undefined).map((row) => [row.key, row]));
    this.dirtyKeys = new Set(this.rowList.filter((row) => row.id === undefined).map((row) => row.key));
  }

  private reindex(): void {
    this.positions = new Map(this.rowList.map((row, index) => [row.key, index]));
  }

  private applyToRows(next: R[], changes: readonly CellChange[]): void {
    this.rowList = next;
    const touched = new Set<number>();
    for (const key of new Set(changes.map((change) => change.rowKey))) {
      const index = this.indexOf(key);
      if (index < 0) continue;
      touched.add(index);
      const fields = new Set(changes.filter((change) => change.rowKey === key).map((change) => change.colId));
      for (const row of this.syncWorkbookRow(index, this.rowList[index], fields)) touched.add(row);
      this.updateDirty(key, index);
    }
    this.emit({ kind: 'rows', rows: [...touched] });
  }

  /** Writes a row's price fields into the workbook; returns the rows whose results changed. */
  private syncWorkbookRow(index: number, row: R, fields: ReadonlySet<string> = new Set(PRICE_FIELDS)): number[] {
    const changed: ChangedRow[] = [];
    if (fields.has('gross') || fields.has('formula')) changed.push(...this.workbook.setGross(index, row.formula ?? row.gross ?? 0));
    if (fields.has('non_com')) changed.push(...this.workbook.setField(index, 'non_com', row.non_com ?? 0));
    if (fields.has('adjustment')) changed.push(...this.workbook.setField(index, 'adjustment', row.adjustment ?? 0));
    if (fields.has('markup_rate_id')) changed.push(...this.workbook.setField(index, 'markup_rate_id', row.markup_rate_id));
    return changed.map((change) => change.row);
  }

  private updateDirty(key: string, index: number): void {
    const before = this.baseline.get(key);
    const row = this.rowList[index];
    const dirty = before === undefined || this.tracked.some((field) => !sameValue(before[field], row[field]));
    if (dirty) this.dirtyKeys.add(key);
    else this.dirtyKeys.delete(key);
  }

  /**
   * After an insert, removal or move: the workbook renumbered `[n]` in formulas that pointed at
   * moved rows, so those rows take the new text. The undo history is cleared because its
   * batches hold formula text numbered for the old layout.
   */
  private afterStructure(changed: readonly ChangedRow[]): void {
    this.reindex();
    for (const { row } of changed) {
      const formula = this.workbook.getFormula(row);
      const current = this.rowList[row];
      if (current !== undefined && current.formula !== formula) {
        this.rowList[row] = { ...current, formula };
        this.updateDirty(current.key, row);
      }
    }
    for (const row of this.rowList) if (this.baseline.get(row.key) === undefined) this.dirtyKeys.add(row.key);
    this.history = UndoStack.empty();
    this.emit({ kind: 'structure' });
  }

  private emit(event: PriceGridEvent): void {
    this.revisionNumber += 1;
    for (const listener of this.listeners) listener(event);
  }
}

export type FoundCellRef = { rowKey: string; colId: string };

const foundId = (key: string, field: string) => `${key} ${field}`;

/** Numbers that arrive as '675.00' from the API and 675 from an edit are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a == null && b == null) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b) && a !== null && b !== null;
  return Object.is(a, b);
}
