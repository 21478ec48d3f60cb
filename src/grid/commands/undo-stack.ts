import { applyChanges, invertChanges, type CellChange } from './cell-change';
import type { GridRow } from './grid-row';

/** One user action: a typed cell, a paste, a fill-down, a find & replace. */
export type ChangeBatch = readonly CellChange[];

/**
 * A row operation (insert, delete, move, a group added or removed): the whole row list before and
 * after, and what the screen keeps beside the rows (its groups), before and after. Rows are
 * immutable, so the lists share their rows and cost one array each. Whole lists rather than the
 * operation because a delete turns references into `#REF!`, which no inverse insert can undo.
 */
export type StructureStep = {
  kind: 'structure';
  before: readonly GridRow[];
  after: readonly GridRow[];
  layout?: { before: unknown; after: unknown };
};

type HistoryStep = ChangeBatch | StructureStep;

const isStructure = (step: HistoryStep): step is StructureStep => 'kind' in step && step.kind === 'structure';

export type UndoStep<R extends GridRow> = {
  stack: UndoStack;
  rows: R[];
  /** The batch undone or redone, so the grid can focus its cells; null when there was none. */
  batch: ChangeBatch | null;
  /** For a row operation: the screen's layout to go back to (undefined when it has none). */
  structure?: { layout: unknown };
};

export const DEFAULT_UNDO_CAP = 200;

/**
 * Ctrl+Z / Ctrl+Y history of change batches and row operations. It is immutable: every operation returns a new
 * stack, so it can live in React or jotai state and a change of stack is a change of identity.
 * Each batch is one step however many cells it holds, so a pasted block undoes in one go.
 * Recording a new batch drops the redo history, as in a spreadsheet; beyond `cap` batches the
 * oldest are forgotten, which bounds memory over a day of editing.
 */
export class UndoStack {
  private constructor(
    private readonly past: readonly HistoryStep[],
    private readonly future: readonly HistoryStep[],
    readonly cap: number,
  ) {}

  static empty(cap: number = DEFAULT_UNDO_CAP): UndoStack {
    if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`Undo cap must be a positive integer, not ${cap}`);
    return new UndoStack([], [], cap);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** How many steps can be undone and redone, for a title such as "Undo (3)". */
  get depth(): { undo: number; redo: number } {
    return { undo: this.past.length, redo: this.future.length };
  }

  /** Adds a batch as one step. An empty batch (a paste that changed nothing) is not a step. */
  record(batch: ChangeBatch): UndoStack {
    if (batch.length === 0) return this;
    // Copied so that a caller reusing its array cannot rewrite history.
    const past = [...this.past, [...batch]];
    return new UndoStack(past.length > this.cap ? past.slice(past.length - this.cap) : past, [], this.cap);
  }

  /** Adds a row operation as one step; one that changed neither rows nor layout is not a step. */
  recordStructure(step: Omit<StructureStep, 'kind'>): UndoStack {
    const sameRows = step.before.length === step.after.length && step.before.every((row, index) => row === step.after[index]);
    if (sameRows && (step.layout === undefined || step.layout.before === step.layout.after)) return this;
    const past = [...this.past, { kind: 'structure' as const, before: [...step.before], after: [...step.after], layout: step.layout }];
    return new UndoStack(past.length > this.cap ? past.slice(past.length - this.cap) : past, [], this.cap);
  }

  /** Puts back the old values of the latest batch, or the rows as they were before a row operation. */
  undo<R extends GridRow>(rows: readonly R[]): UndoStep<R> {
    const step = this.past.at(-1);
    if (!step) return { stack: this, rows: rows as R[], batch: null };
    const stack = new UndoStack(this.past.slice(0, -1), [...this.future, step], this.cap);
    if (isStructure(step)) return { stack, rows: [...step.before] as R[], batch: null, structure: { layout: step.layout?.before } };
    return { stack, rows: applyChanges(rows, invertChanges(step)), batch: step };
  }

  /** Writes again the new values of the batch undone last, or redoes the row operation. */
  redo<R extends GridRow>(rows: readonly R[]): UndoStep<R> {
    const step = this.future.at(-1);
    if (!step) return { stack: this, rows: rows as R[], batch: null };
    const stack = new UndoStack([...this.past, step], this.future.slice(0, -1), this.cap);
    if (isStructure(step)) return { stack, rows: [...step.after] as R[], batch: null, structure: { layout: step.layout?.after } };
    return { stack, rows: applyChanges(rows, step), batch: step };
  }
}
