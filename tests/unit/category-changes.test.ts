import { describe, expect, it } from 'vitest';
import type { PricingCategory } from '../../src/domain/pricing/tour-pricing';
import { categoryChanges, categoryToasts } from '../../src/screens/pricing/category-changes';

const price = (id: number, gross: number | string) => ({
  id,
  room_type_id: 1,
  accommodation_category_id: null,
  deck_id: null,
  formula: null,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 21,
  net: 0,
  cost: 0,
});
const category = (id: number, start: string, prices = [price(id * 10, 500)]) =>
  ({
    id,
    start,
    end: '2026-06-30',
    nights: 7,
    boat_id: null,
    tour_route_id: null,
    guided: null,
    restricted_dates: [],
    specific_dates: [],
    restricted_days: [],
    prices,
  }) as unknown as PricingCategory;

describe('categoryChanges', () => {
  it('names the categories created, updated and deleted, and not those sent back unchanged', () => {
    const before = [category(1, '2026-05-01'), category(2, '2026-05-01'), category(3, '2026-05-01')];
    const after = [category(1, '2026-05-01'), category(2, '2026-05-08'), category(4, '2026-07-01')];
    expect(categoryChanges(before, after)).toEqual({ created_ids: [4], updated_ids: [2], deleted_ids: [3] });
  });

  it('counts a changed price as a change of its category, and money as text or number as one value', () => {
    const before = [category(1, '2026-05-01', [price(10, '500.00')]), category(2, '2026-05-01', [price(20, 500)])];
    const after = [category(1, '2026-05-01', [price(10, 500)]), category(2, '2026-05-01', [price(20, 510)])];
    expect(categoryChanges(before, after)).toEqual({ created_ids: [], updated_ids: [2], deleted_ids: [] });
  });

  it('words one toast per category, deletions first, and Saved when nothing changed', () => {
    expect(categoryToasts({ created_ids: [4], updated_ids: [2], deleted_ids: [3] })).toEqual([
      'Deleted category 3',
      'Updated category 2',
      'Created category 4',
    ]);
    expect(categoryToasts({ created_ids: [], updated_ids: [], deleted_ids: [] })).toEqual(['Saved']);
  });
});
