import type { TourBike } from '../../domain/pricing/tour-bikes';
import type { PriceRow } from '../../grid/price-row';
import { newRowKey, storedRowKey } from '../../grid/price-row';

/** A bike of the season as the bikes grid holds it. */
export type BikeRow = PriceRow & { bike_id: number | null; order: number | null; nights: number | null; gallery_id: number | null; boat_id: number | null };

/** A bike's fields as a grid row, stored (with its id) or copied (without); money arrives as numbers or numeric text. */
export const bikeRowOf = (
  bike: Omit<TourBike, 'id' | 'tour_season_id'> & { id?: number },
  key = bike.id === undefined ? newRowKey() : storedRowKey(bike.id),
): BikeRow => ({
  key,
  ...(bike.id === undefined ? {} : { id: bike.id }),
  bike_id: bike.bike_id,
  order: bike.order,
  nights: bike.nights,
  gallery_id: bike.gallery_id,
  boat_id: bike.boat_id,
  formula: bike.formula,
  gross: Number(bike.gross),
  non_com: Number(bike.non_com),
  adjustment: Number(bike.adjustment),
  markup_rate_id: bike.markup_rate_id,
});
