import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config.js';
import { productionWarnings } from '../../src/server/production-warnings.js';

// Issue 19, running in production: `npm start` names the risks of a production start at every start.

describe('production warnings', () => {
  it('warns in production on the embedded database that a power cut can lose data, and without HTTPS', () => {
    const warnings = productionWarnings(readConfig({ APP_ENV: 'production' }));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('production on the embedded database');
    expect(warnings[0]).toContain('not a power cut');
    expect(warnings[0]).toContain('PGlite never asks the disk to flush');
    expect(warnings[0]).toContain('DATABASE_URL');
    expect(warnings[1]).toContain('production without HTTPS=true');
  });

  it('says nothing once production runs on PostgreSQL behind HTTPS', () => {
    expect(productionWarnings(readConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/backoffice', HTTPS: 'true' }))).toEqual([]);
  });

  it('names only what is missing', () => {
    expect(productionWarnings(readConfig({ APP_ENV: 'production', DATABASE_URL: 'postgres://db/backoffice' }))).toEqual([
      expect.stringContaining('HTTPS=true'),
    ]);
    expect(productionWarnings(readConfig({ APP_ENV: 'production', HTTPS: '1' }))).toEqual([expect.stringContaining('embedded database')]);
  });

  it('says nothing outside production', () => {
    expect(productionWarnings(readConfig({}))).toEqual([]);
    expect(productionWarnings(readConfig({ APP_ENV: 'staging' }))).toEqual([]);
  });
});
