import { useRef, useState, type RefObject } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError, isStaleVersion } from '../../api/api-error';
import { notifyError } from '../../ui/notify';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes';
import type { PriceGridModel } from '../../grid/price-grid-model';
import type { PriceRow } from '../../grid/price-row';

export type SaveProblem = { msg: string; path?: string };

export type StagedGridSaveOptions<Saved> = {
  /** The season's version as loaded: each save sends the current one (a stale one gets the server's 409). */
  version: number;
  /** Rows the save will write or remove: the button's first label. */
  count: number;
  /** Whether there is anything to save; `count > 0` unless told (the pricing tab's group fields write no row). */
  dirty?: boolean;
  /** What the grids find wrong before sending (a formula cycle...): the save fails with it as the server's 400 would. */
  problems?: () => readonly SaveProblem[];
  /** Sends the staged season with this version; throwing an ApiError refuses it before sending. */
  send: (version: number) => Promise<Saved>;
  /** The version the server gave the saved season. */
  savedVersion: (saved: Saved) => number;
  /** The stored rows become the baseline (the models' reset), the query cache takes them, toasts say what changed. */
  onSaved: (saved: Saved) => void;
  /**
   * The server (or `problems`) refused: marks the rows and fields its messages name, and nothing
   * else. A refused save changes nothing staged: deleted rows stay deleted (the save is one
   * transaction, so they are still stored, and the next save deletes them), typed cells keep
   * what was typed, and the errors stay on their rows until the clerk fixes them.
   */
  onRefused?: (items: readonly SaveProblem[]) => void;
  /**
   * A save refused as stale (someone else saved since, issue 29): rebases the staged edits on the
   * season as stored now (asking the clerk about conflicts) and gives its version, or null when
   * the clerk cancelled, which leaves the staged edits as they were. The save then goes again at
   * that version, with the checks run again; the server stays the judge of a second race.
   */
  rebase?: () => Promise<number | null>;
};

/** How many times one press of Save rebases on someone else's save before giving up with their 409. */
export const MOST_MERGES_PER_SAVE = 3;

export type StagedGridSave = {
  /** The ThreeClickSave's props. */
  button: { label: string; saving: boolean; disabled: boolean; onSave: () => void; buttonRef: RefObject<HTMLButtonElement | null> };
  /** Ctrl+S in a grid presses the button, so the same three clicks confirm. */
  pressSave: () => void;
  dirty: boolean;
  /** "Bring them in" (issue 29): rebases the staged edits on someone else's save now, without saving; undefined without `rebase`. */
  bringIn?: () => void;
};

/** The Save button's first label: how many rows the save will write or remove. */
export const saveLabel = (count: number) => (count > 0 ? `Save ${count} row${count === 1 ? '' : 's'}` : 'Save');

/** A grid's formula errors as save problems, named by row. */
export const gridProblems = (model: Pick<PriceGridModel<PriceRow>, 'errors'>): SaveProblem[] =>
  model.errors().map((error) => ({ msg: `Row ${error.row}: ${error.message}` }));

/**
 * The save of a season tab whose rows are staged in price grids (pricing, bikes, extras,
 * reductions): the unsaved-changes guard, the three-click button, the version sent and taken back,
 * and the refusal's rows marked, the staged grid left as it was. The app's query client shows a
 * failed save's message.
 */
export function useStagedGridSave<Saved>(options: StagedGridSaveOptions<Saved>): StagedGridSave {
  const [version, setVersion] = useState(options.version);
  const dirty = options.dirty ?? options.count > 0;
  useUnsavedChangesPrompt(dirty);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rebase = options.rebase;
  // The callbacks are those of the render that pressed Save, as useMutation takes them at mutate.
  const mutation = useMutation({
    mutationFn: async (): Promise<Saved | null> => {
      let current = version;
      for (let merges = 0; ; merges += 1) {
        const problems = options.problems?.() ?? [];
        if (problems.length) throw new ApiError(400, [...problems]);
        try {
          return await options.send(current);
        } catch (error) {
          if (!options.rebase || !isStaleVersion(error) || merges >= MOST_MERGES_PER_SAVE) throw error;
          const rebased = await options.rebase();
          if (rebased === null) return null;
          // Stored at the version refused: the refusal was not someone else's save, so it stands.
          if (rebased === current) throw error;
          current = rebased;
          setVersion(rebased);
        }
      }
    },
    onSuccess: (saved) => {
      // null: the clerk cancelled a merge; nothing was saved and nothing staged changed.
      if (saved === null) return;
      setVersion(options.savedVersion(saved));
      options.onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError) options.onRefused?.(error.items);
    },
  });
  return {
    button: { label: saveLabel(options.count), saving: mutation.isPending, disabled: !dirty, onSave: () => mutation.mutate(), buttonRef },
    pressSave: () => buttonRef.current?.click(),
    dirty,
    bringIn: rebase
      ? () =>
          void rebase().then((rebased) => {
            if (rebased !== null) setVersion(rebased);
          }, notifyError)
      : undefined,
  };
}
