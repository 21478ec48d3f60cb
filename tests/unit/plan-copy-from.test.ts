import { describe, expect, it } from 'vitest';
import { planCopyFrom, type CopyFromSpec } from '../../src/screens/tour-season/plan-copy-from';

type Season = { tour_season: { season_name: string }; rows: { start: string; end: string }[] };
const source = { tourId: 15, tourName: 'Lake Constance', seasonId: 44, seasonName: '2025' };
const spec = (copied: Season, applied: unknown[] = []): CopyFromSpec<Season> => ({
  source,
  mode: 'append',
  load: () => Promise.resolve(copied),
  seasonOf: (season) => season.tour_season.season_name,
  targetSeason: '2026',
  existing: [{ count: 2, noun: 'price' }],
  copied: (season) => [{ count: season.rows.length, noun: 'price' }],
  what: 'prices',
  ranges: (season) => season.rows,
  apply: (season, plan) => applied.push([season.rows.length, plan.years]),
});

describe('Copy From on a season tab', () => {
  it('refuses a season with nothing to copy, naming the tour and season', async () => {
    await expect(planCopyFrom(spec({ tour_season: { season_name: '2025' }, rows: [] }))).rejects.toThrow('Lake Constance season 2025 has no prices');
  });

  it('previews the copy with its dates moved into this season, shown as the screen shows dates, and stages it only when applied', async () => {
    const applied: unknown[] = [];
    const planned = await planCopyFrom(spec({ tour_season: { season_name: '2025' }, rows: [{ start: '2025-05-01', end: '2025-05-31' }] }, applied));
    expect(planned.lines).toEqual([
      'Append: keeps the 2 prices of this season, adds 1 price after them.',
      'Dates move 1 year ahead, from season 2025 into season 2026:',
      '01/05/2025 – 31/05/2025 becomes 01/05/2026 – 31/05/2026',
    ]);
    expect(applied).toEqual([]);
    planned.apply();
    expect(applied).toEqual([[1, 1]]);
  });
});
