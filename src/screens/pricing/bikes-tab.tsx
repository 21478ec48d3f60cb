import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { BikesWorkspace } from './bikes-workspace';
import { pricingQueries } from '../../api/pricing-queries';
import { useSeasonFollow } from '../tour-season/use-season-follow';
import { useTourSeason } from '../tour-season/use-season-param';

/** /tours/{id}/bikes?season=...: the bikes offered in a season and their prices. */
export function BikesTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: bikes` : 'Bikes');
  const bikes = useQuery({ ...pricingQueries.bikes(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  const options = useQuery(pricingQueries.reference('bikes'));
  const follow = useSeasonFollow(tourId, seasonId, bikes.refetch);
  if (seasonId === null) return <EmptyView message="Pick a season to see its bikes." />;
  const failed = [bikes, options].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!bikes.data || !options.data) return <LoadingView label="Loading bikes…" />;
  return (
    <BikesWorkspace
      // Bringing in others' saves with nothing staged rebuilds the workspace (the generation).
      key={`${tourId}/${seasonId}/${follow.generation}`}
      follow={follow}
      tourId={tourId}
      seasonId={seasonId}
      context={bikes.data.tour_season}
      bikes={bikes.data.bikes}
      bikeOptions={options.data}
    />
  );
}
