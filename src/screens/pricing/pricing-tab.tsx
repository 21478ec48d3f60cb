import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../api/api-error';
import { EmptyView, ErrorView, LoadingView } from '../../ui/status-views';
import { usePageTitle } from '../../ui/use-page-title';
import { MISSING_MODEL_OR_CURRENCY } from '../../domain/pricing/tour-pricing';
import { pricingQueries } from '../../api/pricing-queries';
import { PricingWorkspace } from './pricing-workspace';
import { useTourSeason } from '../tour-season/use-season-param';
import { useSeasonFollow } from '../tour-season/use-season-follow';

/** /tours/{id}/pricing?season=...: the season's price groups (SPEC.md section 2, Pricing). */
export function PricingTab() {
  const { tourId, seasonId } = useTourSeason();
  const tour = useQuery(pricingQueries.tour(tourId));
  usePageTitle(tour.data ? `${tour.data.name}: pricing` : 'Pricing');
  if (seasonId === null) return <EmptyView message="Pick a season to see its prices." />;
  return <SeasonPricingView tourId={tourId} seasonId={seasonId} />;
}

function SeasonPricingView({ tourId, seasonId }: { tourId: string; seasonId: string }) {
  const pricing = useQuery({ ...pricingQueries.prices(tourId, seasonId), refetchOnWindowFocus: false });
  const routes = useQuery(pricingQueries.routes(tourId, seasonId));
  const roomTypes = useQuery(pricingQueries.reference('room-types'));
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));
  const decks = useQuery(pricingQueries.reference('decks'));
  const boats = useQuery(pricingQueries.reference('boats'));
  const follow = useSeasonFollow(tourId, seasonId, pricing.refetch);

  const failed = [pricing, routes, roomTypes, accommodation, decks, boats].find((query) => query.isError);
  if (failed) return <ErrorView message={errorText(failed.error)} />;
  if (!pricing.data || !routes.data || !roomTypes.data || !accommodation.data || !decks.data || !boats.data) return <LoadingView label="Loading prices…" />;
  const context = pricing.data.tour_season;
  if (!context.model || !context.currency) return <p className="error">{MISSING_MODEL_OR_CURRENCY}</p>;
  return (
    <PricingWorkspace
      // A new season (or another tour) starts a fresh workspace, and so does bringing in others'
      // saves with nothing staged (the generation); a save keeps this one.
      key={`${tourId}/${seasonId}/${follow.generation}`}
      follow={follow}
      tourId={tourId}
      seasonId={seasonId}
      pricing={pricing.data}
      roomTypes={roomTypes.data}
      accommodation={accommodation.data}
      decks={decks.data}
      boats={boats.data}
      routes={routes.data.routes}
    />
  );
}
