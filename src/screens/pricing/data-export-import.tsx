import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { previewSheet, type ImportOptions, type ImportResult } from '../../formulas/price-sheet-import';
import { recogniseWorkbook } from '../../formulas/recognise-sheet';
import { ImportWorkbookButton, type SheetRead } from '../tour-season/import-sheet-button';
import { leavePendingSheetImport } from '../tour-season/pending-sheet-import';
import { loadSheetSeason, seasonSheetTab, type SeasonSheetTab } from '../tour-season/season-sheet-tabs';

/** A sheet read on the export screen: a refusal, or its tab and the season version the preview compared it with. */
type ExportScreenRead = (Extract<SheetRead, { layout: unknown }> & { tab: SeasonSheetTab; version: number }) | { result: ImportResult & { ok: false } };

/**
 * Import xlsx on the season's data export screen (issue 21): a pricing, bikes, supplements or
 * extra nights sheet, recognised by the workbook's sheets, previewed against that tab's season
 * with the tab's own preview and refusals. The screen has no grid: Accept opens the tab, which
 * stages the preview as its own Accept does (pending-sheet-import.ts). Nothing is written here.
 */
export function DataExportImport({ tourId, seasonId }: { tourId: string; seasonId: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const read = async (bytes: ArrayBuffer, options?: ImportOptions): Promise<ExportScreenRead> => {
    const recognised = await recogniseWorkbook(bytes);
    if ('refusal' in recognised || seasonId === null) return { result: { ok: false, refusal: 'refusal' in recognised ? recognised.refusal : 'Pick a season' } };
    const tab = seasonSheetTab(recognised.layout);
    const season = await loadSheetSeason(queryClient, tab, tourId, seasonId);
    const result = await previewSheet(bytes, tab.layout, season, options);
    return { layout: tab.layout, result, acceptLabel: `Accept and open ${tab.label}`, tab, version: season.tour_season.version };
  };

  return (
    <ImportWorkbookButton
      fileLabel="Sheet to import"
      disabled={seasonId === null}
      read={read}
      onAccept={(preview, accepted, choice) => {
        // Only a preview has an Accept: a refusal has no tab.
        if (!('tab' in accepted) || seasonId === null) return;
        leavePendingSheetImport({ tourId, seasonId, sheet: accepted.layout.sheet, version: accepted.version, preview, choice });
        void navigate(`/tours/${tourId}/${accepted.tab.path}?season=${seasonId}`);
      }}
    />
  );
}
