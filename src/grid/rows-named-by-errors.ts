import type { PriceRow } from './price-row';

export type ServerErrorItem = { msg: string; path?: string };

export type ErrorRowLocators = {
  /** The grid row a field path of the request names (`bikes.3.gross` -> 3), if any. */
  rowOfPath: (path: string) => number | undefined;
  /** A message naming a stored row by its id ('Price 12 is not part of this season'): group 1 is the id. */
  storedId?: RegExp;
};

/**
 * The rows a failed save names (SPEC.md section 8), by key with the message, for the grid to mark:
 * a field path of the request, a 'Row n' message (rows as the `#` column numbers them), a message
 * naming a stored row's id, or a database-key message ('room_type_id 99 does not exist in room
 * types.') whose id is looked up in the rows' fields.
 */
export function rowsNamedByErrors(items: readonly ServerErrorItem[], rows: readonly PriceRow[], locators: ErrorRowLocators): Map<string, string> {
  const named = new Map<string, string>();
  const mark = (index: number, msg: string) => {
    const row = rows[index];
    if (row) named.set(row.key, msg);
  };
  for (const { msg, path } of items) {
    const located = path === undefined ? undefined : locators.rowOfPath(path);
    if (located !== undefined) {
      mark(located, msg);
      continue;
    }
    const rowNumber = /^Row (\d+)/.exec(msg);
    if (rowNumber) {
      mark(Number(rowNumber[1]), msg);
      continue;
    }
    const stored = locators.storedId?.exec(msg);
    if (stored) rows.forEach((row, index) => row.id === Number(stored[1]) && mark(index, msg));
    rowsHoldingKey(msg, rows).forEach((index) => mark(index, msg));
  }
  return named;
}

/**
 * The indexes of the rows holding the key a database message names, in every form PostgreSQL
 * writes (`Key (id)=(2446) is still referenced from table ...`, `Key (tour_season_id, name)=(5,
 * Standard) already exists`) and in the server's own (`room_type_id 99 does not exist in room
 * types.`). A row matches when every named column holds the named value; a message naming no
 * key, or a column no row has, matches nothing.
 */
export function rowsHoldingKey(msg: string, rows: readonly Record<string, unknown>[]): number[] {
  const key = keyNamedBy(msg);
  if (!key) return [];
  const matches = (row: Record<string, unknown>) =>
    key.every(([column, value]) => row[column] !== undefined && row[column] !== null && String(row[column]) === value);
  return rows.flatMap((row, index) => (matches(row) ? [index] : []));
}

function keyNamedBy(msg: string): [string, string][] | null {
  const postgres = /Key \(([^)]+)\)=\(([^)]*)\)/.exec(msg);
  if (postgres) {
    const columns = postgres[1].split(',').map((column) => column.trim().replace(/^"|"$/g, ''));
    const values = postgres[2].split(', ');
    return columns.length === values.length ? columns.map((column, index) => [column, values[index].trim()]) : null;
  }
  const own = /(\w+_id)"?\s*\(?"?(\d+)/.exec(msg);
  return own ? [[own[1], own[2]]] : null;
}
