// An import accepted on the data export screen and staged by its tab (issue 21): the tab's
// workspace takes a pending import of its own tour, season and sheet once, with its own Accept,
// only if it loaded the season version the preview compared with; otherwise it says to import
// again and stages nothing. Another tab's import is left for that tab.

import { render, screen } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportChoice, ImportPreview } from '../../src/formulas/price-sheet-import';
import { BIKES_LAYOUT, PRICING_LAYOUT } from '../../src/formulas/price-sheet-layout';
import { NoticeHost } from '../../src/ui/notice-host.js';
import { leavePendingSheetImport, pendingSheetImportAtom, usePendingSheetImport } from '../../src/screens/tour-season/pending-sheet-import';

const store = getDefaultStore();
const PREVIEW: ImportPreview = { changes: [], added: [], missing: [], unmatched: [], ignored: ['marker'] };
const accepted: [ImportPreview, ImportChoice][] = [];
const KEEP: ImportChoice = { removeMissing: false };

/** A tab's workspace in miniature: the pricing tab of tour 3, season 7, loaded at `version`. */
function Workspace({ version }: { version: number }) {
  usePendingSheetImport({ tourId: '3', seasonId: '7', layout: PRICING_LAYOUT, version }, (preview, choice) => accepted.push([preview, choice]));
  return null;
}

const mount = (version: number) =>
  render(
    <>
      <NoticeHost />
      <Workspace version={version} />
    </>,
  );

afterEach(() => {
  accepted.length = 0;
  store.set(pendingSheetImportAtom, null);
});

describe('usePendingSheetImport', () => {
  it('stages the import of its tour, season and sheet once, at the version it was previewed against, as the clerk chose', () => {
    leavePendingSheetImport({ tourId: '3', seasonId: '7', sheet: 'Pricing', version: 12, preview: PREVIEW, choice: { removeMissing: true } });
    const view = mount(12);
    expect(accepted).toEqual([[PREVIEW, { removeMissing: true }]]);
    expect(store.get(pendingSheetImportAtom)).toBeNull();
    view.unmount();
    mount(12);
    expect(accepted).toHaveLength(1);
  });

  it('says to import again when the season was saved since the preview, and stages nothing', async () => {
    leavePendingSheetImport({ tourId: '3', seasonId: '7', sheet: 'Pricing', version: 12, preview: PREVIEW, choice: KEEP });
    mount(13);
    expect(accepted).toEqual([]);
    expect(await screen.findByText('The season was saved after the Pricing sheet was previewed (version 12, now 13): import it again')).toBeTruthy();
    expect(store.get(pendingSheetImportAtom)).toBeNull();
  });

  it("leaves another tab's, season's or tour's import for its own tab", () => {
    for (const other of [
      { tourId: '3', seasonId: '7', sheet: BIKES_LAYOUT.sheet },
      { tourId: '3', seasonId: '8', sheet: 'Pricing' },
      { tourId: '4', seasonId: '7', sheet: 'Pricing' },
    ]) {
      const pending = { ...other, version: 12, preview: PREVIEW, choice: KEEP };
      leavePendingSheetImport(pending);
      mount(12).unmount();
      expect(accepted).toEqual([]);
      expect(store.get(pendingSheetImportAtom)).toEqual(pending);
    }
  });
});
