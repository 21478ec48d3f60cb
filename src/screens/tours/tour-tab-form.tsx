import { useState, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifySuccess } from '../../ui/notify.js';
import { useUnsavedChangesPrompt } from '../../ui/unsaved-changes.js';
import { KeptDraftNotice } from '../../ui/kept-draft-notice.js';
import { useTourSaved } from './use-tour-saved.js';

/**
 * A tour tab's fields as a draft of what is stored: changes stay local until Save, leaving with
 * unsaved changes asks first, and a save refetches the tour (it has a new version).
 */
export function useTourTabDraft<Values extends Record<string, string>>(stored: () => Values, send: (values: Values) => Promise<unknown>, savedMessage: string, draftKey: string) {
  const [initial] = useState(stored);
  const [draft, setDraft] = useState(initial);
  const tourSaved = useTourSaved();
  const save = useMutation({
    mutationFn: send,
    onSuccess: async () => {
      notifySuccess(savedMessage);
      await tourSaved();
    },
  });
  useUnsavedChangesPrompt(JSON.stringify(draft) !== JSON.stringify(initial) && !save.isSuccess, { key: draftKey, value: draft });
  return {
    draft,
    draftKey,
    restore: (kept: Values) => setDraft({ ...initial, ...kept }),
    change: (key: keyof Values, value: string) => setDraft((current) => ({ ...current, [key]: value })),
    saving: save.isPending,
    submit: () => save.mutate(draft),
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
