// A grid row is the plain object the screen holds for one price line (or bike, extra...).
// Commands read and write its fields by name and never mutate it.
export type GridRow = Readonly<Record<string, unknown>>;

/**
 * The stable key of a row: its client `key` when it has one, else its database `id`.
 * Screens give unsaved rows a client `key` so changes and undo can address them before the
 * server has assigned an id. Keys are compared as strings, so id 5 and '5' are one row.
 */
export function rowKeyOf(row: GridRow): string {
  const key = row.key ?? row.id;
  if (typeof key === 'string' || typeof key === 'number') return String(key);
  // A row without a key cannot take part in undo; that is a bug in the caller, not user input.
  throw new Error('Grid row has neither a key nor an id');
}
