import { noteCreateSchema, type Note } from '../../../domain/models/note.js';
import type { Api, AppContext } from '../../api-types.js';
import { sessionOf } from '../../auth/auth-hook.js';

const asNote = (row: { id: number; note: string; user_id: number | null; created_at: Date }): Note => ({
  id: row.id,
  note: row.note,
  user_id: row.user_id,
  createdAt: new Date(row.created_at).toISOString(),
});

/** `GET notes` (newest first) and `POST notes {note}`, written as the logged-in user. */
export function registerNoteRoutes(api: Api, { db }: AppContext) {
  api.get('/notes', async () => {
    const rows = await db.selectFrom('notes').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(500).execute();
    return rows.map(asNote);
  });

  api.post('/notes', { schema: { body: noteCreateSchema } }, async (request, reply) => {
    const { userId } = sessionOf(request);
    const row = await db.insertInto('notes').values({ note: request.body.note, user_id: userId }).returningAll().executeTakeFirstOrThrow();
    return reply.status(201).send(asNote(row));
  });
}
