import { z } from 'zod';
import { nameField, textField } from '../reference/reference-fields.js';
import { NAVIGATION_COLUMNS, NAVIGATION_GROUPS, NAVIGATION_MAX_LINKS_PER_COLUMN, type NavigationColumnKey } from './content-constants.js';
import { listOrObject, requiredVersionField } from './content-fields.js';

export const navigationLinkSchema = z.object({
  title: nameField('Link title'),
  url: z.string({ error: 'Link URL is required' }).trim().min(1, 'Link URL is required').max(2_000, 'Link URL must be at most 2000 characters'),
  /** Where the link sits in its column; the server sorts by it and renumbers 0, 1, 2... */
  position: z.int('Link position must be a whole number').min(0, 'Link position must not be negative').max(10_000, 'Link position is out of range').optional(),
});

export const navigationColumnSchema = z
  .object({
    title: textField('Column title', 200),
    links: z
      .array(navigationLinkSchema, { error: 'Links must be a list' })
      .max(NAVIGATION_MAX_LINKS_PER_COLUMN, `At most ${NAVIGATION_MAX_LINKS_PER_COLUMN} links per column`)
      .default([]),
  })
  .default({ title: '', links: [] });

const columnsShape = Object.fromEntries(NAVIGATION_COLUMNS.map((key) => [key, navigationColumnSchema])) as Record<
  NavigationColumnKey,
  typeof navigationColumnSchema
>;

/** One group's three columns, as `POST navigations` takes it (with the group's version). */
export const navigationGroupSaveSchema = z.object({
  group: z.enum(NAVIGATION_GROUPS, `Group must be one of ${NAVIGATION_GROUPS.join(', ')}`),
  version: requiredVersionField,
  ...columnsShape,
});
export type NavigationGroupSave = z.input<typeof navigationGroupSaveSchema>;

/** `POST navigations`: one group, or a list of groups saved together (all or nothing). */
export const navigationsSaveSchema = listOrObject(
  z
    .array(navigationGroupSaveSchema, { error: 'Send a group or a list of groups' })
    .min(1, 'Send at least one group')
    .max(NAVIGATION_GROUPS.length, `At most ${NAVIGATION_GROUPS.length} groups`)
    .refine((groups) => new Set(groups.map((group) => group.group)).size === groups.length, 'Each group may appear once'),
  navigationGroupSaveSchema,
);
export type NavigationsSave = NavigationGroupSave | NavigationGroupSave[];

const storedColumnSchema = z.object({ title: z.string(), links: z.array(z.object({ title: z.string(), url: z.string(), position: z.number() })) });
export type NavigationColumn = z.infer<typeof storedColumnSchema>;
export type NavigationLink = NavigationColumn['links'][number];

export const navigationSchema = z.object({
  group: z.enum(NAVIGATION_GROUPS),
  label: z.string(),
  version: z.number(),
  column_1: storedColumnSchema,
  column_2: storedColumnSchema,
  column_3: storedColumnSchema,
});
export type Navigation = z.infer<typeof navigationSchema>;

/** `GET navigations` and the answer to `POST navigations`: every group, in the order of NAVIGATION_GROUPS. */
export const navigationsSchema = z.array(navigationSchema);

/** Sorts a column's links by position (ties keep their order) and numbers them 0, 1, 2... */
export function renumberLinks<Link extends { position?: number }>(links: Link[]): (Link & { position: number })[] {
  return links
    .map((link, index) => ({ link, index }))
    .sort((a, b) => (a.link.position ?? a.index) - (b.link.position ?? b.index) || a.index - b.index)
    .map(({ link }, position) => ({ ...link, position }));
}
