import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { errorText } from '../../api/api-error';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { useRecordForm } from '../../ui/use-record-form';
import { tourRoutesSaveSchema, type TourRoute } from '../../domain/pricing/tour-routes';
import { pricingQueries } from '../../api/pricing-queries';
import { useTourSeason } from '../tour-season/use-season-param';

type RouteDraft = { key: string; id?: number; name: string };
type RoutesDraft = { rows: RouteDraft[] };
let lastKey = 0;

/** /tours/{id}/routes?season=...: named routes of a season, added and removed, saved together. */
export function RoutesTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: routes` : 'Routes');
  const routes = useQuery({ ...pricingQueries.routes(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  if (seasonId === null) return <EmptyView message="Pick a season to see its routes." />;
  if (routes.isError) return <ErrorView message={errorText(routes.error)} />;
  if (!routes.data) return <LoadingView label="Loading routes…" />;
  return <RoutesEditor key={`${tourId}/${seasonId}`} tourId={tourId} seasonId={seasonId} routes={routes.data.routes} version={routes.data.version} />;
}

const drafts = (routes: readonly TourRoute[]): RoutesDraft => ({ rows: routes.map((route) => ({ key: `route-${route.id}`, id: route.id, name: route.name })) });

function RoutesEditor({ tourId, seasonId, routes, version }: { tourId: string; seasonId: string; routes: readonly TourRoute[]; version: number }) {
  const queryClient = useQueryClient();
  const form = useRecordForm({
    initial: () => drafts(routes),
    schema: tourRoutesSaveSchema,
    valuesOf: ({ rows }: RoutesDraft) => ({ version, routes: rows.map(({ id, name }) => ({ ...(id ? { id } : {}), name })) }),
    send: (body, _changed, mergedVersion) => api.tourRoutes.save({ params: { tourId, seasonId }, body: { ...body, version: mergedVersion ?? body.version } }),
    // Issue 29: a stale save merges with the season's routes as stored now, route by route.
    merge: {
      current: async () => {
        const fresh = await api.tourRoutes.read({ params: { tourId, seasonId } });
        return { draft: drafts(fresh.routes), version: fresh.version };
      },
    },
    savedMessage: 'Saved',
    onSaved: (saved, rebase) => {
      rebase(drafts(saved.routes));
      queryClient.setQueryData(pricingQueries.routes(tourId, seasonId).queryKey, saved);
    },
  });
  const { rebase } = form;
  // The routes as stored now (a save, a refetch): the list starts from them again.
  useEffect(() => rebase(drafts(routes)), [routes, rebase]);
  const rows = form.draft.rows;
  const setRows = (update: (current: RouteDraft[]) => RouteDraft[]) => form.setDraft((current) => ({ rows: update(current.rows) }));
  const error = form.errorOf('routes');
  return (
    <form className="routes-editor" onSubmit={form.submit}>
      {rows.length === 0 && <EmptyView message="This season has no routes yet." />}
      <ol className="route-list">
        {rows.map((row, index) => (
          <li key={row.key}>
            <input
              aria-label={`Route ${index + 1} name`}
              value={row.name}
              onChange={(event) => setRows((current) => current.map((other) => (other.key === row.key ? { ...other, name: event.target.value } : other)))}
            />
            <button
              type="button"
              className="button danger"
              onClick={async () => {
                if (row.id === undefined || (await confirmStagedDelete())) setRows((current) => current.filter((other) => other.key !== row.key));
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => setRows((current) => [...current, { key: `route-new-${(lastKey += 1)}`, name: '' }])}>
          Add route
        </button>
        <button type="submit" className="button primary" disabled={form.saving || !form.dirty}>
          Save
        </button>
      </div>
    </form>
  );
}
