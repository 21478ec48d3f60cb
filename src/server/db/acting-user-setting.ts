import { CompiledQuery } from 'kysely';
import { actingUserId } from '../auth/acting-user.js';

/**
 * The statement that tells the database which staff member is writing, for the triggers that keep
 * record_changes (migration 013). Inside a transaction the setting is local to it (a rollback or
 * the commit ends it); outside one it holds for the connection until the next write sets it
 * again. Run before each write (the first write of a transaction), so a pooled connection never
 * carries one request's author into another's write. No staff member (seed, command line): ''.
 */
export function actingUserSetting(inTransaction: boolean): CompiledQuery {
  const userId = actingUserId();
  return CompiledQuery.raw('SELECT set_config($1, $2, $3)', ['app.acting_user', userId === null ? '' : String(userId), inTransaction]);
}
