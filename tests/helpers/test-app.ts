import { readConfig, type ServerConfig } from '../../src/server/config.js';
import { buildApp, type App, type BuildAppOptions } from '../../src/server/app.js';
import { createSession } from '../../src/server/auth/sessions.js';
import { upsertStaffUser } from '../../src/server/auth/staff-users.js';
import type { DatabaseHandle } from '../../src/server/db/database.js';
import { createTestDatabase } from './test-database.js';

export const TEST_STAFF_EMAIL = 'staff@example.test';
export const TEST_STAFF_PASSWORD = 'correct horse battery staple';

export type TestApp = {
  app: App;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  config: ServerConfig;
  /** Headers of a logged-in staff member. */
  auth: { authorization: string };
  close: () => Promise<void>;
};

/**
 * The real server on a database of its own, with one staff user already logged in. `database`
 * (migrated) replaces the run's usual fresh database, e.g. a PostgreSQL one in the stress suites.
 */
export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  database?: DatabaseHandle,
  options: Pick<BuildAppOptions, 'loginThrottle' | 'now'> = {},
): Promise<TestApp> {
  database ??= await createTestDatabase();
  const config = { ...readConfig({}), checkResponses: true, ...overrides };
  const app = await buildApp({ ...options, db: database.db, changes: database.changes, config });
  await app.ready();
  const userId = await upsertStaffUser(database.db, TEST_STAFF_EMAIL, TEST_STAFF_PASSWORD);
  const token = await createSession(database.db, userId);
  return {
    app,
    database,
    db: database.db,
    config,
    auth: { authorization: `Bearer ${token}` },
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
