import { pathId } from '../../domain/record-id.js';
import { tourSeasonParams } from '../../domain/contract/params.js';

export { pathId, tourSeasonParams };
