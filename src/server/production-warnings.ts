import type { ServerConfig } from './config.js';

/**
 * What `npm start` warns about at every start when APP_ENV is production but the settings are
 * not fit for it (docs/operations.md, "Running in production"). Empty when nothing is wrong.
 */
export function productionWarnings(config: Pick<ServerConfig, 'environment' | 'databaseUrl' | 'https'>): string[] {
  if (config.environment !== 'production') return [];
  const warnings: string[] = [];
  if (!config.databaseUrl) {
    warnings.push(
      'WARNING: production on the embedded database. It survives a killed process, but not a power cut or an OS crash: ' +
        'PGlite never asks the disk to flush, so the last writes (or the whole database) can be lost. ' +
        'Set DATABASE_URL to a PostgreSQL server.',
    );
  }
  if (!config.https) {
    warnings.push(
      'WARNING: production without HTTPS=true. Staff passwords and session tokens cross the network readable, and browsers ' +
        'are not told to insist on HTTPS (no HSTS). Put an HTTPS reverse proxy in front and set HTTPS=true.',
    );
  }
  return warnings;
}
