import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-error.js';
import { tourQueries } from '../../api/tour-queries.js';
import { ErrorView, LoadingView } from '../../ui/status-views.js';
import { ScreenSuspense } from '../../ui/lazy-screen.js';
import { prefetchSeasonTab } from '../tour-season/prefetch-season-tab.js';
import { TOUR_STATUS_LABELS, type TourStatus } from '../../domain/tours/tour-options.js';
import { defaultSeason } from './default-season.js';
import { SeasonPicker } from './season-picker.js';
import { TourSubNav } from './tour-sub-nav.js';
import { SEASON_PARAM, TOUR_TABS } from './tour-tabs.js';
import type { TourOutletContext } from './use-tour.js';
import './tours.css';
import { LastChanged } from '../record-changes/last-changed.js';

/** /tours/{id or slug}/...: the tour's name, its status, the sub-navigation and the tab. */
export function TourLayout() {
  const { id: tourRef = '' } = useParams();
  const tour = useQuery(tourQueries.detail(tourRef));
  const { pathname } = useLocation();
  const tabPath = pathname.split('/')[3] ?? '';
  const seasonal = TOUR_TABS.some((tab) => tab.path === tabPath && tab.seasonal);
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const season = search.get(SEASON_PARAM);
  useEffect(() => prefetchSeasonTab(queryClient, tabPath, tourRef, season), [queryClient, tabPath, tourRef, season]);
  if (tour.isPending) return <LoadingView label="Loading the tour…" />;
  if (tour.isError) {
    const missing = tour.error instanceof ApiError && tour.error.status === 404;
    return (
      <section className="page">
        <h1>Tour</h1>
        <ErrorView message={missing ? `There is no tour "${tourRef}".` : 'The tour could not be loaded.'} />
        <p>
          <Link to="/tours">Back to the tours</Link>
        </p>
      </section>
    );
  }
  // A seasonal tab opened without a season shows the default one, named in the URL (replacing
  // the bare address, so Back does not return to it). Data Export without one means every season.
  const fallback = seasonal && season === null && tabPath !== 'data-export' ? defaultSeason(tour.data.seasons) : null;
  if (fallback !== null) {
    const next = new URLSearchParams(search);
    next.set(SEASON_PARAM, String(fallback));
    return <Navigate replace to={{ pathname, search: `?${next.toString()}` }} />;
  }
  const context: TourOutletContext = { tour: tour.data, tourRef };
  return (
    <section className="page tour-page">
      <div className="tour-heading">
        <Link to="/tours" className="muted">
          Tours
        </Link>
        <span className="muted" aria-hidden="true">
          /
        </span>
        <h1>{tour.data.name}</h1>
        <span className={`status-badge status-${tour.data.status}`}>{TOUR_STATUS_LABELS[tour.data.status as TourStatus] ?? tour.data.status}</span>
        {tour.data.deleted && <span className="status-badge status-deleted">Deleted</span>}
        {tour.data.tour_code && <span className="muted">{tour.data.tour_code}</span>}
        {/* On the name's line, so a seasonal tab's grid keeps that height. */}
        {seasonal && (
          <div className="season-bar">
            <SeasonPicker tour={tour.data} tourRef={tourRef} />
          </div>
        )}
      </div>
      {/* Not on a seasonal tab: its grid keeps the height of one heading line (the price history says who changed prices). */}
      {!seasonal && <LastChanged kind="tours" id={tour.data.id} version={tour.data.version} />}
      <TourSubNav tour={tour.data} tourRef={tourRef} />
      <ScreenSuspense>
        <Outlet context={context} />
      </ScreenSuspense>
    </section>
  );
}
