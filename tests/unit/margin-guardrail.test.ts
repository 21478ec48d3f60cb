import { describe, expect, it } from 'vitest';
import { belowGuardrail, belowGuardrailMessage, NO_GUARDRAIL, rowsBelowGuardrail } from '../../src/domain/models/margin-guardrail';

describe('the margin guardrail', () => {
  it('is met at exactly the minimum margin and missed a penny under it', () => {
    const guard = { min_margin_percent: 10, min_profit: null };
    expect(belowGuardrail(100, 10, guard)).toBe(false);
    expect(belowGuardrail(100, 9.99, guard)).toBe(true);
    // 0.1 + 0.2 style artefacts do not tip a row over: 10.00% of 30.30 is 3.03.
    expect(belowGuardrail(30.3, 0.1 + 2.93, guard)).toBe(false);
  });

  it('takes the floor in pounds in pence, and either rule flags a row', () => {
    const guard = { min_margin_percent: 5, min_profit: 25 };
    expect(belowGuardrail(400, 25, guard)).toBe(false);
    expect(belowGuardrail(400, 24.99, guard)).toBe(true);
    expect(belowGuardrail(100, 25, { ...guard, min_margin_percent: 30 })).toBe(true);
  });

  it('flags nothing without a guardrail, and never a row in error or without a price', () => {
    expect(rowsBelowGuardrail([{ cost: 100, profit: -50 }], NO_GUARDRAIL)).toEqual([]);
    const guard = { min_margin_percent: 10, min_profit: null };
    expect(
      rowsBelowGuardrail(
        [{ cost: 100, profit: 5 }, { error: 'Refers to a deleted row' }, { cost: 0, profit: 0, missing: 'markup-rate' }, { cost: 100, profit: 50 }],
        guard,
      ),
    ).toEqual([0]);
  });

  it('names the count and the rows in the confirmation', () => {
    expect(belowGuardrailMessage([2, 5], { min_margin_percent: 10, min_profit: 25 })).toBe(
      '2 prices would be below the minimum margin (10% of cost, £25): rows [2], [5]. Save them anyway?',
    );
  });
});
