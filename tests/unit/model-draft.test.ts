import { describe, expect, it } from 'vitest';
import type { MarkupModel } from '../../src/domain/models/markup-model.js';
import { foreignRatesMessage, strandedRatesMessage } from '../../src/domain/models/model-change.js';
import { NO_GUARDRAIL } from '../../src/domain/models/margin-guardrail.js';
import {
  isDirty,
  modelDraft,
  rateIdsInError,
  rebaseDraft,
  restoreRemoved,
  revertRateField,
  stageRemoval,
  toSaveBody,
} from '../../src/screens/models/model-draft.js';

const stored: MarkupModel = {
  id: 7,
  name: 'Standard 2026',
  season_id: 3,
  version: 4,
  ...NO_GUARDRAIL,
  rates: [
    { id: 70, commission: 20, markup: 1.32, supplement_markup: 1.15 },
    { id: 71, commission: 10, markup: 1.3, supplement_markup: 1.1 },
    { id: 72, commission: 0, markup: 1.25, supplement_markup: 1 },
    { id: 73, commission: 5, markup: 1.28, supplement_markup: 1.05 },
  ],
};
const ids = (rates: { id?: number }[]) => rates.map((rate) => rate.id);

describe('staging and restoring removed rates', () => {
  it('puts rates removed in any order back where they were', () => {
    let draft = modelDraft(stored);
    draft = stageRemoval(draft, 'rate-73');
    draft = stageRemoval(draft, 'rate-70');
    draft = stageRemoval(draft, 'rate-72');
    expect(ids(draft.rates)).toEqual([71]);
    expect(toSaveBody(draft)?.removedRatesIds).toEqual([73, 70, 72]);
    const restored = restoreRemoved(draft);
    expect(ids(restored.rates)).toEqual([70, 71, 72, 73]);
    expect(restored.removed).toEqual([]);
    expect(isDirty(restored, stored)).toBe(false);
  });

  it('keeps a rate added after the removals at the end when they come back', () => {
    const draft = stageRemoval(modelDraft(stored), 'rate-71');
    const withNew = { ...draft, rates: [...draft.rates, { key: 'rate-74', id: 74, commission: '0', markup: '0', supplement_markup: '0' }] };
    expect(ids(restoreRemoved(withNew).rates)).toEqual([70, 71, 72, 73, 74]);
  });
});

describe('rate ids named by a refused save', () => {
  it('reads the comma-separated list that ends the message, not other numbers in it', () => {
    expect([...rateIdsInError([strandedRatesMessage([71, 73])])]).toEqual([71, 73]);
    expect([...rateIdsInError([foreignRatesMessage([9])])]).toEqual([9]);
  });

  it('names no rate when the message has no list of ids', () => {
    expect(rateIdsInError(['Commission must be a number from 0 to 100']).size).toBe(0);
    expect(rateIdsInError(['This model was changed by someone else since you opened it. Reload to see their changes, then save again.']).size).toBe(0);
  });
});

describe('carrying a draft over to a newer stored model', () => {
  const added: MarkupModel = { ...stored, version: 5, rates: [...stored.rates, { id: 74, commission: 0, markup: 0, supplement_markup: 0 }] };

  it('keeps typed values and staged removals and appends a rate the stored model gained', () => {
    let draft = modelDraft(stored);
    draft = { ...draft, rates: draft.rates.map((rate) => (rate.id === 70 ? { ...rate, markup: '1.5' } : rate)) };
    draft = stageRemoval(draft, 'rate-72');
    const carried = rebaseDraft(draft, stored, added);
    expect(ids(carried.rates)).toEqual([70, 71, 73, 74]);
    expect(carried.rates[0].markup).toBe('1.5');
    expect(ids(carried.removed)).toEqual([72]);
    // Changed since it was started: the version it was started from stays, so a save over someone else's is refused.
    expect(carried.version).toBe(4);
  });

  it('follows the stored model where staff changed nothing, and takes its version when nothing was changed at all', () => {
    const changedElsewhere: MarkupModel = {
      ...stored,
      name: 'Renamed',
      version: 6,
      rates: stored.rates.map((rate) => (rate.id === 71 ? { ...rate, markup: 1.4 } : rate)),
    };
    const carried = rebaseDraft(modelDraft(stored), stored, changedElsewhere);
    expect(carried).toEqual(modelDraft(changedElsewhere));
    expect(isDirty(carried, changedElsewhere)).toBe(false);
  });

  it('drops rates the stored model no longer has', () => {
    const removedElsewhere: MarkupModel = { ...stored, version: 6, rates: stored.rates.filter((rate) => rate.id !== 73) };
    const draft = stageRemoval(modelDraft(stored), 'rate-73');
    const carried = rebaseDraft(draft, stored, removedElsewhere);
    expect(ids(carried.rates)).toEqual([70, 71, 72]);
    expect(carried.removed).toEqual([]);
    expect(ids(rebaseDraft(modelDraft(stored), stored, removedElsewhere).rates)).toEqual([70, 71, 72]);
  });
});

describe('cancelling one field of a what-if (Escape, issue 27)', () => {
  it('puts that field of that rate back to the stored value, and leaves the other edits', () => {
    const draft = modelDraft(stored);
    const edited = {
      ...draft,
      rates: draft.rates.map((rate) => (rate.id === 71 ? { ...rate, markup: '1.4', commission: '12' } : rate.id === 72 ? { ...rate, markup: '-' } : rate)),
    };
    const reverted = revertRateField(edited, stored, 'rate-71', 'markup');
    expect(reverted.rates.map((rate) => [rate.id, rate.commission, rate.markup])).toEqual([
      [70, '20', '1.32'],
      [71, '12', '1.3'],
      [72, '0', '-'],
      [73, '5', '1.28'],
    ]);
    const clean = revertRateField(revertRateField(reverted, stored, 'rate-71', 'commission'), stored, 'rate-72', 'markup');
    expect(isDirty(clean, stored)).toBe(false);
  });

  it('leaves a rate the stored model does not hold as it is', () => {
    const draft = { ...modelDraft(stored), rates: [{ key: 'rate-99', id: 99, commission: '1', markup: '2', supplement_markup: '3' }] };
    expect(revertRateField(draft, stored, 'rate-99', 'markup')).toEqual(draft);
  });
});
