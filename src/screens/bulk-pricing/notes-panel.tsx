import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { authQueries } from '../../api/auth-queries.js';
import { bulkPricingQueries } from '../../api/model-queries.js';
import { NOTE_MAX, noteCreateSchema } from '../../domain/models/note.js';
import { useRecordForm } from '../../ui/use-record-form.js';

const EMPTY = { note: '' };

/** Staff notes beside the prices; the author is looked up in the user list (SPEC.md section 6). */
export function NotesPanel() {
  const queryClient = useQueryClient();
  const notes = useQuery(bulkPricingQueries.notes());
  const users = useQuery(authQueries.users());
  const form = useRecordForm({
    initial: () => EMPTY,
    schema: noteCreateSchema,
    send: (body) => api.notes.create({ body }),
    onSaved: (_note, rebase) => {
      rebase(EMPTY);
      void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.notes().queryKey });
    },
    // SPEC.md section 8: a failed note clears the text silently, without the app's failure notification.
    failedMessage: false,
    onFailed: (_error, setDraft) => setDraft(() => EMPTY),
    // A note half written is not a record: leaving the page drops it, as ever.
    asksBeforeLeaving: false,
  });
  const text = form.draft.note;
  const author = (userId: number | null) => users.data?.find((user) => user.id === userId)?.email_address ?? 'Unknown';
  return (
    <section className="panel" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      <form onSubmit={form.submit}>
        <label>
          New note
          <textarea value={text} onChange={(event) => form.change('note', event.target.value)} rows={2} maxLength={NOTE_MAX} />
        </label>
        <button type="submit" className="button small" disabled={form.saving || !text.trim()}>
          Add note
        </button>
      </form>
      <ul className="notes">
        {notes.data?.map((note) => (
          <li key={note.id}>
            <p>{note.note}</p>
            <small className="muted">
              {author(note.user_id)}, {new Date(note.createdAt).toLocaleString('en-GB')}
            </small>
          </li>
        ))}
      </ul>
    </section>
  );
}
