import { z } from 'zod';
import { pathId } from '../record-id.js';

/** The address of one tour season: `/:tourId/:seasonId` in the pricing and extras areas. */
export const tourSeasonParams = z.object({ tourId: pathId, seasonId: pathId });
