import { describe, expect, it } from 'vitest';
import { legacyFormulaToGridFormula, unescapeLegacyFormula } from '../../src/formulas/legacy-formula';

describe('unescapeLegacyFormula', () => {
  it.each([
    { escaped: '((445*3)-70)&#x2F;3', plain: '((445*3)-70)/3' },
    { escaped: '((630-120)+(630*2))&amp;#x2F;3', plain: '((630-120)+(630*2))/3' },
    { escaped: '(1190*2+1190&amp;amp;amp;amp;#x2F;2)&amp;amp;amp;amp;#x2F;3', plain: '(1190*2+1190/2)/3' },
    { escaped: '((590*3)-130)&amp;amp;amp;amp;amp;amp;amp;amp;#x2F;3', plain: '((590*3)-130)/3' },
    { escaped: '1&#47;2', plain: '1/2' },
    { escaped: 'a &amp; b &lt; c &gt; d &quot;e&quot; &#39;f&#39;', plain: 'a & b < c > d "e" \'f\'' },
    { escaped: '545+195', plain: '545+195' },
    { escaped: '&unknown; &#xZZ; &', plain: '&unknown; &#xZZ; &' },
  ])('turns $escaped into $plain', ({ escaped, plain }) => {
    expect(unescapeLegacyFormula(escaped)).toBe(plain);
  });
});

describe('legacyFormulaToGridFormula', () => {
  const rowOfId = new Map([
    [835, 4],
    [3214, 0],
  ]);
  const grossOfId = new Map([
    [835, 695],
    [2420, 820],
  ]);
  const lookup = { rowOfId: (id: number) => rowOfId.get(id), grossOfId: (id: number) => grossOfId.get(id) };

  it.each([
    { legacy: '[835]+125', grid: '[4]+125', why: 'a price of the same grid becomes its row' },
    { legacy: '[3214]&amp;#x2F;2', grid: '[0]/2', why: 'escaping is undone too' },
    { legacy: '[2420]', grid: '(820)', why: "a price of another season (an unremapped legacy copy) becomes that price's gross" },
    { legacy: '[68]+1', grid: '0+1', why: 'an unknown price counts as a missing row' },
    { legacy: ' 545+195 ', grid: '545+195', why: 'surrounding spaces are dropped' },
  ])('imports $legacy as $grid: $why', ({ legacy, grid }) => {
    expect(legacyFormulaToGridFormula(legacy, lookup)).toBe(grid);
  });
});
