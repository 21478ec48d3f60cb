import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as foundation from './migrations/001-foundation.js';
import * as referenceData from './migrations/002-reference-data.js';
import * as bookings from './migrations/004-bookings.js';
import * as media from './migrations/006-media.js';
import * as content from './migrations/007-content.js';
import * as seasonIndexes from './migrations/008-season-indexes.js';
import * as pricingDateRanges from './migrations/009-pricing-date-ranges.js';
import * as staffAccounts from './migrations/010-staff-accounts.js';
import * as priceHistory from './migrations/011-price-history.js';
import * as marginGuardrails from './migrations/012-margin-guardrails.js';
import * as recordChanges from './migrations/013-record-changes.js';
import * as ratesChangeInputs from './migrations/014-rates-change-inputs.js';
import * as presence from './migrations/015-presence.js';
import * as flattenOverLimitRichText from './migrations/016-flatten-over-limit-rich-text.js';
import * as accountActions from './migrations/017-account-actions.js';
import * as sharedLimits from './migrations/018-shared-limits.js';
import * as rollovers from './migrations/019-rollovers.js';

// Migrations are listed here rather than read from disk, so they run the same from source (tsx),
// from tests and from any bundle.
const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-reference-data': referenceData,
  '004-bookings': bookings,
  '006-media': media,
  '007-content': content,
  '008-season-indexes': seasonIndexes,
  '009-pricing-date-ranges': pricingDateRanges,
  '010-staff-accounts': staffAccounts,
  '011-price-history': priceHistory,
  '012-margin-guardrails': marginGuardrails,
  '013-record-changes': recordChanges,
  '014-rates-change-inputs': ratesChangeInputs,
  '015-presence': presence,
  '016-flatten-over-limit-rich-text': flattenOverLimitRichText,
  '017-account-actions': accountActions,
  '018-shared-limits': sharedLimits,
  '019-rollovers': rollovers,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; throws with the failing migration's name on error. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
