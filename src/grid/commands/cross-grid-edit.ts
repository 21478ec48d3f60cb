// One user action that edits several grids at once (an accepted import or a Replace all on the
// extras tabs, where each extra has its own grid and undo history): each grid records it as its
// own step, so Ctrl+Z in one grid undoes only that grid's part. A cross-grid edit remembers which
// grids the action changed and each one's history right after it, so the whole action can be
// undone in one go, and only while it is still the latest step of every grid it touched.

/** What a cross-grid edit needs of a grid: PriceGridModel has it. */
export type UndoableGrid = { readonly historyMark: object; undo(): unknown };

/** The grids one action changed, each with its history as the action left it; `what` names the action ('import'). */
export type CrossGridEdit<G extends UndoableGrid> = { what: string; touched: readonly { grid: G; mark: object }[] };

/**
 * Runs `apply`, which must take at most one step in each grid, and records the grids whose history
 * it moved. Null when it changed none (nothing to undo).
 */
export function recordCrossGridEdit<G extends UndoableGrid>(what: string, grids: readonly G[], apply: () => void): CrossGridEdit<G> | null {
  const before = grids.map((grid) => grid.historyMark);
  apply();
  const touched = grids.filter((grid, i) => grid.historyMark !== before[i]).map((grid) => ({ grid, mark: grid.historyMark }));
  return touched.length === 0 ? null : { what, touched };
}

/**
 * Whether the edit can still be offered: at least one grid it touched still has it as its latest
 * step. Once every grid has moved on (each undone with Ctrl+Z, or edited), there is nothing to offer.
 */
export const crossGridEditOpen = (edit: CrossGridEdit<UndoableGrid>): boolean => edit.touched.some(({ grid, mark }) => grid.historyMark === mark);

export type CrossGridUndo = { ok: true } | { ok: false; message: string };

/**
 * Undoes the edit in every grid it touched, or in none: a grid whose history moved since (an
 * edit, an undo, a save that reset it) would lose that instead, so the undo is refused naming it.
 */
export function undoCrossGridEdit<G extends UndoableGrid>(edit: CrossGridEdit<G>, nameOf: (grid: G) => string): CrossGridUndo {
  const moved = edit.touched.find(({ grid, mark }) => grid.historyMark !== mark);
  if (moved !== undefined) return { ok: false, message: `${nameOf(moved.grid)} has been edited since the ${edit.what}: undo there with Ctrl+Z` };
  for (const { grid } of edit.touched) grid.undo();
  return { ok: true };
}
