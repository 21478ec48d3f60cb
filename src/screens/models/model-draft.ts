import type { MarkupModel, MarkupModelSave, StoredMarkupRate } from '../../domain/models/markup-model.js';

export type RateDraft = { key: string; id?: number; commission: string; markup: string; supplement_markup: string };
export type ModelDraft = { name: string; version: number; rates: RateDraft[]; removed: RateDraft[] };

const RATE_FIELDS = ['commission', 'markup', 'supplement_markup'] as const;
export type RateField = (typeof RATE_FIELDS)[number];

export const rateDraft = (rate: StoredMarkupRate): RateDraft => ({
  key: `rate-${rate.id}`,
  id: rate.id,
  commission: String(rate.commission),
  markup: String(rate.markup),
  supplement_markup: String(rate.supplement_markup),
});

export const modelDraft = (model: MarkupModel): ModelDraft => ({ name: model.name, version: model.version, rates: model.rates.map(rateDraft), removed: [] });

const asNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** The save body of a draft, or null while a field is not a number (no preview, no save). */
export function toSaveBody(draft: ModelDraft): MarkupModelSave | null {
  const rates = draft.rates.map((rate) => ({
    ...(rate.id === undefined ? {} : { id: rate.id }),
    commission: asNumber(rate.commission),
    markup: asNumber(rate.markup),
    supplement_markup: asNumber(rate.supplement_markup),
  }));
  if (rates.some((rate) => RATE_FIELDS.some((field) => !Number.isFinite(rate[field])))) return null;
  return { model: { name: draft.name, version: draft.version, rates }, removedRatesIds: draft.removed.flatMap((rate) => (rate.id === undefined ? [] : [rate.id])) };
}

/** True when the draft differs from the stored model in a way that changes prices or the name. */
export function isDirty(draft: ModelDraft, model: MarkupModel): boolean {
  if (draft.removed.length || draft.name !== model.name || draft.rates.length !== model.rates.length) return true;
  return draft.rates.some((rate, index) => RATE_FIELDS.some((field) => asNumber(rate[field]) !== model.rates[index][field]));
}

/** Rate ids named in a comma-separated server error ('...: 12,13'), for highlighting. */
export function rateIdsInError(message: string): Set<number> {
  const lists = message.match(/\d+(?:\s*,\s*\d+)*/g) ?? [];
  return new Set(lists.flatMap((list) => list.split(',').map((id) => Number(id.trim()))));
}
