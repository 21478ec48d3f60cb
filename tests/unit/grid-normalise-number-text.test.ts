import { describe, expect, it } from 'vitest';
import { normaliseNumberText } from '../../src/domain/normalise-number-text';

describe('normaliseNumberText', () => {
  it.each([
    ['675', 675],
    ['675.50', 675.5],
    ['.5', 0.5],
    ['5.', 5],
    ['  675  ', 675],
    ['+12', 12],
    ['-12', -12],
    ['\u221212', -12],
    ['£1,234.50', 1234.5],
    ['£ 1,234.50', 1234.5],
    ['1,234', 1234],
    ['1,234,567.89', 1234567.89],
    ['€1,234.50', 1234.5],
    ['$99', 99],
    ['12 €', 12],
    ['1 234', 1234],
    ['1\u00a0234.50', 1234.5],
    ['1\u202f234', 1234],
    ['(12.00)', -12],
    ['(£1,234.50)', -1234.5],
    ['-£12.00', -12],
    ['£-12.00', -12],
    ['(0.00)', 0],
    ['1.2E+03', 1200],
    ['0', 0],
  ])('reads %j as %d', (text, value) => {
    expect(normaliseNumberText(text)).toEqual({ ok: true, value });
  });

  it('reads a negative zero as plain zero', () => {
    const result = normaliseNumberText('-0');
    expect(result.ok && Object.is(result.value, 0)).toBe(true);
  });

  it.each([
    ['', 'Empty'],
    ['   ', 'Empty'],
    ['abc', 'Not a number'],
    ['12%', 'Percentages are not accepted here'],
    ['1.234,50', "Use '.' for decimals and ',' only between thousands, as in 1,234.50"],
    ['€ 1.234,50', "Use '.' for decimals and ',' only between thousands, as in 1,234.50"],
    ['1,5', "Use '.' for decimals and ',' only between thousands, as in 1,234.50"],
    ['12,34,567', "Use '.' for decimals and ',' only between thousands, as in 1,234.50"],
    ['1234,567', "Use '.' for decimals and ',' only between thousands, as in 1,234.50"],
    ['12 34', 'Not a number'],
    ['1.2.3', 'Not a number'],
    ['--12', 'Not a number'],
    ['(-12)', 'Not a number'],
    ['££12', 'Not a number'],
    ['12-', 'Not a number'],
    ['[3]+50', 'Not a number'],
    ['Infinity', 'Not a number'],
  ])('refuses %j because %s', (text, reason) => {
    expect(normaliseNumberText(text)).toEqual({ ok: false, value: null, reason });
  });
});
