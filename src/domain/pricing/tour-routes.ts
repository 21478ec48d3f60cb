import { z } from 'zod';
import { seasonVersionSchema } from '../tours/season-data-save.js';
import { id } from './price-fields.js';

// The routes tab says this once under the list, whichever routes lack a name.
export const tourRouteSchema = z.object({
  id: id.optional(),
  name: z.string().trim().min(1, 'Name every route').max(200, 'A route name must be at most 200 characters'),
});
/** `PUT tour-routes/...`: the season's routes, with the season version read (a stale one gets 409). */
export const tourRoutesSaveSchema = z.object({ version: seasonVersionSchema, routes: z.array(tourRouteSchema).max(200) });
export type TourRoute = { id: number; name: string; tour_season_id: number };
