import { describe, expect, it } from 'vitest';
import type { CategoryPrice, PricingCategory, SeasonPricing } from '../../src/domain/pricing/tour-pricing.js';
import { storedGroup, storedPrice } from '../helpers/stored-season-pricing.js';
import { conflictKey, mergeSeasonPricing } from '../../src/screens/pricing/merge-season-pricing.js';
import { newRowKey } from '../../src/grid/price-row.js';
import { stageCategories, type PriceGroup, type PricingRow } from '../../src/screens/pricing/price-groups.js';

// Issue 29: the pricing tab rebases a stale save on the season as stored now.

const price = (id: number, gross: number, formula: string | null = null) => storedPrice(id, gross, formula, 1);
const group = (id: number, prices: CategoryPrice[]) => storedGroup(id, prices, '2026-05-01');
const season = (version: number, categories: PricingCategory[]): SeasonPricing => ({
  tour_season: {
    id: 1,
    tour_id: 1,
    season_id: 1,
    season_name: '2026',
    version,
    deposit: null,
    live: true,
    markup_model_id: 1,
    currency_id: 1,
    model: { id: 1, name: 'M', rates: [{ id: 1, commission: 20, markup: 1.32, supplement_markup: 1.11 }] },
    currency: { id: 1, name: 'Euro', symbol: '€', rate: 1.1 },
  },
  categories,
});

const loaded = season(1, [group(10, [price(1, 100), price(2, 200)]), group(20, [price(3, 300), price(4, 0, '[2]+50')])]);
/** The clerk's staged season: the loaded one with `edit` applied to its rows (by price id). */
function staged(edit: (rows: PricingRow[]) => PricingRow[], groups?: (groups: PriceGroup[]) => PriceGroup[]) {
  // The keys a screen holds after a save are not row-{id}: matching must go by id.
  const stagedSeason = stageCategories(loaded.categories);
  const rows = stagedSeason.rows.map((row, index) => ({ ...row, key: `kept-${index}` }));
  return { groups: groups ? groups(stagedSeason.groups) : stagedSeason.groups, rows: edit(rows) };
}
const setGross = (id: number, gross: number) => (rows: PricingRow[]) => rows.map((row) => (row.id === id ? { ...row, gross } : row));
const grosses = (rows: readonly PricingRow[]) => rows.map((row) => row.formula ?? row.gross);

describe('the pricing tab’s merge of a stale save', () => {
  it('keeps row 0 as they saved it and row 2 as the clerk typed it', () => {
    const latest = season(2, [group(10, [price(1, 111), price(2, 200)]), group(20, [price(3, 300), price(4, 0, '[2]+50')])]);
    const merge = mergeSeasonPricing({ loaded, latest, mine: staged(setGross(3, 333)) });
    expect(merge.found).toEqual([]);
    expect(grosses(merge.rows)).toEqual([111, 200, 333, '[2]+50']);
    expect(merge.groups.map((merged) => [merged.id, merged.size])).toEqual([
      [10, 2],
      [20, 2],
    ]);
    expect(merge.keptMine).toBe(1);
    expect(merge.tookTheirs).toBe(1);
  });

  it('keeps a formula on the row it names when they inserted a row above it', () => {
    const latest = season(2, [group(10, [price(1, 100), price(5, 150), price(2, 200)]), group(20, [price(3, 300), price(4, 0, '[3]+50')])]);
    const merge = mergeSeasonPricing({ loaded, latest, mine: staged((rows) => rows.map((row) => (row.id === 4 ? { ...row, formula: '[2]+75' } : row))) });
    expect(merge.found).toEqual([]);
    expect(grosses(merge.rows)).toEqual([100, 150, 200, 300, '[3]+75']);
  });

  it('asks when both changed one gross, and stores the choice', () => {
    const latest = season(2, [group(10, [price(1, 120), price(2, 200)]), group(20, [price(3, 300), price(4, 0, '[2]+50')])]);
    const mine = staged(setGross(1, 110));
    const merge = mergeSeasonPricing({ loaded, latest, mine });
    expect(
      merge.undecided.map((conflict) => [
        conflictKey(conflict),
        conflict.conflict.kind === 'cell' && conflict.conflict.mine,
        conflict.conflict.kind === 'cell' && conflict.conflict.theirs,
      ]),
    ).toEqual([['price:id:1:price', 110, 120]]);
    const theirs = mergeSeasonPricing({ loaded, latest, mine, choices: new Map([['price:id:1:price', 'theirs']]) });
    expect(theirs.undecided).toEqual([]);
    expect(grosses(theirs.rows)).toEqual([120, 200, 300, '[2]+50']);
    const ours = mergeSeasonPricing({ loaded, latest, mine, choices: new Map([['price:id:1:price', 'mine']]) });
    expect(grosses(ours.rows)).toEqual([110, 200, 300, '[2]+50']);
  });

  it('asks when they deleted a row the clerk changed; kept, it is saved as a new row', () => {
    const latest = season(2, [group(10, [price(1, 100)]), group(20, [price(3, 300), price(4, 0, '[1]+50')])]);
    const mine = staged(setGross(2, 222));
    const merge = mergeSeasonPricing({ loaded, latest, mine });
    expect(merge.undecided.map(conflictKey)).toEqual(['price:id:2:row']);
    const kept = mergeSeasonPricing({ loaded, latest, mine, choices: new Map([['price:id:2:row', 'mine']]) });
    expect(kept.rows.map((row) => [row.id, row.formula ?? row.gross])).toEqual([
      [1, 100],
      [undefined, 222],
      [3, 300],
      [4, '[2]+50'],
    ]);
    const dropped = mergeSeasonPricing({ loaded, latest, mine, choices: new Map([['price:id:2:row', 'theirs']]) });
    expect(grosses(dropped.rows)).toEqual([100, 300, '[1]+50']);
  });

  it('asks when they removed a group the clerk added a row to, and removes a group only the clerk removed', () => {
    const latest = season(2, [group(10, [price(1, 100), price(2, 200)])]);
    const added = { ...stageCategories(loaded.categories).rows[2], id: undefined, key: newRowKey(), gross: 999 };
    const mine = staged(
      (rows) => [...rows, added],
      (groups) => groups.map((one) => (one.id === 20 ? { ...one, size: 3 } : one)),
    );
    const merge = mergeSeasonPricing({ loaded, latest, mine });
    expect(merge.undecided.map(conflictKey)).toEqual(['group:id:20:row']);

    const onlyMine = season(2, [group(10, [price(1, 100), price(2, 250)]), group(20, [price(3, 300), price(4, 0, '[2]+50')])]);
    const removal = staged(
      (rows) => rows.slice(0, 2),
      (groups) => groups.filter((one) => one.id !== 20),
    );
    const removed = mergeSeasonPricing({ loaded, latest: onlyMine, mine: removal });
    expect(removed.found).toEqual([]);
    expect(removed.removedGroupIds).toEqual([20]);
    expect(grosses(removed.rows)).toEqual([100, 250]);
  });
});
