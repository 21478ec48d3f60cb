// Reading a legacy export ({table: {columns, rows}}) into checked, typed rows. Everything is
// checked before anything is written, so a bad file never reaches the database.

import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { LegacyImportError } from './legacy-import-error.js';
import { LEGACY_TABLES, LEGACY_TABLE_NAMES, type LegacyData, type LegacyTableName, isOptionalLegacyColumn, legacyRowKey } from './legacy-tables.js';

const tableShape = z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) });

export type LegacyFile = { data: LegacyData; ignoredTables: string[] };

export async function readLegacyFile(file: string | URL): Promise<LegacyFile> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new LegacyImportError(`Cannot read ${String(file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LegacyImportError(`${String(file)} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return parseLegacyFile(json);
}

/** Checks every table and row; throws a LegacyImportError naming the first problem. */
export function parseLegacyFile(json: unknown): LegacyFile {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new LegacyImportError('The file must hold an object of tables ({"tours": {"columns": [...], "rows": [...]}, ...}).');
  }
  const tables = json as Record<string, unknown>;
  const data = Object.fromEntries(LEGACY_TABLE_NAMES.map((name) => [name, parseTable(name, tables[name])])) as LegacyData;
  const ignoredTables = Object.keys(tables).filter((name) => !(name in LEGACY_TABLES));
  return { data, ignoredTables };
}

function parseTable(name: LegacyTableName, table: unknown) {
  if (table === undefined) throw new LegacyImportError(`The file has no table ${name}.`, { table: name });
  const shape = tableShape.safeParse(table);
  if (!shape.success) throw new LegacyImportError(`${name} is not a table of {columns: [names], rows: [[values]]}.`, { table: name });
  const { columns, rows } = shape.data;
  const schema = LEGACY_TABLES[name];
  const missing = Object.keys(schema.shape).filter((column) => !columns.includes(column) && !isOptionalLegacyColumn(name, column));
  if (missing.length > 0) throw new LegacyImportError(`${name} has no column ${missing.join(', ')}.`, { table: name });

  const firstRowOfKey = new Map<string, number>();
  return rows.map((cells, index) => {
    const rowNumber = index + 1;
    const record = Object.fromEntries(columns.map((column, position) => [column, cells[position]]));
    const where = `${name} row ${rowNumber} (${legacyRowKey(name, record)})`;
    if (cells.length !== columns.length) {
      throw new LegacyImportError(`${where}: has ${cells.length} values for ${columns.length} columns.`, { table: name, row: rowNumber });
    }
    const parsed = schema.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LegacyImportError(`${where}: ${issue.path.join('.')} ${issue.message}`, { table: name, row: rowNumber });
    }
    const key = legacyRowKey(name, parsed.data);
    const earlier = firstRowOfKey.get(key);
    if (earlier !== undefined) {
      throw new LegacyImportError(`${where}: ${key} appears twice (also row ${earlier}).`, { table: name, row: rowNumber });
    }
    firstRowOfKey.set(key, rowNumber);
    return parsed.data;
  });
}
