import { describe, expect, it } from 'vitest';
import { createFindReplaceStore, findReplaceState, type FindPreview } from '../../src/grid/find-replace-state';
import { createPriceGridStore, priceGridState } from '../../src/grid/price-grid-state';

const shownPreview: FindPreview = { options: '{}', cells: '1 gross', count: 1, message: '1 cell will change' };

describe('the Find & Replace bar state', () => {
  it('starts with an empty search in gross, no preview and no error', () => {
    const store = createFindReplaceStore();

    expect(store.get(findReplaceState.search)).toEqual({ find: '', replace: '', columns: ['gross'], matchWholeCell: false, inFormulas: false });
    expect(store.get(findReplaceState.preview)).toBeNull();
    expect(store.get(findReplaceState.findError)).toBeNull();
  });

  it.each([{ find: '675' }, { replace: '700' }, { columns: ['gross', 'non_com'] as const }, { matchWholeCell: true }, { inFormulas: true }])(
    'drops the preview when the search changes (%j)',
    (change) => {
      const store = createFindReplaceStore();
      store.set(findReplaceState.preview, shownPreview);

      store.set(findReplaceState.changeSearch, change);

      expect(store.get(findReplaceState.preview)).toBeNull();
      expect(store.get(findReplaceState.search)).toMatchObject(change);
    },
  );

  it('is folded away until opened, keeps its search when folded, and drops the preview of the other mode', () => {
    const store = createFindReplaceStore();
    expect(store.get(findReplaceState.mode)).toBeNull();

    store.set(findReplaceState.open, 'find');
    store.set(findReplaceState.changeSearch, { find: '675' });
    store.set(findReplaceState.preview, shownPreview);
    store.set(findReplaceState.open, 'find');
    expect([store.get(findReplaceState.mode), store.get(findReplaceState.opened), store.get(findReplaceState.preview)]).toEqual(['find', 2, shownPreview]);

    // Find's preview (cells found) never becomes a replacement's.
    store.set(findReplaceState.open, 'replace');
    expect([store.get(findReplaceState.mode), store.get(findReplaceState.preview)]).toEqual(['replace', null]);

    store.set(findReplaceState.preview, shownPreview);
    store.set(findReplaceState.close);
    expect([store.get(findReplaceState.mode), store.get(findReplaceState.preview), store.get(findReplaceState.search).find]).toEqual([null, null, '675']);
  });

  it('keeps the preview while only the adjust and commission inputs change', () => {
    const store = createFindReplaceStore();
    store.set(findReplaceState.preview, shownPreview);

    store.set(findReplaceState.adjust, '5');
    store.set(findReplaceState.rate, '2');

    expect(store.get(findReplaceState.preview)).toBe(shownPreview);
  });

  it('keeps the search of one bar out of another bar', () => {
    const first = createFindReplaceStore();
    const second = createFindReplaceStore();

    first.set(findReplaceState.changeSearch, { find: '675' });
    first.set(findReplaceState.preview, shownPreview);

    expect(second.get(findReplaceState.search).find).toBe('');
    expect(second.get(findReplaceState.preview)).toBeNull();
  });
});

describe('the price grid selection state', () => {
  it('keeps the selection and the cut of one grid out of another grid', () => {
    const first = createPriceGridStore();
    const second = createPriceGridStore();

    const range = { anchor: { rowIndex: 0, colId: 'gross' }, focus: { rowIndex: 2, colId: 'non_com' } };
    first.set(priceGridState.edit, { ...first.get(priceGridState.edit), active: range.anchor, range });
    first.set(priceGridState.cut, { text: '1\t2', rowKeys: ['a'], colIds: ['gross'], rows: [] });

    expect(first.get(priceGridState.edit).range?.focus).toEqual({ rowIndex: 2, colId: 'non_com' });
    expect(second.get(priceGridState.edit).range).toBeNull();
    expect(second.get(priceGridState.cut)).toBeNull();
  });
});
