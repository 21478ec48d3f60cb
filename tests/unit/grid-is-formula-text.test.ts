import { describe, expect, it } from 'vitest';
import { isFormulaText } from '../../src/grid/commands/is-formula-text';

describe('isFormulaText', () => {
  it.each(['[3]+50', '[3]', '545+195+230+110', '(675*.9+675+675)/3', '=[0]*2', '2^3'])('takes %j for a formula', (text) => {
    expect(isFormulaText(text)).toBe(true);
  });

  it.each(['', '675', '-12', '+5', '1e3', 'abc', 'SUM(A1:A3)', '12%', '£5+1', '[a]'])('does not take %j for a formula', (text) => {
    expect(isFormulaText(text)).toBe(false);
  });
});
