/** A file the import refuses; the message names the table and row at fault when there is one. */
export class LegacyImportError extends Error {
  readonly table: string | null;
  readonly row: number | null;

  constructor(message: string, where: { table?: string; row?: number } = {}) {
    super(message);
    this.name = 'LegacyImportError';
    this.table = where.table ?? null;
    this.row = where.row ?? null;
  }
}
