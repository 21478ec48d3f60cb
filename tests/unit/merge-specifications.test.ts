import { describe, expect, it } from 'vitest';
import { mergeSpecifications, type StagedSpecification } from '../../src/screens/tour-extras/merge-specifications.js';

// The specifications tab's stale-save merge (issue 29): row by row by id, field by field.
const spec = (id: number, price_includes: string, price_excludes = 'Flights'): StagedSpecification => ({
  key: `specification-${id}`,
  id,
  price_includes,
  price_excludes,
});

describe('mergeSpecifications', () => {
  it('keeps my field and takes theirs, row by row, with my new row', () => {
    const base = [spec(1, 'Hotels'), spec(2, 'Boat')];
    const mine = [spec(1, 'Hotels', 'Flights and drinks'), spec(2, 'Boat'), { key: 'specification-new-1', price_includes: 'Bikes', price_excludes: '' }];
    const theirs = [spec(1, 'Family hotels'), spec(2, 'Boat')];
    const merge = mergeSpecifications(base, mine, theirs);
    expect(merge.found).toEqual([]);
    expect(merge.rows.map(({ id, price_includes, price_excludes }) => [id, price_includes, price_excludes])).toEqual([
      [1, 'Family hotels', 'Flights and drinks'],
      [2, 'Boat', 'Flights'],
      [undefined, 'Bikes', ''],
    ]);
    expect(merge.removedIds).toEqual([]);
  });

  it('reports a field both changed differently, and decides it as chosen', () => {
    const base = [spec(1, 'Hotels')];
    const mine = [spec(1, 'Inns')];
    const theirs = [spec(1, 'Guesthouses')];
    const open = mergeSpecifications(base, mine, theirs);
    expect(open.found).toHaveLength(1);
    expect(open.found[0]).toMatchObject({ kind: 'cell', field: 'price_includes', base: 'Hotels', mine: 'Inns', theirs: 'Guesthouses' });
    expect(mergeSpecifications(base, mine, theirs, () => 'theirs').rows[0].price_includes).toBe('Guesthouses');
    expect(mergeSpecifications(base, mine, theirs, () => 'mine').rows[0].price_includes).toBe('Inns');
  });

  it('deletes on save what I removed, and brings back as new a row they deleted that I changed, if I keep it', () => {
    const base = [spec(1, 'Hotels'), spec(2, 'Boat')];
    const mine = [spec(2, 'Boat cabin')];
    const theirs = [spec(1, 'Hotels')];
    const asked = mergeSpecifications(base, mine, theirs);
    expect(asked.found.map((conflict) => conflict.kind)).toEqual(['deleted-by-them']);
    const kept = mergeSpecifications(base, mine, theirs, () => 'mine');
    expect(kept.rows.map(({ id, price_includes }) => [id, price_includes])).toEqual([[undefined, 'Boat cabin']]);
    expect(kept.removedIds).toEqual([1]);
  });
});
