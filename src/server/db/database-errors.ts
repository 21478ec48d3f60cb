type DatabaseErrorLike = { code?: unknown; detail?: unknown; table?: unknown; constraint?: unknown; column?: unknown };

const tableLabel = (table: string) => table.replaceAll('_', ' ');

/**
 * Turns PostgreSQL constraint errors into messages staff can act on. A foreign-key violation
 * on delete means the row is still in use; its detail names the referencing table.
 * Returns null for anything that is not a constraint error.
 */
export function describeDatabaseError(error: unknown): { status: number; msg: string; path?: string } | null {
  if (!error || typeof error !== 'object') return null;
  const { code, detail, table, column } = error as DatabaseErrorLike;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return null;
  const details = typeof detail === 'string' ? detail : '';
  if (code === '23503') {
    const user = /referenced from table "([^"]+)"/.exec(details)?.[1];
    if (user) return { status: 409, msg: `It is still used by ${tableLabel(user)}, so it was not deleted.` };
    const key = /Key \(([^)]+)\)=\(([^)]+)\) is not present in table "([^"]+)"/.exec(details);
    if (key) return { status: 409, msg: `${key[1]} ${key[2]} does not exist in ${tableLabel(key[3])}.`, path: key[1] };
    return { status: 409, msg: 'It refers to something that does not exist.' };
  }
  if (code === '23505') {
    const key = /Key \(([^)]+)\)=\(([^)]*)\) already exists/.exec(details);
    const where = typeof table === 'string' ? ` in ${tableLabel(table)}` : '';
    if (key) return { status: 409, msg: `${key[1]} "${key[2]}" is already used${where}.`, path: key[1] };
    return { status: 409, msg: `That value is already used${where}.` };
  }
  if (code === '23502') return { status: 400, msg: `${String(column ?? 'A field')} is required.`, path: String(column ?? '') };
  if (code === '22003') return { status: 400, msg: 'A number is too large.' };
  if (code === '22P02' || code === '22007' || code === '22008') return { status: 400, msg: 'A value has the wrong format.' };
  // A NUL character (\u0000) or text the database cannot encode, in a search or a field.
  if (code === '22021' || code === '22P05') return { status: 400, msg: 'A value contains a character that cannot be stored.' };
  if (code === '22001') return { status: 400, msg: 'A value is too long.' };
  if (code === '23514') return { status: 400, msg: 'A value is out of range.' };
  return null;
}
