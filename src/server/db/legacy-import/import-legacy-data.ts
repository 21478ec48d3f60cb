// The legacy import: check the whole file, then write it in one transaction. Either every row
// is imported or, on any error, nothing is.

import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { advanceSequences } from './advance-sequences.js';
import { bumpParentVersions } from './bump-parent-versions.js';
import { checkReferences } from './check-references.js';
import { checkUniqueKeys } from './check-unique-keys.js';
import { gridPositions } from './grid-positions.js';
import { createWarningLog, type ImportWarning } from './import-warnings.js';
import { createImportHistory } from './legacy-price-history.js';
import { legacyDatabaseRows } from './legacy-database-rows.js';
import { LegacyImportError } from './legacy-import-error.js';
import type { LegacyTableName } from './legacy-tables.js';
import { type LegacyFile, readLegacyFile } from './read-legacy-file.js';
import { type PricingReport, repriceLegacyRows } from './reprice-legacy-rows.js';
import { UPSERT_BATCH_SIZE, upsertRows } from './upsert-rows.js';

export type TableCounts = { inFile: number; skipped: number; inserted: number; updated: number; unchanged: number };

export type LegacyImportSummary = {
  /** Per database table, in the order written (exchange_rates are written as currency_rates). */
  tables: Record<string, TableCounts>;
  warnings: ImportWarning[];
  ignoredTables: string[];
  pricing: PricingReport;
  /** Parents whose child rows changed get a new version, so stale edits of them are refused. */
  versionsBumped: { tour_seasons: number; markup_models: number };
  /** The price history's change set of the import (null when no price changed) and its rows. */
  history: { changeSetId: number | null; rows: number };
  milliseconds: { read: number; write: number; total: number };
  dryRun: boolean;
};

export type LegacyImportOptions = {
  /** Check and write everything, then roll back: the summary says what a real run would do. */
  dryRun?: boolean;
  batchSize?: number;
  /** Time the caller spent reading and checking the file, for the summary. */
  readMilliseconds?: number;
};

const LEGACY_NAME_OF: Record<string, LegacyTableName> = { currency_rates: 'exchange_rates' };

class DryRunRollback extends Error {}

export async function importLegacyFile(db: Kysely<Database>, file: string | URL, options: LegacyImportOptions = {}): Promise<LegacyImportSummary> {
  const started = performance.now();
  const legacy = await readLegacyFile(file);
  return importLegacyData(db, legacy, { ...options, readMilliseconds: performance.now() - started });
}

export async function importLegacyData(db: Kysely<Database>, legacy: LegacyFile, options: LegacyImportOptions = {}): Promise<LegacyImportSummary> {
  const checkStarted = performance.now();
  checkUniqueKeys(legacy.data);
  const read = (options.readMilliseconds ?? 0) + performance.now() - checkStarted;
  const writeStarted = performance.now();
  let summary: LegacyImportSummary | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      summary = await writeLegacyData(trx, legacy, options);
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!summary) throw new Error('The legacy import ended without a summary.');
  const write = performance.now() - writeStarted;
  return { ...summary, milliseconds: { read, write, total: read + write } };
}

async function writeLegacyData(trx: Kysely<Database>, legacy: LegacyFile, options: LegacyImportOptions): Promise<LegacyImportSummary> {
  const warnings = createWarningLog();
  // Operators are not in legacy exports; a tour keeps its operator when the database has it.
  const operatorIds = new Set((await trx.selectFrom('operators').select('id').execute()).map((row) => row.id));
  const data = checkReferences(legacy.data, operatorIds, warnings);
  const positions = gridPositions(data);
  const repriced = repriceLegacyRows(data, positions, warnings);

  const tables: Record<string, TableCounts> = {};
  const changed = new Map<string, { inserted: number[]; updated: number[] }>();
  const history = createImportHistory(trx, data);
  for (const { plan, rows } of legacyDatabaseRows(data, repriced, positions)) {
    const legacyName = LEGACY_NAME_OF[plan.table] ?? (plan.table as LegacyTableName);
    const stored = await history.storedBefore(plan.table, rows);
    let counts;
    try {
      counts = await upsertRows(trx, plan, rows, options.batchSize ?? UPSERT_BATCH_SIZE);
    } catch (error) {
      throw new LegacyImportError(`Writing ${plan.table} failed, nothing was imported: ${describe(error)}`, { table: legacyName });
    }
    history.noteWritten(plan.table, rows, stored, counts);
    const inFile = legacy.data[legacyName].length;
    tables[plan.table] = { inFile, skipped: inFile - rows.length, inserted: counts.inserted, updated: counts.updated, unchanged: counts.unchanged };
    changed.set(plan.table, { inserted: counts.insertedIds, updated: counts.updatedIds });
  }
  const versionsBumped = await bumpParentVersions(trx, data, changed);
  const changeSetId = await history.record();
  await advanceSequences(
    trx,
    Object.keys(tables).filter((table): table is keyof Database & string => table !== 'currency_rates'),
  );
  return {
    tables,
    warnings: warnings.list(),
    ignoredTables: legacy.ignoredTables,
    pricing: repriced.report,
    versionsBumped,
    history: { changeSetId, rows: history.count() },
    milliseconds: { read: 0, write: 0, total: 0 },
    dryRun: options.dryRun ?? false,
  };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const detail = (error as Error & { detail?: unknown }).detail;
  return typeof detail === 'string' ? `${error.message} (${detail})` : error.message;
}
