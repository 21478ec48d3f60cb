// An import accepted on the season's data export screen (issue 21), on its way to its tab: the
// export screen has no grid, so Accept leaves the preview here and opens the tab, whose workspace
// takes it once its season is loaded and stages it with the tab's own Accept (one undoable edit,
// unsaved), as if the clerk had imported the sheet there.

import { useEffect, useRef } from 'react';
import { atom, getDefaultStore } from 'jotai';
import type { ImportChoice, ImportPreview } from '../../formulas/price-sheet-import';
import type { SheetLayout } from '../../formulas/price-sheet-layout';
import { notifyError } from '../../ui/notify';

/** `version`: the season's version the preview compared the sheet with; `choice`: what the clerk chose in it. */
export type PendingSheetImport = { tourId: string; seasonId: string; sheet: string; version: number; preview: ImportPreview; choice: ImportChoice };

export const pendingSheetImportAtom = atom<PendingSheetImport | null>(null);

const store = getDefaultStore();

export const leavePendingSheetImport = (pending: PendingSheetImport) => store.set(pendingSheetImportAtom, pending);

/**
 * On the mount of a tab's workspace: stages the pending import of this tour, season and sheet
 * with `accept`, if the workspace loaded the season version it was previewed against (its `[n]`
 * and row ids are the ones the preview names); otherwise says to import again. Either way it is
 * taken, so it is staged once.
 */
export function usePendingSheetImport(
  where: { tourId: string; seasonId: string; layout?: SheetLayout; version: number },
  accept: (preview: ImportPreview, choice: ImportChoice) => void,
) {
  const latest = useRef({ where, accept });
  latest.current = { where, accept };
  useEffect(() => {
    const { where: loaded, accept: stage } = latest.current;
    const pending = store.get(pendingSheetImportAtom);
    if (pending === null || pending.tourId !== loaded.tourId || pending.seasonId !== loaded.seasonId || pending.sheet !== loaded.layout?.sheet) return;
    store.set(pendingSheetImportAtom, null);
    if (pending.version === loaded.version) stage(pending.preview, pending.choice);
    else
      notifyError(
        new Error(`The season was saved after the ${pending.sheet} sheet was previewed (version ${pending.version}, now ${loaded.version}): import it again`),
      );
  }, []);
}
