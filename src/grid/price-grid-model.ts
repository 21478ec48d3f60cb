// The state behind one price grid, outside React so that a keystroke touches only the rows it
// changes: the staged rows, the price workbook that computes them, the undo history, which
// cells differ from what was loaded, the stored rows staged for removal, the screen's layout of
// the rows (the pricing tab's groups) and the rows a failed save named. The grid component
// listens and refreshes just the rows each event names.

import type { MarkupRate, PriceKind } from '../domain/price-maths';
import { PriceWorkbook } from '../formulas/price-workbook';
import type { ChangedRow, PriceRowInput, PriceRowOutcome, TypedPriceRow } from '../formulas/price-rows';
import { applyChanges, type CellChange } from './commands/cell-change';
import { deleteRows } from './commands/delete-rows';
import { insertRows } from './commands/insert-rows';
import { moveRows } from './commands/move-rows';
import { UndoStack, type UndoStep } from './commands/undo-stack';
import { PRICE_FIELDS, type PriceRow } from './price-row';

export type PriceGridEvent =
  /** These rows' data or computed values changed (indexes in the price row order). */
  | { kind: 'rows'; rows: readonly number[] }
  /** Rows were added, removed or reordered, the layout changed, or everything was replaced. */
  | { kind: 'structure' };

/** A stored row staged for deletion on Save, and where it stood. */
export type RemovedRow<R extends PriceRow> = { row: R; index: number };

/**
 * What the price grid reads of a model and does to it: cell edits, undo and redo, never a row
 * operation (the screen does those, with its layout). Its rows are only read, so a model of any
 * row type is one, without a cast.
 */
export type PriceGridView = {
  readonly rows: readonly PriceRow[];
  readonly revision: number;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly dirtyRowCount: number;
  indexOf(key: string): number;
  outcome(index: number): PriceRowOutcome;
  subscribe(listener: (event: PriceGridEvent) => void): () => void;
  edit(changes: readonly CellChange[]): void;
  undo(): CellChange[];
  redo(): CellChange[];
  preview(index: number, field: 'gross' | 'non_com' | 'adjustment', text: string): void;
  endPreview(index: number): void;
  isDirtyCell(key: string, field: string): boolean;
  serverError(key: string): string | undefined;
  highlight(cells: readonly FoundCellRef[]): void;
  isHighlighted(key: string, field: string): boolean;
};

export type PriceGridSetup<R extends PriceRow, L = undefined> = {
  rows: readonly R[];
  rates: readonly MarkupRate[];
  currencyRate: number | null;
  kind: PriceKind;
  /** Fields besides the price fields whose changes count as unsaved (room_type_id, bike_id...). */
  trackedFields?: readonly string[];
  /**
   * The screen lays the rows out in groups that must change with them (the pricing tab): a row
   * operation without a layout change would put rows in the wrong group, so it is refused.
   */
  layoutRequired?: boolean;
  /** The screen's layout of the rows as loaded (the pricing tab's groups); the model keeps it without reading it. */
  layout?: L;
  /**
   * Whether a plain row's empty gross is missing: the row in error (GROSS_MISSING), priced at
   * nothing and blocking a save, rather than 0. Default true; false where rows have no gross (reductions).
   */
  grossRequired?: boolean;
};

/**
 * `L` is what the screen lays the rows out in (the pricing tab's groups and the groups it
 * removed): every row operation takes the layout after it, and undo and redo put it back with
 * the rows, so the screen keeps no copy of it in step.
 */
export class PriceGridModel<R extends PriceRow, L = undefined> implements PriceGridView {
  private rowList: R[];
  private workbook: PriceWorkbook;
  private readonly kind: PriceKind;
  private readonly tracked: readonly string[];
  private readonly layoutRequired: boolean;
  /** What an empty gross is to the workbook: null (missing) where a gross is required, else 0. */
  private readonly emptyGross: 0 | null;
  private readonly toInput = (row: PriceRow): TypedPriceRow => ({
    formula: row.formula,
    gross: row.gross ?? this.emptyGross,
    non_com: row.non_com ?? 0,
    adjustment: row.adjustment ?? 0,
    markup_rate_id: row.markup_rate_id,
  });
  private baseline = new Map<string, R>();
  private baselineOrder: string[] = [];
  private positions = new Map<string, number>();
  private dirtyKeys = new Set<string>();
  /** Stored rows whose place among the stored rows differs from the loaded order. */
  private movedKeys = new Set<string>();
  private history = UndoStack.empty();
  private layoutNow: L;
  /** Whether the layout changed since the baseline (by an operation, an undo or a redo). */
  private layoutMoved = false;
  /** Where each stored row removed since the baseline stood, in the order of removal. */
  private removals = new Map<string, { index: number; order: number }>();
  private removalCount = 0;
  private removedCache: { revision: number; rows: RemovedRow<R>[] } | null = null;
  private readonly listeners = new Set<(event: PriceGridEvent) => void>();
  private serverErrorMap = new Map<string, string>();
  /** Cells Find & Replace will change, as `rowKey field`, shown until its next preview. */
  private foundCells: readonly FoundCellRef[] = [];
  private foundIds = new Set<string>();
  /** Bumped on every change, for useSyncExternalStore readers (save label, undo buttons). */
  private revisionNumber = 0;

  constructor(setup: PriceGridSetup<R, L>) {
    this.kind = setup.kind;
    this.layoutNow = setup.layout as L;
    this.tracked = [...PRICE_FIELDS, ...(setup.trackedFields ?? [])];
    this.layoutRequired = setup.layoutRequired ?? false;
    this.emptyGross = (setup.grossRequired ?? true) ? null : 0;
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

  /**
   * The undo history as it stands: a new object after every step recorded, undone or redone, and
   * after a reset. Read only, to tell whether a step taken earlier is still the latest one.
   */
  get historyMark(): object {
    return this.history;
  }

  get rates(): MarkupRate[] {
    return this.workbook.getRates();
  }

  /** The screen's layout of the rows, as the latest row operation, undo or redo left it. */
  get layout(): L {
    return this.layoutNow;
  }

  /** Whether the layout changed since the baseline, even when an undo has put it back since. */
  get layoutChanged(): boolean {
    return this.layoutMoved;
  }

  /**
   * Stored rows removed since the baseline and not back (an undo brings them back), in the order
   * they were removed, bottom row first within one removal, each where it stood. A refused save
   * leaves them here: only a save that went through, or a reset, clears the list.
   */
  get removed(): readonly RemovedRow<R>[] {
    if (this.removedCache?.revision === this.revisionNumber) return this.removedCache.rows;
    const rows = [...this.baseline.values()]
      .filter((row) => !this.positions.has(row.key) && this.removals.has(row.key))
      .map((row) => ({ row, ...(this.removals.get(row.key) as { index: number; order: number }) }))
      .sort((a, b) => a.order - b.order)
      .map(({ row, index }) => ({ row, index }));
    // The same list while it holds the same removals, so a screen reading it re-renders only when it changes.
    const kept = this.removedCache?.rows;
    const same = kept !== undefined && kept.length === rows.length && kept.every((entry, i) => entry.row === rows[i].row && entry.index === rows[i].index);
    this.removedCache = { revision: this.revisionNumber, rows: same ? kept : rows };
    return this.removedCache.rows;
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
    return this.takeStep(this.history.undo(this.rowList));
  }

  redo(): CellChange[] {
    return this.takeStep(this.history.redo(this.rowList));
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

  /**
   * Inserts rows before `at`; their `[n]` are numbered as after the insert, references to later
   * rows move down. One undo step, with `layout` (after it) when the screen's groups change with it.
   */
  insertRows(at: number, rows: readonly R[], layout?: L): void {
    if (rows.length === 0 && layout === undefined) return;
    this.assertLayout(layout);
    const before = this.rowList;
    this.rowList = insertRows(before, at, rows);
    if (rows.length) this.workbook.insertRows(at, rows.map(this.toInput));
    this.afterStructure(before, layout);
  }

  removeRows(at: number, count: number, layout?: L): R[] {
    return this.deleteRows(
      Array.from({ length: count }, (_, i) => at + i),
      layout,
    );
  }

  /**
   * Deletes the rows at `indexes` (any rows, in any order) as one undo step; returns them in grid
   * order. The stored ones are listed in `removed` until a save goes through (or an undo).
   */
  deleteRows(indexes: readonly number[], layout?: L): R[] {
    const gone = [...new Set(indexes)].filter((index) => index >= 0 && index < this.rowList.length).sort((a, b) => a - b);
    if (gone.length === 0 && layout === undefined) return [];
    this.assertLayout(layout);
    const before = this.rowList;
    const removed = gone.map((index) => before[index]);
    // Bottom row first, so that putting them back latest first puts each where it stood.
    for (const index of [...gone].reverse()) {
      if (this.baseline.has(before[index].key)) this.removals.set(before[index].key, { index, order: (this.removalCount += 1) });
    }
    this.rowList = deleteRows(before, gone);
    // Runs of neighbouring rows, bottom run first, so the indexes of the runs above still hold.
    for (const [at, count] of runsOf(gone).reverse()) this.workbook.removeRows(at, count);
    this.afterStructure(before, layout);
    return removed;
  }

  /** Moves `count` rows at `from` so that the first is at `to` (counted after the move); references follow. */
  moveRows(from: number, count: number, to: number, layout?: L): void {
    if ((count === 0 || from === to) && layout === undefined) return;
    this.assertLayout(layout);
    const before = this.rowList;
    this.rowList = moveRows(before, from, count, to);
    this.workbook.moveRows(from, count, to);
    this.afterStructure(before, layout);
  }

  /**
   * The rows replaced at once by rows the screen worked out (an accepted import that adds rows and
   * changes cells): one undo step, with `layout` after it; the workbook is built anew from them.
   * With `removes` (an import removing the rows its sheet no longer has), the stored rows left out
   * are listed in `removed` as deleteRows lists them, so Save deletes them and counts them.
   */
  replaceRows(rows: readonly R[], layout?: L, { removes = false }: { removes?: boolean } = {}): void {
    this.assertLayout(layout);
    const before = this.rowList;
    if (removes) {
      const kept = new Set(rows.map((row) => row.key));
      // Bottom row first, as deleteRows records them.
      for (let index = before.length - 1; index >= 0; index -= 1) {
        const key = before[index].key;
        if (!kept.has(key) && this.baseline.has(key)) this.removals.set(key, { index, order: (this.removalCount += 1) });
      }
    }
    this.restoreRows(rows);
    this.afterStructure(before, layout);
  }

  /** A change of the screen's groups alone (a group added, a row crossing into the next group), as one undo step. */
  changeLayout(layout: L): void {
    this.history = this.history.recordStructure({ before: this.rowList, after: this.rowList, layout: { before: this.layoutNow, after: layout } });
    this.layoutNow = layout;
    this.layoutMoved = true;
    this.emit({ kind: 'structure' });
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
  reset(rows: readonly R[], rates: readonly MarkupRate[], currencyRate: number | null, layout: L = this.layoutNow): void {
    this.rowList = [...rows];
    this.layoutNow = layout;
    this.layoutMoved = false;
    this.removals = new Map();
    this.workbook.destroy();
    this.workbook = this.build(rates, currencyRate);
    this.history = UndoStack.empty();
    this.serverErrorMap = new Map();
    this.movedKeys = new Set();
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

  /** Whether a save writes this row: a new row, a changed field or a stored row moved. */
  isDirtyRow(key: string): boolean {
    return this.dirtyKeys.has(key) || this.movedKeys.has(key);
  }

  /** Rows that a save will write: new rows, rows with a changed field and stored rows moved. */
  get dirtyRowCount(): number {
    let count = this.dirtyKeys.size;
    for (const key of this.movedKeys) if (!this.dirtyKeys.has(key)) count += 1;
    return count;
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
      rows: this.rowList.map(this.toInput),
      rates,
      currencyRate,
      kind: this.kind,
    });
  }

  private rememberBaseline(): void {
    this.baseline = new Map(this.rowList.filter((row) => row.id !== undefined).map((row) => [row.key, row]));
    this.baselineOrder = [...this.baseline.keys()];
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
    if (fields.has('gross') || fields.has('formula')) changed.push(...this.workbook.setGross(index, row.formula ?? row.gross ?? this.emptyGross));
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
   * After an insert, removal or move: the rows hold what the row functions give, and the
   * workbook renumbered `[n]` in its formulas the same way; the engine's text wins should they
   * ever differ, because the engine is what prices the row. The rows before and after are
   * recorded as one undo step.
   */
  private afterStructure(before: readonly R[], layout: L | undefined): void {
    this.reindex();
    this.rowList.forEach((current, row) => {
      const formula = this.workbook.getFormula(row);
      if (current.formula !== formula) this.rowList[row] = { ...current, formula };
    });
    this.refreshDirty();
    this.history = this.history.recordStructure({
      before,
      after: this.rowList,
      layout: layout === undefined ? undefined : { before: this.layoutNow, after: layout },
    });
    if (layout !== undefined) {
      this.layoutNow = layout;
      this.layoutMoved = true;
    }
    this.emit({ kind: 'structure' });
  }

  private assertLayout(layout: L | undefined): void {
    if (this.layoutRequired && layout === undefined)
      throw new Error("This grid's rows are laid out in groups: insert, delete and move them through the screen, which changes the groups with them");
  }

  private takeStep(step: UndoStep<R>): CellChange[] {
    this.history = step.stack;
    if (step.structure) {
      this.restoreRows(step.rows);
      if (step.structure.layout !== undefined) {
        this.layoutNow = step.structure.layout as L;
        this.layoutMoved = true;
      }
      this.emit({ kind: 'structure' });
      return [];
    }
    if (step.batch) this.applyToRows(step.rows, step.batch);
    else this.emit({ kind: 'rows', rows: [] });
    return step.batch ? [...step.batch] : [];
  }

  /** Rows as an undo or redo of a row operation gives them: the workbook is built anew from them. */
  private restoreRows(rows: readonly R[]): void {
    const rates = this.workbook.getRates();
    const currencyRate = this.workbook.getCurrencyRate();
    this.rowList = [...rows];
    this.workbook.destroy();
    this.workbook = this.build(rates, currencyRate);
    this.reindex();
    this.refreshDirty();
  }

  private refreshDirty(): void {
    this.dirtyKeys = new Set();
    this.rowList.forEach((row, index) => this.updateDirty(row.key, index));
    const kept = this.rowList.filter((row) => this.baseline.has(row.key)).map((row) => row.key);
    const loaded = this.baselineOrder.filter((key) => this.positions.has(key));
    this.movedKeys = new Set(kept.filter((key, i) => loaded[i] !== key));
  }

  private emit(event: PriceGridEvent): void {
    this.revisionNumber += 1;
    for (const listener of this.listeners) listener(event);
  }
}

/** [at, count] for each run of consecutive indexes of a sorted list. */
function runsOf(sorted: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const index of sorted) {
    const last = runs.at(-1);
    if (last && last[0] + last[1] === index) last[1] += 1;
    else runs.push([index, 1]);
  }
  return runs;
}

export type FoundCellRef = { rowKey: string; colId: string };

const foundId = (key: string, field: string) => `${key} ${field}`;

/** Numbers that arrive as '675.00' from the API and 675 from an edit are the same value. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a == null && b == null) return true;
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b) && a !== null && b !== null;
  return Object.is(a, b);
}
