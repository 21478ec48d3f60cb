import { applyChanges, invertChanges, type CellChange } from './cell-change';
import type { GridRow } from './grid-row';

/** One user action: a typed cell, a paste, a fill-down, a find & replace. */
export type ChangeBatch = readonly CellChange[];

export type UndoStep<R extends GridRow> = {
  stack: UndoStack;
  rows: R[];
  /** The batch undone or redone, so the grid can focus its cells; null when there was none. */
  batch: ChangeBatch | null;
};

export const DEFAULT_UNDO_CAP = 200;

/**
 * Ctrl+Z / Ctrl+Y history of change batches. It is immutable: every operation returns a new
 * stack, so it can live in React or jotai state and a change of stack is a change of identity.
 * Each batch is one step however many cells it holds, so a pasted block undoes in one go.
 * Recording a new batch drops the redo history, as in a spreadsheet; beyond `cap` batches the
 * oldest are forgotten, which bounds memory over a day of editing.
 */
export class UndoStack {
  private constructor(
    private readonly past: readonly ChangeBatch[],
    private readonly future: readonly ChangeBatch[],
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

  /** Puts back the old values of the latest batch. */
  undo<R extends GridRow>(rows: readonly R[]): UndoStep<R> {
    const batch = this.past.at(-1);
    if (!batch) return { stack: this, rows: rows as R[], batch: null };
    return {
      stack: new UndoStack(this.past.slice(0, -1), [...this.future, batch], this.cap),
      rows: applyChanges(rows, invertChanges(batch)),
      batch,
    };
  }

  /** Writes again the new values of the batch undone last. */
  redo<R extends GridRow>(rows: readonly R[]): UndoStep<R> {
    const batch = this.future.at(-1);
    if (!batch) return { stack: this, rows: rows as R[], batch: null };
    return {
      stack: new UndoStack([...this.past, batch], this.future.slice(0, -1), this.cap),
      rows: applyChanges(rows, batch),
      batch,
    };
  }
}
