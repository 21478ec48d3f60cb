import { describe, expect, it } from 'vitest';
import type { GridColumn } from '../../src/grid/commands/grid-column';
import { isFormulaText } from '../../src/grid/commands/is-formula-text';
import { textToCellChanges } from '../../src/grid/commands/text-to-cell-changes';

describe('isFormulaText', () => {
  it.each([
    '[3]+50',
    '[3]',
    '545+195+230+110',
    '(675*.9+675+675)/3',
    '=[0]*2',
    '2^3',
    'SUM([0]:[3])',
    'ROUND([0]*1.05,0)',
    '=if([0]>=100, 1, 2)',
    'SUM(1,2)',
    'VLOOKUP(1)',
  ])('takes %j for a formula', (text) => {
    expect(isFormulaText(text)).toBe(true);
  });

  it.each(['', '675', '-12', '+5', '1e3', 'abc', '12%', '£5+1', '[a]', '1,5', '1.234,50'])('does not take %j for a formula', (text) => {
    expect(isFormulaText(text)).toBe(false);
  });
});

describe('textToCellChanges in the gross column', () => {
  const gross: GridColumn = { colId: 'gross', type: 'formula-number', editable: true };
  const row = { key: 'r0', gross: 100, formula: null };

  it.each(['SUM([0]:[1])', 'ROUNDUP([0]*1.1,0)', 'IF([0]<>100,[0],0)', 'MAX([0],[1])'])('stores %s as a formula', (text) => {
    expect(textToCellChanges(row, gross, text)).toEqual({ ok: true, changes: [{ rowKey: 'r0', colId: 'formula', oldValue: null, newValue: text }] });
  });

  it.each([
    { text: 'VLOOKUP(1)', message: 'Unknown function VLOOKUP: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF' },
    { text: '=NOW()+1', message: 'Unknown function NOW: use ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF' },
    { text: 'SUM(A1:A3)', message: 'Unknown name A1: a formula uses numbers, [n] and ROUND, ROUNDUP, ROUNDDOWN, MIN, MAX, SUM, AVERAGE, ABS or IF' },
  ])('refuses $text naming the function, not with the decimal-separator message', ({ text, message }) => {
    expect(textToCellChanges(row, gross, text)).toEqual({ ok: false, message });
  });

  it('still explains a continental decimal comma', () => {
    expect(textToCellChanges(row, gross, '1,5')).toEqual({ ok: false, message: "Use '.' for decimals and ',' only between thousands, as in 1,234.50" });
  });
});
