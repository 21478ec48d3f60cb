import { z } from 'zod';
import { id } from './price-fields.js';

export const tourRouteSchema = z.object({ id: id.optional(), name: z.string().trim().min(1, 'Name the route').max(200) });
export const tourRoutesSaveSchema = z.object({ version: z.number().int().positive().optional(), routes: z.array(tourRouteSchema).max(200) });
export type TourRoute = { id: number; name: string; tour_season_id: number };
