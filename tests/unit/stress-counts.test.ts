import { describe, expect, it } from 'vitest';
import { stressCount } from '../helpers/stress-counts.js';

describe('the counts of the long suites', () => {
  it('are the full ones unless STRESS_COUNTS=ci asks for the smaller ones', () => {
    expect(stressCount('fuzzRuns', {})).toBe(10_000);
    expect(stressCount('fuzzRuns', { STRESS_COUNTS: 'full' })).toBe(10_000);
    expect(stressCount('fuzzRuns', { STRESS_COUNTS: 'ci' })).toBe(4_000);
    expect(stressCount('clusterKills', { STRESS_COUNTS: 'ci' })).toBe(3);
  });

  it("let a count's own variable win over both", () => {
    expect(stressCount('crashCycles', { STRESS_COUNTS: 'ci', CRASH_CYCLES: '2' })).toBe(2);
    expect(stressCount('crashCycles', { CRASH_CYCLES: '40' })).toBe(40);
  });

  it('refuse a value they cannot use, naming the variable', () => {
    expect(() => stressCount('loadSeconds', { LOAD_SECONDS: 'ten' })).toThrow('LOAD_SECONDS must be a positive number');
    expect(() => stressCount('loadSeconds', { STRESS_COUNTS: 'quick' })).toThrow('STRESS_COUNTS must be "ci" or "full"');
  });
});
