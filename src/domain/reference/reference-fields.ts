import { z } from 'zod';
import { isBlankRichText, withDepthLimit } from './rich-text.js';
import { SLUG_MESSAGE, SLUG_PATTERN } from './slug.js';
import { oneLine } from '../one-line-text.js';

// Building blocks of the reference-data schemas. Messages are written for staff: the form shows
// them beside the field and the server returns the same text with the field's path.

export const NAME_MAX = 200;
export const TEXT_MAX = 5_000;
export const RICH_TEXT_MAX = 500_000;

const requiredText = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`);

/** A required one-line name or title: no direction controls (one-line-text.ts). */
export const nameField = (label = 'Name') => oneLine(requiredText(label).max(NAME_MAX, `${label} must be at most ${NAME_MAX} characters`), label);

export const slugField = () => requiredText('Slug').max(NAME_MAX, `Slug must be at most ${NAME_MAX} characters`).regex(SLUG_PATTERN, SLUG_MESSAGE);

/** Optional plain text; absent means empty. */
export const textField = (label: string, max = TEXT_MAX) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .default('');

/** Optional rich text (HTML from the editor, sanitised by the server before storing). */
export const richTextField = (label: string) =>
  withDepthLimit(z.string({ error: `${label} must be text` }).max(RICH_TEXT_MAX, `${label} is too long`), label).default('');

/** Rich text that must show something: an emptied editor's `<p></p>` counts as missing. */
export const requiredRichTextField = (label: string) =>
  withDepthLimit(z.string({ error: `${label} is required` }).max(RICH_TEXT_MAX, `${label} is too long`), label).refine(
    (html) => !isBlankRichText(html),
    `${label} is required`,
  );

/** A link to another row (media, gallery, season...), or none. */
export const optionalIdField = (label: string) =>
  z
    .number({ error: `${label} must be an id number` })
    .int(`${label} must be an id number`)
    .positive(`${label} must be an id number`)
    .nullable()
    .default(null);

export const wholeNumberField = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

export const idListField = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must be id numbers` })
        .int(`${label} must be id numbers`)
        .positive(`${label} must be id numbers`),
      {
        error: `${label} must be a list of ids`,
      },
    )
    .max(10_000, `${label} has too many entries`)
    .default([]);

export const seoShape = {
  seo_title: textField('SEO title', 500),
  seo_description: textField('SEO description', 1_000),
  seo_keywords: textField('SEO keywords', 1_000),
};

/** The version an update sends (record-id.ts). */
export { recordVersion as requiredVersionField } from '../record-id.js';
