import { z } from 'zod';

/** A positive integer id from the path. */
export const pathId = z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').positive('Must be positive').max(2_147_483_647);

export const tourSeasonParams = z.object({ tourId: pathId, seasonId: pathId });
