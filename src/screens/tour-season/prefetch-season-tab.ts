import type { QueryClient } from '@tanstack/react-query';
import { extrasQueries } from '../../api/extras-queries';
import { pricingQueries } from '../../api/pricing-queries';

/**
 * Starts loading a seasonal tab's data at once, in parallel with the tour the layout waits for,
 * instead of after it: the tab then finds its answers already in the cache or on their way.
 */
export function prefetchSeasonTab(client: QueryClient, tab: string, tourId: string, seasonId: string | null): void {
  if (seasonId === null || !/^\d+$/.test(seasonId)) return;
  if (tab === 'pricing') {
    void client.prefetchQuery(pricingQueries.prices(tourId, seasonId));
    void client.prefetchQuery(pricingQueries.routes(tourId, seasonId));
    for (const list of ['room-types', 'accommodation-categories', 'decks', 'boats'] as const) void client.prefetchQuery(pricingQueries.reference(list));
  } else if (tab === 'bikes') {
    void client.prefetchQuery(pricingQueries.bikes(tourId, seasonId));
    void client.prefetchQuery(pricingQueries.reference('bikes'));
  } else if (tab === 'party-extras') {
    void client.prefetchQuery(extrasQueries.party(tourId, seasonId));
    for (const list of ['accommodation-categories', 'bikes', 'boats'] as const) void client.prefetchQuery(pricingQueries.reference(list));
  } else if (tab === 'room-extras') {
    void client.prefetchQuery(extrasQueries.room(tourId, seasonId));
    for (const list of ['room-types', 'accommodation-categories'] as const) void client.prefetchQuery(pricingQueries.reference(list));
  } else if (tab === 'reductions') {
    void client.prefetchQuery(extrasQueries.reductions(tourId, seasonId));
    for (const list of ['room-types', 'decks', 'accommodation-categories'] as const) void client.prefetchQuery(pricingQueries.reference(list));
  } else if (tab === 'specifications') {
    void client.prefetchQuery(extrasQueries.specifications(tourId, seasonId));
  }
}
