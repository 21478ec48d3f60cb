import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { pricingQueries } from '../../api/pricing-queries';
import { useSeasonFollow } from '../tour-season/use-season-follow';
import { useTourSeason } from '../tour-season/use-season-param';
import { extrasQueries } from '../../api/extras-queries';
import { SpecificationsWorkspace } from './specifications-workspace';
import './tour-extras.css';

/** /tours/{id}/specifications?season=...: what the season's price includes and excludes. */
export function SpecificationsTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: specifications` : 'Specifications');
  const list = useQuery({ ...extrasQueries.specifications(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  const follow = useSeasonFollow(tourId, seasonId, list.refetch);
  if (seasonId === null) return <EmptyView message="Pick a season to see its specifications." />;
  if (list.isError) return <ErrorView message={errorText(list.error)} />;
  if (!list.data) return <LoadingView label="Loading specifications…" />;
  return <SpecificationsWorkspace key={`${tourId}/${seasonId}/${follow.generation}`} follow={follow} tourId={tourId} seasonId={seasonId} list={list.data} />;
}
