import { z } from 'zod';
import { recordVersion } from '../record-id.js';
import { nameField } from '../reference/reference-fields.js';
import { marginGuardrailFields, type MarginGuardrail } from './margin-guardrail.js';

const id = z.number({ error: 'Must be an id number' }).int('Must be an id number').positive('Must be an id number');
const percent = z
  .number({ error: 'Commission must be a number from 0 to 100' })
  .finite()
  .min(0, 'Commission must be a number from 0 to 100')
  .max(100, 'Commission must be a number from 0 to 100');
const multiplier = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 100` })
    .finite()
    .min(0, `${label} must be a number from 0 to 100`)
    .max(100, `${label} must be a number from 0 to 100`);

/** One rate of a markup model (SPEC.md section 3): commission in percent, two multipliers. */
export const markupRateSchema = z.object({
  /** Absent for a rate added in the form and not stored yet. */
  id: id.optional(),
  commission: percent,
  markup: multiplier('Markup'),
  supplement_markup: multiplier('Supplement markup'),
});
export type MarkupRateInput = z.infer<typeof markupRateSchema>;
export type StoredMarkupRate = Required<MarkupRateInput>;

/** `POST models`: a new model of a season, with its rates. */
export const markupModelCreateSchema = z.object({
  name: nameField(),
  season_id: id,
  rates: z
    .array(markupRateSchema.omit({ id: true }), { error: 'Rates must be a list' })
    .max(100)
    .default([]),
  ...marginGuardrailFields,
});
export type MarkupModelCreate = z.input<typeof markupModelCreateSchema>;

/** The model as the form edits it and `PUT models/{season_id}/{model_id}` receives it. */
export const markupModelEditSchema = z.object({
  name: nameField(),
  /** The version read; a stale one is refused with 409. */
  version: recordVersion,
  rates: z.array(markupRateSchema, { error: 'Rates must be a list' }).max(100),
  ...marginGuardrailFields,
});
export type MarkupModelEdit = z.infer<typeof markupModelEditSchema>;

/** `PUT models/{season_id}/{model_id}` and its what-if preview (SPEC.md section 7). */
export const markupModelSaveSchema = z.object({
  model: markupModelEditSchema,
  removedRatesIds: z.array(id).max(100).default([]),
});
export type MarkupModelSave = z.input<typeof markupModelSaveSchema>;

export type MarkupModel = { id: number; name: string; season_id: number; version: number; rates: StoredMarkupRate[] } & MarginGuardrail;

/** What a model save answers: the stored model, how many priced rows moved rate, and what was repriced. */
export type MarkupModelSaveResult = { model: MarkupModel; moved: number; repriced: RepricedCounts };

/** Stored rows whose gross, net or cost a change rewrote (or would rewrite), by kind. */
export type RepricedCounts = { prices: number; bikes: number; extras: number };
