import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api.js';
import { authQueries } from '../../api/auth-queries.js';
import { REPORTS_OWN_ERRORS } from '../../api/query-meta.js';
import { bulkPricingQueries } from '../../api/model-queries.js';

/** Staff notes beside the prices; the author is looked up in the user list (SPEC.md section 6). */
export function NotesPanel() {
  const queryClient = useQueryClient();
  const notes = useQuery(bulkPricingQueries.notes());
  const users = useQuery(authQueries.users());
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: () => api.notes.create({ body: { note: text } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: bulkPricingQueries.notes().queryKey }),
    // SPEC.md section 8: a failed note clears the text silently, without the app's failure notification.
    ...REPORTS_OWN_ERRORS,
    onSettled: () => setText(''),
  });
  const author = (userId: number | null) => users.data?.find((user) => user.id === userId)?.email_address ?? 'Unknown';
  return (
    <section className="panel" aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) post.mutate();
        }}
      >
        <label>
          New note
          <textarea value={text} onChange={(event) => setText(event.target.value)} rows={2} maxLength={5000} />
        </label>
        <button type="submit" className="button small" disabled={post.isPending || !text.trim()}>
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
