import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { previewSheet, type ImportChoice, type ImportPreview } from '../../formulas/price-sheet-import';
import type { SheetLayout, SheetSeason } from '../../formulas/price-sheet-layout';
import { notifyError } from '../../ui/notify';
import { pricingQueries } from '../../api/pricing-queries';
import { buildPricingXlsx, exportFileName, saveFile } from './download-price-sheet';
import { ImportSheetButton } from './import-sheet-button';
import type { DescribedPrice } from './price-sheet-rows';
import { tabSheetExport } from './tab-sheet-exports';

type Props = {
  tourId: string;
  layout: SheetLayout;
  /** The file name's word: '{tour} bikes data.xlsx'. */
  what: string;
  /** The tab's season as last loaded or saved: exported, and what an import is compared with. */
  season: () => SheetSeason<DescribedPrice>;
  /** Accept of an import preview: the tab stages it in its grid(s), unsaved. */
  onAccept: (preview: ImportPreview, choice: ImportChoice) => void;
};

/**
 * Export xlsx and Import xlsx of a bikes or extras tab (issue 21): the same working price sheet
 * and the same import preview as the pricing tab's, laid out by the tab's SheetLayout. The export
 * is of the season as saved; staged edits are not in it.
 */
export function TabSheetButtons({ tourId, layout, what, season, onAccept }: Props) {
  const tour = useQuery(pricingQueries.tour(tourId));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!tour.data) return;
    setBusy(true);
    try {
      const bytes = await buildPricingXlsx(tabSheetExport(layout, tour.data, season()), new Date());
      saveFile(bytes, exportFileName(tour.data.name, what));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => void download()}
        disabled={busy || !tour.data}
        title="The season as saved, as a working price sheet"
      >
        {busy ? 'Preparing…' : 'Export xlsx'}
      </button>
      <ImportSheetButton layout={layout} preview={(bytes, options) => previewSheet(bytes, layout, season(), options)} onAccept={onAccept} />
    </>
  );
}
