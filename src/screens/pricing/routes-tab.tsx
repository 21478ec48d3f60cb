import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api';
import { errorText } from '../../api/api-error';
import { notifySuccess } from '../../ui/notify';
import { confirmStagedDelete } from '../../ui/confirm-dialog';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes';
import type { TourRoute } from '../../domain/pricing/tour-routes';
import { pricingQueries } from '../../api/pricing-queries';
import { useTourSeason } from '../tour-season/use-season-param';

type RouteDraft = { key: string; id?: number; name: string };
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

const drafts = (routes: readonly TourRoute[]): RouteDraft[] => routes.map((route) => ({ key: `route-${route.id}`, id: route.id, name: route.name }));

function RoutesEditor({ tourId, seasonId, routes, version }: { tourId: string; seasonId: string; routes: readonly TourRoute[]; version: number }) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState(() => drafts(routes));
  const [dirty, setDirty] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useUnsavedChangesPrompt(dirty);
  useEffect(() => setRows(drafts(routes)), [routes]);
  const change = (next: RouteDraft[]) => {
    setRows(next);
    setDirty(true);
  };
  const save = useMutation({
    mutationFn: () =>
      api.tourRoutes.save({ params: { tourId, seasonId }, body: { version, routes: rows.map(({ id, name }) => ({ ...(id ? { id } : {}), name })) } }),
    onSuccess: (saved) => {
      setDirty(false);
      queryClient.setQueryData(pricingQueries.routes(tourId, seasonId).queryKey, saved);
      notifySuccess('Saved');
    },
  });
  return (
    <form
      className="routes-editor"
      onSubmit={(event) => {
        event.preventDefault();
        if (rows.some((row) => row.name.trim() === '')) return setError('Name every route');
        setError(null);
        save.mutate();
      }}
    >
      {rows.length === 0 && <EmptyView message="This season has no routes yet." />}
      <ol className="route-list">
        {rows.map((row, index) => (
          <li key={row.key}>
            <input
              aria-label={`Route ${index + 1} name`}
              value={row.name}
              onChange={(event) => change(rows.map((other) => (other.key === row.key ? { ...other, name: event.target.value } : other)))}
            />
            <button
              type="button"
              className="button danger"
              onClick={async () => {
                if (row.id === undefined || (await confirmStagedDelete())) change(rows.filter((other) => other.key !== row.key));
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
        <button type="button" className="button" onClick={() => change([...rows, { key: `route-new-${(lastKey += 1)}`, name: '' }])}>
          Add route
        </button>
        <button type="submit" className="button primary" disabled={save.isPending || !dirty}>
          Save
        </button>
      </div>
    </form>
  );
}
