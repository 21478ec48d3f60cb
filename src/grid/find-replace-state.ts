import { atom, createStore } from 'jotai';
import type { FindReplaceOptions } from './commands/find-replace';

export type FindSearch = Required<FindReplaceOptions>;

/** What a preview showed: the search and the cells it found, which a confirmation must still find. */
export type FindPreview = { options: string; cells: string; count: number; message: string };

/** Find (Ctrl+F) highlights what a search finds; Find & Replace (Ctrl+H) also replaces it. */
export type FindMode = 'find' | 'replace';

const mode = atom<FindMode | null>(null);
const opened = atom(0);
const search = atom<FindSearch>({ find: '', replace: '', columns: ['gross'], matchWholeCell: false, inFormulas: false });
const preview = atom<FindPreview | null>(null);

/**
 * The Find & Replace bar's state, as atoms. Each bar holds them in its own store
 * (`createFindReplaceStore`), so the bars of two screens, or of two grids, never share a search.
 */
export const findReplaceState = {
  search: atom((get) => get(search)),
  /** Changes part of the search. Any change drops the preview: a replace only follows a preview of the same search. */
  changeSearch: atom(null, (get, set, change: Partial<FindSearch>) => {
    set(search, { ...get(search), ...change });
    set(preview, null);
  }),
  /** The cells the next submit replaces, counted and highlighted; null until a search finds them. */
  preview,
  /** Why the last submit searched nothing ('Find is required'). */
  findError: atom<string | null>(null),
  /** Folded away (null) until asked for, for Find or for Find & Replace. */
  mode: atom((get) => get(mode)),
  /** How many times the bar was asked for: each time, its Find field takes the focus. */
  opened: atom((get) => get(opened)),
  /** Opens the bar, or switches it; a switch drops the preview, so what Find found is never replaced unseen. */
  open: atom(null, (get, set, next: FindMode) => {
    if (get(mode) !== next) set(preview, null);
    set(mode, next);
    set(opened, get(opened) + 1);
  }),
  /** Folds the bar away with its preview (and so its highlight); the search stays for the next time. */
  close: atom(null, (_get, set) => {
    set(mode, null);
    set(preview, null);
  }),
  /** The Adjust all input. */
  adjust: atom(''),
  /** The Commission for all choice (a rate id, or '' for none). */
  rate: atom(''),
};

export const createFindReplaceStore = () => createStore();
