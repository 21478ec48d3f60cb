import { describe, expect, it } from 'vitest';
import { createChangeSetWatermark } from '../../src/server/presence/presence-stream.js';

// Issue 29: a change set that commits after one with a higher id was announced is still announced.
describe('createChangeSetWatermark', () => {
  it('sees a lower id that turns up late, once, until the floor passes it a minute on', () => {
    const marks = createChangeSetWatermark(10, 60_000);
    expect(marks.firstSight(12)).toBe(true);
    marks.settle(0);
    expect(marks.floor()).toBe(10);
    expect(marks.firstSight(12)).toBe(false);
    expect(marks.firstSight(11)).toBe(true);
    expect(marks.firstSight(11)).toBe(false);
    expect(marks.pending()).toBe(2);
    marks.settle(30_000);
    expect(marks.floor()).toBe(10);
    marks.settle(60_000);
    expect(marks.floor()).toBe(12);
    expect(marks.pending()).toBe(0);
    expect(marks.firstSight(11)).toBe(false);
    expect(marks.firstSight(13)).toBe(true);
  });

  it('never announces what was stored before the stream opened', () => {
    const marks = createChangeSetWatermark(10);
    expect(marks.firstSight(9)).toBe(false);
    expect(marks.firstSight(10)).toBe(false);
  });
});
