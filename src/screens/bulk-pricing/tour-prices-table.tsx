import { useQuery } from '@tanstack/react-query';
import { errorText } from '../../app/api/api-error.js';
import { ErrorView, LoadingView } from '../../app/ui/status-views.js';
import { bulkPricingQueries } from '../models/model-queries.js';
import { formatPounds } from '../models/format-pounds.js';

const plain = (value: number) => value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** One tour's price groups and prices for the season, read-only, fetched when its tab is chosen. */
export function TourPricesTable({ tourId, seasonId }: { tourId: number; seasonId: number }) {
  const pricing = useQuery(bulkPricingQueries.tourPrices(tourId, seasonId));
  if (pricing.isPending) return <LoadingView label="Loading prices…" />;
  if (pricing.isError) return <ErrorView message={errorText(pricing.error)} />;
  const rates = new Map(pricing.data.tour_season.model?.rates.map((rate) => [rate.id, rate.commission]) ?? []);
  let row = 0;
  return (
    <table className="bulk-prices" aria-label="Tour prices">
      <thead>
        <tr>
          <th>#</th>
          <th>Dates</th>
          <th>Nights</th>
          <th>Room</th>
          <th className="num">Gross</th>
          <th className="num">Non-com</th>
          <th className="num">Commission</th>
          <th className="num">Net</th>
          <th className="num">Adjustment</th>
          <th className="num">Cost</th>
        </tr>
      </thead>
      <tbody>
        {pricing.data.categories.flatMap((category) =>
          category.prices.map((price) => (
            <tr key={price.id} data-price-id={price.id}>
              <td className="muted">{row++}</td>
              <td>
                {category.start ?? ''} – {category.end ?? ''}
              </td>
              <td>{category.nights ?? ''}</td>
              <td>{price.room_type_id ?? ''}</td>
              <td className="num">{price.formula ? `=${price.formula} → ${plain(price.gross)}` : plain(price.gross)}</td>
              <td className="num">{plain(price.non_com)}</td>
              <td className="num">{price.markup_rate_id === null ? '' : `${rates.get(price.markup_rate_id) ?? '?'}%`}</td>
              <td className="num">{plain(price.net)}</td>
              <td className="num">{plain(price.adjustment)}</td>
              <td className="num" data-col="cost">
                {formatPounds(price.cost)}
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
