import type { MarginGuardrail } from '../../domain/models/margin-guardrail.js';
import type { MarkupModel, MarkupModelSave, StoredMarkupRate } from '../../domain/models/markup-model.js';

export type RateDraft = { key: string; id?: number; commission: string; markup: string; supplement_markup: string };
/** A rate staged for removal, with the position it had, so a failed save can put it back there. */
export type RemovedRate = RateDraft & { at: number };
/** `guardrail`: the margin guardrail's fields as typed; empty is unset. */
export type ModelDraft = { name: string; version: number; rates: RateDraft[]; removed: RemovedRate[]; guardrail: GuardrailDraft };
export type GuardrailDraft = Record<keyof MarginGuardrail, string>;
const GUARDRAIL_FIELDS = ['min_margin_percent', 'min_profit'] as const;

const guardrailDraft = (model: MarkupModel): GuardrailDraft => ({
  min_margin_percent: model.min_margin_percent === null ? '' : String(model.min_margin_percent),
  min_profit: model.min_profit === null ? '' : String(model.min_profit),
});
/** A guardrail field as typed: null when empty, NaN when not a number. */
const guardrailValue = (text: string) => (text.trim() === '' ? null : Number(text));

const RATE_FIELDS = ['commission', 'markup', 'supplement_markup'] as const;
export type RateField = (typeof RATE_FIELDS)[number];

export const rateDraft = (rate: StoredMarkupRate): RateDraft => ({
  key: `rate-${rate.id}`,
  id: rate.id,
  commission: String(rate.commission),
  markup: String(rate.markup),
  supplement_markup: String(rate.supplement_markup),
});

export const modelDraft = (model: MarkupModel): ModelDraft => ({
  name: model.name,
  version: model.version,
  rates: model.rates.map(rateDraft),
  removed: [],
  guardrail: guardrailDraft(model),
});

const asNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/** What a draft would send, as typed: a field that is not a number is NaN, for the schema to name. */
export function draftValues(draft: ModelDraft): MarkupModelSave {
  const [min_margin_percent, min_profit] = GUARDRAIL_FIELDS.map((field) => guardrailValue(draft.guardrail[field]));
  return {
    model: {
      name: draft.name,
      version: draft.version,
      rates: draft.rates.map((rate) => ({
        ...(rate.id === undefined ? {} : { id: rate.id }),
        commission: asNumber(rate.commission),
        markup: asNumber(rate.markup),
        supplement_markup: asNumber(rate.supplement_markup),
      })),
      min_margin_percent,
      min_profit,
    },
    removedRatesIds: draft.removed.flatMap((rate) => (rate.id === undefined ? [] : [rate.id])),
  };
}

/** The save body of a draft, or null while a field is not a number (no preview, no save). */
export function toSaveBody(draft: ModelDraft): MarkupModelSave | null {
  const body = draftValues(draft);
  const { rates, min_margin_percent, min_profit } = body.model;
  if (rates.some((rate) => RATE_FIELDS.some((field) => !Number.isFinite(rate[field])))) return null;
  if (Number.isNaN(min_margin_percent) || Number.isNaN(min_profit)) return null;
  return body;
}

/** True when the draft differs from the stored model in a way that changes prices or the name. */
export function isDirty(draft: ModelDraft, model: MarkupModel): boolean {
  if (draft.removed.length || draft.name !== model.name || draft.rates.length !== model.rates.length) return true;
  if (GUARDRAIL_FIELDS.some((field) => guardrailValue(draft.guardrail[field]) !== model[field])) return true;
  return draft.rates.some(
    (rate, index) => rate.id !== model.rates[index].id || RATE_FIELDS.some((field) => asNumber(rate[field]) !== model.rates[index][field]),
  );
}

/**
 * The draft with one field of one rate back to what the stored model holds (Escape in that field
 * cancels its what-if); a rate the stored model does not hold is left as it is.
 */
export function revertRateField(draft: ModelDraft, model: MarkupModel, key: string, field: RateField): ModelDraft {
  const rate = draft.rates.find((candidate) => candidate.key === key);
  const storedRate = rate?.id === undefined ? undefined : model.rates.find((candidate) => candidate.id === rate.id);
  if (storedRate === undefined) return draft;
  return { ...draft, rates: draft.rates.map((candidate) => (candidate.key === key ? { ...candidate, [field]: String(storedRate[field]) } : candidate)) };
}

/** Stages the rate for removal (deleted only when the model is saved). */
export function stageRemoval(draft: ModelDraft, key: string): ModelDraft {
  const at = draft.rates.findIndex((rate) => rate.key === key);
  if (at < 0) return draft;
  return { ...draft, rates: draft.rates.filter((rate) => rate.key !== key), removed: [...draft.removed, { ...draft.rates[at], at }] };
}

/**
 * Puts the staged removals back where they were (SPEC.md section 8, after a failed save). Undoing
 * them last-removed first makes each recorded position right again.
 */
export function restoreRemoved(draft: ModelDraft): ModelDraft {
  const rates = [...draft.rates];
  for (const { at, ...rate } of [...draft.removed].reverse()) rates.splice(Math.min(at, rates.length), 0, rate);
  return { ...draft, rates, removed: [] };
}

/**
 * The draft carried over to a newer copy of the stored model (a rate added, another model saved,
 * a refetch): what staff changed since `before` stays, everything else follows `after`, and rates
 * new in `after` are added at the end. An unchanged draft takes the new version; a changed one
 * keeps the version it was started from, so a save over someone else's is still refused (409).
 */
export function rebaseDraft(draft: ModelDraft, before: MarkupModel, after: MarkupModel): ModelDraft {
  const beforeById = new Map(before.rates.map((rate) => [rate.id, rate]));
  const afterById = new Map(after.rates.map((rate) => [rate.id, rate]));
  const stillStored = (rate: RateDraft) => rate.id === undefined || afterById.has(rate.id) || !beforeById.has(rate.id);
  const rates = draft.rates.filter(stillStored).map((rate) => {
    const was = rate.id === undefined ? undefined : beforeById.get(rate.id);
    const now = rate.id === undefined ? undefined : afterById.get(rate.id);
    if (!was || !now) return rate;
    const merged = { ...rate };
    for (const field of RATE_FIELDS) if (asNumber(rate[field]) === was[field]) merged[field] = String(now[field]);
    return merged;
  });
  const known = new Set([...draft.rates, ...draft.removed].map((rate) => rate.id));
  const added = after.rates.filter((rate) => !known.has(rate.id)).map(rateDraft);
  return {
    name: draft.name === before.name ? after.name : draft.name,
    guardrail: Object.fromEntries(
      GUARDRAIL_FIELDS.map((field) => [
        field,
        guardrailValue(draft.guardrail[field]) === before[field] ? guardrailDraft(after)[field] : draft.guardrail[field],
      ]),
    ) as GuardrailDraft,
    version: isDirty(draft, before) ? draft.version : after.version,
    rates: [...rates, ...added],
    removed: draft.removed.filter((rate) => rate.id === undefined || afterById.has(rate.id)),
  };
}

/**
 * Rate ids a refused save names: the comma-separated list that ends a server message ('...: 12,13',
 * see strandedRatesMessage and foreignRatesMessage). Numbers elsewhere in a message ('a 0% rate',
 * 'from 0 to 100') name no rate.
 */
export function rateIdsInError(messages: readonly string[]): Set<number> {
  const ids = messages.flatMap((message) => {
    const list = /:\s*(\d+(?:\s*,\s*\d+)*)\s*$/.exec(message)?.[1];
    return list ? list.split(',').map((id) => Number(id.trim())) : [];
  });
  return new Set(ids);
}

/** A refused save's field messages by rate key and field: they stay with their rate as rates move. */
export type RateFieldErrors = ReadonlyMap<string, Partial<Record<RateField, string>>>;

/** A refused save's field messages (`model.rates.2.commission`) by the key of the rate they name. */
export function rateFieldErrorsFromServer(items: readonly { msg: string; path?: string }[], draft: ModelDraft): RateFieldErrors {
  const errors = new Map<string, Partial<Record<RateField, string>>>();
  for (const { msg, path } of items) {
    const match = /^model\.rates\.(\d+)\.(commission|markup|supplement_markup)$/.exec(path ?? '');
    const rate = match ? draft.rates[Number(match[1])] : undefined;
    if (!match || !rate) continue;
    errors.set(rate.key, { ...errors.get(rate.key), [match[2]]: msg });
  }
  return errors;
}
