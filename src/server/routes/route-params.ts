import { z } from 'zod';
import { pathId } from '../../domain/record-id.js';

export { pathId };


export const tourSeasonParams = z.object({ tourId: pathId, seasonId: pathId });
