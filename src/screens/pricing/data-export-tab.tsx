import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { notifyError } from '../../ui/notify';
import { ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import type { Tour } from '../../domain/tours/tour-schema';
import { api } from '../../api/api';
import type { ChangeSetSummary } from '../../domain/pricing/price-history';
import { buildPricingXlsx, exportFileName, saveFile, type SeasonHistory } from '../tour-season/download-price-sheet';
import { DataExportImport } from './data-export-import';
import type { SheetSeason } from '../../formulas/price-sheet-layout';
import { priceSheetExport, type DescribedPrice } from '../tour-season/price-sheet-rows';
import { loadSheetSeason, SEASON_SHEET_TABS, type SeasonSheetTab } from '../tour-season/season-sheet-tabs';
import { pricingQueries } from '../../api/pricing-queries';
import { useTourSeason } from '../tour-season/use-season-param';
import '../../ui/check-group.css';
import './data-export-tab.css';

/** At most this many pages of a season's change sets go into a Price history sheet (50 a page). */
const HISTORY_PAGES = 40;

/** A season's change sets, newest first, page by page until the last or HISTORY_PAGES. */
async function seasonHistory(tourId: string, seasonId: string, seasonName: string): Promise<SeasonHistory> {
  const sets: ChangeSetSummary[] = [];
  for (let page = 1; page <= HISTORY_PAGES; page++) {
    const found = await api.priceHistory.season({ params: { tourId, seasonId }, query: { page } });
    if (found.length === 0) return { seasonName, sets, complete: true };
    sets.push(...found);
  }
  return { seasonName, sets, complete: false };
}

/**
 * /tours/{id}/data-export?season=...: the picked season's prices as a spreadsheet (SPEC.md
 * section 9), or, on request, every season of the tour in one sheet, of the pricing, bikes,
 * supplements or extra nights tab (the tab's own sheet, as its Export xlsx writes it for one
 * season); and Import xlsx of an exported tab's sheet back into that tab (issue 21).
 */
export function DataExportTab() {
  const { tourId, seasonId } = useTourSeason();
  const queryClient = useQueryClient();
  const tour = useQuery(pricingQueries.tour(tourId));
  const [busy, setBusy] = useState(false);
  const [withHistory, setWithHistory] = useState(false);
  const [sheetTab, setSheetTab] = useState<SeasonSheetTab>(SEASON_SHEET_TABS[0]);
  usePageTitle(tour.data ? `${tour.data.name}: data export` : 'Data export');
  if (tour.isError) return <ErrorView message={errorText(tour.error)} />;
  if (!tour.data) return <LoadingView />;
  const current = tour.data;
  const picked = seasonId === null ? undefined : current.seasons.find((season) => String(season.season_id) === seasonId);

  const download = async (seasons: Tour['seasons']) => {
    setBusy(true);
    try {
      const exported: SheetSeason<DescribedPrice>[] = [];
      const history: SeasonHistory[] = [];
      for (const season of seasons) {
        const id = String(season.season_id);
        exported.push(await loadSheetSeason(queryClient, sheetTab, tourId, id));
        if (withHistory) history.push(await seasonHistory(tourId, id, season.name));
      }
      const sheet = priceSheetExport(sheetTab.layout, current, exported);
      saveFile(await buildPricingXlsx(sheet, new Date(), withHistory ? history : undefined), exportFileName(current.name, sheetTab.what));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="data-export">
      <p>
        {picked
          ? `The ${picked.name} ${sheetTab.what} prices of ${current.name}, with net, subtotal, cost and profit as live formulas.`
          : 'Pick a season above to download its prices, or download every season at once.'}
      </p>
      <fieldset className="check-group">
        <legend>Sheet</legend>
        <div className="check-group-options">
          {SEASON_SHEET_TABS.map((tab) => (
            <label key={tab.path} className="check">
              <input type="radio" name="export-sheet" checked={tab === sheetTab} onChange={() => setSheetTab(tab)} />
              {tab.label}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="include-history">
        <input type="checkbox" checked={withHistory} onChange={(event) => setWithHistory(event.target.checked)} />
        Include the price history (a Price history sheet: who changed prices, when, and the cost change)
      </label>
      <div className="form-actions">
        {picked && (
          <button type="button" className="button primary" onClick={() => void download([picked])} disabled={busy}>
            {busy ? 'Preparing…' : `Download ${sheetTab.what} data`}
          </button>
        )}
        <button type="button" className="button" onClick={() => void download(current.seasons)} disabled={busy || current.seasons.length === 0}>
          Download all seasons
        </button>
        {/* A sheet of the pricing, bikes or extras tabs of the picked season, previewed here and staged in its tab. */}
        <DataExportImport tourId={tourId} seasonId={picked ? seasonId : null} />
      </div>
    </section>
  );
}
