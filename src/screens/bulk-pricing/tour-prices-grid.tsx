import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../app/api/api-error.js';
import { ErrorView, LoadingView } from '../../app/ui/status-views.js';
import type { SeasonPricing } from '../../domain/pricing/tour-pricing.js';
import { MISSING_MODEL_OR_CURRENCY } from '../../domain/pricing/tour-pricing.js';
import { PriceGrid } from '../../grid/price-grid.js';
import type { GroupHeader, LeadingColumn, SelectOption } from '../../grid/price-grid-context.js';
import { PriceGridModel } from '../../grid/price-grid-model.js';
import type { PriceRow } from '../../grid/price-row.js';
import { useModelDisposal } from '../../grid/use-model-disposal.js';
import { bulkPricingQueries } from '../models/model-queries.js';
import { formatDayMonthYear } from '../pricing/date-text.js';
import { groupStarts, stageCategories, type PriceGroup, type PricingRow } from '../pricing/price-groups.js';
import { pricingQueries, type NamedOption } from '../pricing/pricing-queries.js';
import { rateOptions } from '../pricing/rate-options.js';

/** Up to this many rows the grid sizes to them; larger seasons scroll inside the grid. */
const AUTO_HEIGHT_ROWS = 30;

const options = (list: readonly NamedOption[] | undefined): SelectOption[] => [{ value: null, label: '—' }, ...(list ?? []).map((item) => ({ value: item.id, label: item.name }))];

/**
 * One tour's price groups and prices for the season in the shared price grid, fetched when its
 * tab is chosen. Read-only: on this page prices change only through a model or currency rate.
 */
export function TourPricesGrid({ tourId, seasonId }: { tourId: number; seasonId: number }) {
  const pricing = useQuery(bulkPricingQueries.tourPrices(tourId, seasonId));
  const roomTypes = useQuery(pricingQueries.reference('room-types'));
  const accommodation = useQuery(pricingQueries.reference('accommodation-categories'));
  if (pricing.isPending) return <LoadingView label="Loading prices…" />;
  if (pricing.isError) return <ErrorView message={errorText(pricing.error)} />;
  if (!pricing.data.tour_season.model || !pricing.data.tour_season.currency) return <p className="error-text">{MISSING_MODEL_OR_CURRENCY}</p>;
  // A refetch (after a rate is saved) starts a fresh grid with the stored prices.
  return <ReadOnlyPrices key={pricing.dataUpdatedAt} pricing={pricing.data} roomTypes={roomTypes.data} accommodation={accommodation.data} />;
}

function ReadOnlyPrices({ pricing, roomTypes, accommodation }: { pricing: SeasonPricing; roomTypes?: NamedOption[]; accommodation?: NamedOption[] }) {
  const context = pricing.tour_season;
  const [{ groups, model }] = useState(() => {
    const staged = stageCategories(pricing.categories);
    return { groups: staged.groups, model: new PriceGridModel<PricingRow>({ rows: staged.rows, rates: context.model?.rates ?? [], currencyRate: context.currency?.rate ?? null, kind: 'tour' }) };
  });
  useModelDisposal(model);
  const headers = useMemo<GroupHeader[]>(() => {
    const starts = groupStarts(groups);
    return groups.map((group, g) => ({ key: group.key, beforeIndex: starts[g] }));
  }, [groups]);
  const leading = useMemo<LeadingColumn[]>(
    () => [
      { field: 'room_type_id', headerName: 'Room', kind: 'select', options: options(roomTypes), width: 150 },
      { field: 'accommodation_category_id', headerName: 'Accommodation', kind: 'select', options: options(accommodation), width: 160 },
    ],
    [roomTypes, accommodation],
  );
  const rates = useMemo(() => rateOptions(context.model?.rates ?? []), [context.model]);
  const renderHeader = (key: string) => {
    const g = groups.findIndex((group) => group.key === key);
    return g < 0 ? null : <ReadOnlyGroupHeader group={groups[g]} number={g + 1} />;
  };
  if (model.rows.length === 0) return <p className="muted">This tour has no prices for the season.</p>;
  return (
    <PriceGrid
      model={model as PriceGridModel<PriceRow>}
      ariaLabel="Tour prices"
      leadingColumns={leading}
      rateOptions={rates}
      currencySymbol={context.currency?.symbol ?? ''}
      groupHeaders={headers}
      renderGroupHeader={renderHeader}
      autoHeight={model.rows.length + groups.length <= AUTO_HEIGHT_ROWS}
      height="60vh"
      readOnly
    />
  );
}

function ReadOnlyGroupHeader({ group, number }: { group: PriceGroup; number: number }) {
  const dates = group.start || group.end ? `${formatDayMonthYear(group.start) || '…'} – ${formatDayMonthYear(group.end) || '…'}` : 'No dates';
  const nights = group.nights ? `, ${group.nights} nights` : '';
  return (
    <span className="bulk-group-header">
      <strong>Group {number}</strong> <span className="muted">{`${dates}${nights}, ${group.size} price${group.size === 1 ? '' : 's'}`}</span>
    </span>
  );
}
