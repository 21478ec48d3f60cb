import type { ReactNode } from 'react';
import { z } from 'zod';
import { tourQueries } from '../../api/tour-queries.js';
import { KeptDraftNotice } from '../../ui/kept-draft-notice.js';
import type { RecordMerge } from '../../ui/merge-stale-save.js';
import { useRecordForm } from '../../ui/use-record-form.js';

const anyTexts = z.record(z.string(), z.string());

/**
 * A tour tab's fields as a draft of what is stored, on the one form hook: changes stay local
 * until Save, leaving with unsaved changes asks first, and a save refetches the tour (it has a
 * new version). A save refused as stale is merged with the tab as stored now (issue 29) and sent
 * at `version`, the stored one (undefined: the one the tab was loaded at).
 */
export function useTourTabDraft<Values extends Record<string, string>>(
  stored: () => Values,
  send: (values: Values, version: number | undefined) => Promise<unknown>,
  savedMessage: string,
  draftKey: string,
  merge: RecordMerge<Values>,
) {
  const form = useRecordForm({
    initial: stored,
    schema: anyTexts,
    send: (values, _changed, version) => send(values as Values, version),
    merge,
    savedMessage,
    invalidate: tourQueries.all,
    cleanOnSave: true,
    draftKey,
  });
  return {
    draft: form.draft,
    draftKey,
    restore: form.restore,
    change: (key: keyof Values & string, value: string) => form.change(key, value as Values[typeof key]),
    saving: form.saving,
    submit: () => form.submit(),
  };
}

/** The tab's form: its title with the Save button, then the fields. */
export function TourTabForm<Values>({
  title,
  saving,
  onSubmit,
  kept,
  children,
}: {
  title: string;
  saving: boolean;
  onSubmit: () => void;
  /** The draft a session that ended under this form kept, offered back. */
  kept: { draftKey: string; restore: (value: Values) => void };
  children: ReactNode;
}) {
  return (
    <form
      className="tour-tab-body"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <div className="tab-header">
        <h2>{title}</h2>
        <div className="actions">
          <button type="submit" className="button primary" disabled={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </div>
      <KeptDraftNotice draftKey={kept.draftKey} onRestore={kept.restore} />
      {children}
    </form>
  );
}
