import { describe, expect, it } from 'vitest';
import { defaultSeason } from '../../src/screens/tours/default-season.js';
import { tourSeason } from '../helpers/tour-screen-fixtures.js';

const season = (season_id: number, live: boolean) => tourSeason({ id: 30 + season_id, season_id, name: String(2023 + season_id), live });

describe('the season a seasonal tab opens on', () => {
  it('is the live season, the latest of several live ones', () => {
    expect(defaultSeason([season(3, true), season(4, false)])).toBe(3);
    expect(defaultSeason([season(3, true), season(4, true), season(5, false)])).toBe(4);
  });

  it('is the latest season when none is live, and none for a tour without seasons', () => {
    expect(defaultSeason([season(3, false), season(4, false)])).toBe(4);
    expect(defaultSeason([])).toBeNull();
  });
});
