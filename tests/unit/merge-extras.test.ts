import { describe, expect, it } from 'vitest';
import { mergeExtras, type ExtraSide } from '../../src/screens/tour-extras/merge-extras.js';
import type { PriceRow } from '../../src/grid/price-row.js';

// Issue 29: the supplements and extra nights tabs rebase a stale save on the stored season.

type Fields = { name: string; nights: number | null };
type Row = PriceRow & { min_pax: number | null };
const row = (id: number, gross: number, formula: string | null = null): Row => ({
  key: `row-${id}`,
  id,
  formula,
  gross,
  non_com: 0,
  adjustment: 0,
  markup_rate_id: 1,
  min_pax: null,
});
const extra = (id: number, name: string, rows: Row[], nights: number | null = null): ExtraSide<Fields, Row> => ({
  key: `extra-${id}`,
  id,
  fields: { name, nights },
  rows,
});
const merge = (base: ExtraSide<Fields, Row>[], mine: ExtraSide<Fields, Row>[], theirs: ExtraSide<Fields, Row>[], choices?: Map<string, 'mine' | 'theirs'>) =>
  mergeExtras<Fields, Row>({ base, mine, theirs, fieldNames: ['name', 'nights'], variationFields: ['min_pax'], choices });
const grosses = (result: ReturnType<typeof merge>) =>
  result.extras.map((merged) => [merged.fields.name, merged.rows.map((variation) => variation.formula ?? variation.gross)]);

const base = [extra(1, 'Transfer', [row(11, 50), row(12, 0, '[0]*2')]), extra(2, 'Dinner', [row(21, 30)])];

describe('the extras tabs’ merge of a stale save', () => {
  it('keeps the clerk’s variation and their renamed extra', () => {
    const mine = [extra(1, 'Transfer', [row(11, 55), row(12, 0, '[0]*2')]), extra(2, 'Dinner', [row(21, 30)])];
    const theirs = [extra(1, 'Transfer', [row(11, 50), row(12, 0, '[0]*2')]), extra(2, 'Gala dinner', [row(21, 30)])];
    const result = merge(base, mine, theirs);
    expect(result.found).toEqual([]);
    expect(grosses(result)).toEqual([
      ['Transfer', [55, '[0]*2']],
      ['Gala dinner', [30]],
    ]);
    expect(result.keptMine).toBe(1);
    expect(result.tookTheirs).toBe(1);
  });

  it('asks when both changed one variation, and stores the choice', () => {
    const mine = [extra(1, 'Transfer', [row(11, 55), row(12, 0, '[0]*2')]), base[1]];
    const theirs = [extra(1, 'Transfer', [row(11, 60), row(12, 0, '[0]*2')]), base[1]];
    expect(merge(base, mine, theirs).undecided.map((conflict) => conflict.key)).toEqual(['variation:id:1:id:11:price']);
    const chosen = merge(base, mine, theirs, new Map([['variation:id:1:id:11:price', 'theirs']]));
    expect(grosses(chosen)[0]).toEqual(['Transfer', [60, '[0]*2']]);
  });

  it('asks when they removed an extra whose variation the clerk changed, and removes an extra only the clerk removed', () => {
    const mine = [extra(1, 'Transfer', [row(11, 50), row(12, 0, '[0]*2')]), extra(2, 'Dinner', [row(21, 35)])];
    const theirs = [base[0]];
    expect(merge(base, mine, theirs).undecided.map((conflict) => conflict.key)).toEqual(['extra:id:2:row']);
    const kept = merge(base, mine, theirs, new Map([['extra:id:2:row', 'mine']]));
    expect(kept.extras.map((merged) => [merged.id, merged.rows.map((variation) => [variation.id, variation.gross])])).toEqual([
      [
        1,
        [
          [11, 50],
          [12, 0],
        ],
      ],
      [undefined, [[undefined, 35]]],
    ]);

    const removal = merge(base, [base[0]], base);
    expect(removal.found).toEqual([]);
    expect(removal.removedIds).toEqual([2]);
  });
});
