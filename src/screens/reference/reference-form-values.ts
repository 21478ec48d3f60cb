import type { z } from 'zod';
import type { FormField } from '../../domain/reference/form-fields.js';
import type { ReferenceResource } from '../../domain/reference/reference-resources.js';

/**
 * What a form holds while staff type: text as typed (numbers too, so '1.5' or '' can be judged by
 * the schema with its own message), selections as values, lists as id arrays.
 */
export type Draft = Record<string, unknown>;

const toDraftValue = (field: FormField, value: unknown): unknown => {
  switch (field.kind) {
    case 'number':
      return value === null || value === undefined ? '' : String(value);
    case 'image':
    case 'gallery':
      return typeof value === 'number' ? value : null;
    case 'select':
      return value === undefined ? null : value;
    case 'reference':
      return typeof value === 'number' ? value : null;
    case 'reference-list':
      return Array.isArray(value) ? value : [];
    default:
      return typeof value === 'string' ? value : '';
  }
};

const numberOrText = (text: string) => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

const fromDraftValue = (field: FormField, value: unknown): unknown => {
  if (field.kind === 'number') {
    const text = String(value ?? '');
    // An empty required number is "missing", which the schema words for staff.
    if (text.trim() === '') return field.nullable ? null : undefined;
    return numberOrText(text);
  }
  return value;
};

/** A new row's draft: the schema's defaults where it has them, empty fields elsewhere. */
export function emptyDraft(resource: ReferenceResource, fields: readonly FormField[] = resource.fields): Draft {
  const shape = resource.schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(
    fields.map((field) => {
      const fallback = shape[field.name]?.safeParse(undefined);
      return [field.name, toDraftValue(field, fallback?.success ? fallback.data : undefined)];
    }),
  );
}

export function draftFromRow(row: Record<string, unknown>, fields: readonly FormField[]): Draft {
  return Object.fromEntries(fields.map((field) => [field.name, toDraftValue(field, row[field.name])]));
}

export function valuesFromDraft(draft: Draft, fields: readonly FormField[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, fromDraftValue(field, draft[field.name])]));
}
