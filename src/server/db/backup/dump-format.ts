import type { CatalogTable } from './database-catalog.js';

// A dump is gzip-compressed JSON lines: a header (format, migrations, tables and their columns),
// then chunks of one table's rows (every value as PostgreSQL's own text form, or null, so
// numerics, timestamps, jsonb and tsvector come back exactly), then (format 2) one line per file
// of the media store, its bytes in base64, then a trailer with the row counts, sequence positions
// and (format 2) the number of media files. A file without its trailer is incomplete and is refused.

export const DUMP_FORMAT = 'tour-backoffice-dump';
export const DUMP_FORMAT_VERSION = 2;
/** Formats this version reads: 1 has no media files. */
export const READABLE_DUMP_FORMATS: readonly number[] = [1, 2];

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

/** One file of the media store (an image or one of its sizes), under its stored name. */
export type DumpMediaFile = { media: string; base64: string };

export type DumpTrailer = { end: true; rowCounts: Record<string, number>; sequences: SequencePosition[]; mediaFiles?: number };

/** Text types are read and written in one fixed style, whatever the server's settings. */
export const TEXT_STYLE_SETTINGS = [
  "SET LOCAL datestyle = 'ISO, YMD'",
  "SET LOCAL intervalstyle = 'postgres'",
  "SET LOCAL timezone = 'UTC'",
  'SET LOCAL extra_float_digits = 3',
];

export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
