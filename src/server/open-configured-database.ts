import type { ServerConfig } from './config.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

/**
 * Opens the database the configuration names (PostgreSQL when DATABASE_URL is set, else the
 * embedded one in DATA_DIR under a lock) and migrates it. Used by the server and every CLI.
 */
export async function openConfiguredDatabase(config: ServerConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    await migrateToLatest(handle.db);
    return handle;
  }
  const unlock = lockDataDir(config.dataDir);
  try {
    const handle = await openDatabase({ kind: 'embedded', dataDir: config.dataDir });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
