import { atom, createStore } from 'jotai';
import type { FindReplaceOptions } from './commands/find-replace';

export type FindSearch = Required<FindReplaceOptions>;

/** What a preview showed: the search and the cells it found, which a confirmation must still find. */
export type FindPreview = { options: string; cells: string; count: number; message: string };

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
  /** The Adjust all input. */
  adjust: atom(''),
  /** The Commission for all choice (a rate id, or '' for none). */
  rate: atom(''),
};

export const createFindReplaceStore = () => createStore();
