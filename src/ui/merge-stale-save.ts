import type { RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { api } from '../api/api.js';
import { formatDateTime } from '../domain/format-date.js';
import { mergeDraft, setAtPath } from '../domain/merge-draft.js';
import type { RecordKind } from '../domain/record-kinds.js';
import { askMergeChoices } from './merge-conflict-dialog.js';
import { notifySuccess } from './notify.js';

/** How a record form merges a save refused as stale with what is stored now (issue 29). */
export type RecordMerge<Draft> = {
  /**
   * The record as stored now, made into a draft as `initial` makes it, with its version. Read
   * afresh and not into the query cache the form is keyed on: a new version there remounts the form.
   */
  current: () => Promise<{ draft: Draft; version: number }>;
  /** The record's kind and id for "Merged with {who}'s save of {time}" (GET last-change). */
  lastChange?: { kind: RecordKind; id: number };
  /** A field's name in the dialog, by its path in the draft ('customer.email_address', 'party.1.height'). */
  labelOf?: (path: string, draft: Draft) => string;
};

/** The toast after a merge: "Merged with ann@example.com's save of 28 Nov 2026 10:02: 3 of your changes kept". */
export const mergedMessage = (whose: string, kept: number) => `Merged with ${whose}: ${kept} of your changes kept`;

/** The clerk cancelled the merge dialog: nothing was saved and the form is as it was. */
export class MergeCancelled extends Error {
  constructor() {
    super('The merge was cancelled: nothing was saved.');
  }
}

/** 'seo_description' as 'Seo description', 'party.1.first_name' as 'Party 2 first name'. */
export const pathLabel = (path: string) => {
  const words = path
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? String(Number(part) + 1) : part.replaceAll('_', ' ')))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "{who}'s save of {time}", or "someone else's save" when the server does not say. */
async function whoseSave(lastChange: RecordMerge<unknown>['lastChange']): Promise<string> {
  if (!lastChange) return "someone else's save";
  try {
    const change = await api.recordChanges.last({ params: lastChange });
    if (!change.changed_at) return "someone else's save";
    return `${change.changed_by ?? 'someone no longer on staff'}'s save of ${formatDateTime(change.changed_at)}`;
  } catch {
    // Who it was is a courtesy: the merge does not wait on it.
    return "someone else's save";
  }
}

/**
 * After a stale save: reads the record as stored now and merges three ways, field by field:
 * what the form loaded (`baseline`), what it holds now, what is stored. Fields both
 * sides changed are the clerk's to decide in the dialog (Cancel: MergeCancelled, the form
 * untouched). Then the form's baseline becomes the stored record, the merged draft its dirty
 * edits, and the caller saves again at the version returned. Null, the form untouched, when the
 * save was refused at the version stored now (`refusedVersion`, when the caller knows it).
 */
export async function mergeWithStored<Draft>(
  form: UseFormReturn<FieldValues>,
  baseline: RefObject<Draft>,
  merge: RecordMerge<Draft>,
  refusedVersion: number | undefined,
): Promise<{ version: number } | null> {
  const [stored, whose] = await Promise.all([merge.current(), whoseSave(merge.lastChange)]);
  // Refused at the version stored now: nothing newer to merge with, so the refusal stands.
  if (stored.version === refusedVersion) return null;
  // Read after the fetch: what the clerk typed while it ran is theirs too.
  const base = baseline.current;
  const mine = form.getValues('draft') as Draft;
  const result = mergeDraft(base, mine, stored.draft);
  let merged = result.merged;
  let kept = result.keptMine.length;
  if (result.conflicts.length > 0) {
    const labelOf = merge.labelOf ?? pathLabel;
    const rows = result.conflicts.map((conflict) => ({ ...conflict, label: labelOf(conflict.path, merged) }));
    const choices = await askMergeChoices({ whose, rows });
    if (!choices) throw new MergeCancelled();
    for (const conflict of result.conflicts) {
      if (choices[conflict.path] === 'theirs') merged = setAtPath(merged, conflict.path, conflict.theirs);
      else kept += 1;
    }
  }
  baseline.current = stored.draft;
  form.reset({ draft: stored.draft }, { keepTouched: true });
  form.setValue('draft', merged, { shouldDirty: true });
  notifySuccess(mergedMessage(whose, kept));
  return { version: stored.version };
}
