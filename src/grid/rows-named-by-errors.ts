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
    const key = /(\w+_id)"?\s*\(?"?(\d+)/.exec(msg);
    if (key) rows.forEach((row, index) => Number(row[key[1]]) === Number(key[2]) && mark(index, msg));
  }
  return named;
}
