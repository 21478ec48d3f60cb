import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { pricingQueries } from '../../api/pricing-queries';
import { useSeasonFollow } from '../tour-season/use-season-follow';
import { useTourSeason } from '../tour-season/use-season-param';
import { extrasQueries } from '../../api/extras-queries';
import { ReductionsWorkspace } from './reductions-workspace';
import './tour-extras.css';

/** /tours/{id}/reductions?season=...: the season's reduction rules. */
export function ReductionsTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: reductions` : 'Reductions');
  const list = useQuery({ ...extrasQueries.reductions(tourId, seasonId ?? ''), enabled: seasonId !== null, refetchOnWindowFocus: false });
  const follow = useSeasonFollow(tourId, seasonId, list.refetch);
  const roomTypes = useQuery(pricingQueries.reference('room-types'));
  const decks = useQuery(pricingQueries.reference('decks'));
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));
  if (seasonId === null) return <EmptyView message="Pick a season to see its reductions." />;
  const failed = [list, roomTypes, decks, accommodation].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!list.data || !roomTypes.data || !decks.data || !accommodation.data) return <LoadingView label="Loading reductions…" />;
  return (
    <ReductionsWorkspace
      // Another season (or tour) starts a fresh workspace; a save keeps this one.
      key={`${tourId}/${seasonId}/${follow.generation}`}
      follow={follow}
      tourId={tourId}
      seasonId={seasonId}
      list={list.data}
      roomTypes={roomTypes.data}
      decks={decks.data}
      accommodation={accommodation.data}
    />
  );
}
