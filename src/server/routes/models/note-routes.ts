import { notesEndpoints } from '../../../domain/contract/models.js';
import type { Note } from '../../../domain/models/note.js';
import type { Api, AppContext } from '../../api-types.js';
import { sessionOf } from '../../auth/auth-hook.js';
import { insertNote, listNotes } from '../../db/repositories/note-repository.js';
import { registerEndpoint } from '../register-endpoint.js';

const asNote = (row: { id: number; note: string; user_id: number | null; created_at: Date }): Note => ({
  id: row.id,
  note: row.note,
  user_id: row.user_id,
  createdAt: new Date(row.created_at).toISOString(),
});

/** `GET notes` (newest first) and `POST notes {note}`, written as the logged-in user. */
export function registerNoteRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, notesEndpoints.list, async () => {
    const rows = await listNotes(db);
    return rows.map(asNote);
  });

  registerEndpoint(api, notesEndpoints.create, async (request, reply) => {
    const { userId } = sessionOf(request);
    const row = await insertNote(db, { note: request.body.note, user_id: userId });
    reply.status(201);
    return asNote(row);
  });
}
