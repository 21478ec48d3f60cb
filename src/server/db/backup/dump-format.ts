import type { CatalogTable } from './database-catalog.js';

// A dump is gzip-compressed JSON lines: a header (format, migrations, tables and their columns),
// then chunks of one table's rows (every value as PostgreSQL's own text form, or null, so
// numerics, timestamps, jsonb and tsvector come back exactly), then a trailer with the row counts
// and sequence positions. A file without its trailer is incomplete and is refused.

export const DUMP_FORMAT = 'tour-backoffice-dump';
export const DUMP_FORMAT_VERSION = 1;

export type DumpHeader = {
  format: typeof DUMP_FORMAT;
  formatVersion: number;
  createdAt: string;
  engine: 'embedded' | 'postgres';
  migrations: string[];
  tables: CatalogTable[];
};

export type DumpChunk = { table: string; rows: (string | null)[][] };

export type SequencePosition = { name: string; lastValue: string; isCalled: boolean };

export type DumpTrailer = { end: true; rowCounts: Record<string, number>; sequences: SequencePosition[] };

/** Text types are read and written in one fixed style, whatever the server's settings. */
export const TEXT_STYLE_SETTINGS = [
  "SET LOCAL datestyle = 'ISO, YMD'",
  "SET LOCAL intervalstyle = 'postgres'",
  "SET LOCAL timezone = 'UTC'",
  'SET LOCAL extra_float_digits = 3',
];

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
