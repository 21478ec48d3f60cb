import { useState } from 'react';
import { forgetKeptDraft, readKeptDraft } from './unsaved-changes.js';
import './kept-draft-notice.css';

/**
 * Offers back the changes a form held when the session ended under it (unsaved-changes.ts keeps
 * them per record and version). A draft of another version is not offered: the record changed.
 */
export function KeptDraftNotice<Value>({ draftKey, onRestore }: { draftKey: string; onRestore: (value: Value) => void }) {
  const [kept, setKept] = useState(() => readKeptDraft(draftKey));
  if (!kept) return null;
  const close = () => {
    forgetKeptDraft(draftKey);
    setKept(null);
  };
  const time = new Date(kept.keptAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="kept-draft-notice" role="status">
      <span>Your session ended at {time} with unsaved changes on this page. They were kept.</span>
      <button
        type="button"
        className="button primary"
        onClick={() => {
          onRestore(kept.value as Value);
          close();
        }}
      >
        Restore my changes
      </button>
      <button type="button" className="button" onClick={close}>
        Discard them
      </button>
    </div>
  );
}
