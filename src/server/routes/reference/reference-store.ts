import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReferenceResource } from '../../../domain/reference/reference-resources.js';
import { DEFAULT_PER_PAGE } from '../../../domain/reference/reference-list-query.js';
import type { Database } from '../../db/schema.js';
import type { ReferenceTable } from './reference-tables.js';

export type Row = Record<string, unknown> & { id: number; version: number };
export type Values = Record<string, unknown>;

/**
 * Generic reads and writes of one reference resource, in plain SQL over the columns its zod
 * schema names (schema keys are column names). Child lists are read and written beside the row.
 */
export class ReferenceStore {
  readonly columns: string[];
  private readonly childFields: Set<string>;

  constructor(
    readonly resource: ReferenceResource,
    readonly target: ReferenceTable,
  ) {
    this.childFields = new Set(target.children.map((child) => child.field));
    this.columns = Object.keys(resource.schema.shape).filter((key) => !this.childFields.has(key));
  }

  private get table() {
    return sql.table(this.target.table);
  }

  private get selection() {
    return sql.join([sql.ref('id'), sql.ref('version'), ...this.columns.map((column) => sql.ref(column))]);
  }

  private async withChildren(db: Kysely<Database>, rows: Row[]): Promise<Row[]> {
    const ids = rows.map((row) => row.id);
    for (const child of this.target.children) {
      const lists = await child.read(db, ids);
      for (const row of rows) row[child.field] = lists.get(row.id) ?? [];
    }
    return rows;
  }

  async list(db: Kysely<Database>, options: { q?: string; sort: string; dir: 'asc' | 'desc'; page?: number; perPage?: number }) {
    const where = options.q ? sql`WHERE lower(name) LIKE ${`%${escapeLike(options.q.toLowerCase())}%`} ESCAPE '\\'` : sql``;
    const direction = sql.raw(options.dir === 'desc' ? 'DESC' : 'ASC');
    const key: RawBuilder<unknown> = options.sort === 'name' ? sql`lower(name)` : sql.ref(options.sort);
    // id last, so rows with equal names keep a stable order from page to page.
    const order = sql`ORDER BY ${key} ${direction}, id ${direction}`;
    const paging = options.page ? sql`LIMIT ${options.perPage ?? DEFAULT_PER_PAGE} OFFSET ${(options.page - 1) * (options.perPage ?? DEFAULT_PER_PAGE)}` : sql``;
    const { rows } = await sql<Row>`SELECT ${this.selection} FROM ${this.table} ${where} ${order} ${paging}`.execute(db);
    const results = await this.withChildren(db, rows);
    if (!options.page) return { results, total: results.length };
    const count = await sql<{ total: number }>`SELECT count(*)::int AS total FROM ${this.table} ${where}`.execute(db);
    return { results, total: count.rows[0].total };
  }

  async find(db: Kysely<Database>, ref: number | string): Promise<Row | null> {
    const column = this.resource.addressedBy === 'slug' ? 'slug' : 'id';
    const { rows } = await sql<Row>`SELECT ${this.selection} FROM ${this.table} WHERE ${sql.ref(column)} = ${ref}`.execute(db);
    if (rows.length === 0) return null;
    return (await this.withChildren(db, rows))[0];
  }

  async findById(db: Kysely<Database>, id: number): Promise<Row | null> {
    const { rows } = await sql<Row>`SELECT ${this.selection} FROM ${this.table} WHERE id = ${id}`.execute(db);
    if (rows.length === 0) return null;
    return (await this.withChildren(db, rows))[0];
  }

  /** A row this request has just written, so it must exist. */
  async reload(db: Kysely<Database>, id: number): Promise<Row> {
    const row = await this.findById(db, id);
    if (!row) throw new Error(`${this.target.table} ${id} vanished right after it was written`);
    return row;
  }

  async insert(trx: Kysely<Database>, values: Values): Promise<number> {
    const columns = sql.join(this.columns.map((column) => sql.ref(column)));
    const params = sql.join(this.columns.map((column) => sql`${values[column] ?? null}`));
    const { rows } = await sql<{ id: number }>`INSERT INTO ${this.table} (${columns}) VALUES (${params}) RETURNING id`.execute(trx);
    await this.writeChildren(trx, rows[0].id, values);
    return rows[0].id;
  }

  /** Writes the row only if nobody changed it since `version` was read; false when someone did. */
  async update(trx: Kysely<Database>, id: number, version: number, values: Values): Promise<boolean> {
    const assignments = sql.join(this.columns.map((column) => sql`${sql.ref(column)} = ${values[column] ?? null}`));
    const { rows } = await sql<{ id: number }>`
      UPDATE ${this.table} SET ${assignments}, version = version + 1 WHERE id = ${id} AND version = ${version} RETURNING id
    `.execute(trx);
    if (rows.length === 0) return false;
    await this.writeChildren(trx, id, values);
    return true;
  }

  async remove(trx: Kysely<Database>, id: number): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`DELETE FROM ${this.table} WHERE id = ${id} RETURNING id`.execute(trx);
    return rows.length > 0;
  }

  /** A change to a row's child list is a change to the row: its version moves too, if it is still `version`; false when it is not. */
  async bumpVersion(trx: Kysely<Database>, id: number, version: number): Promise<boolean> {
    const { rows } = await sql<{ id: number }>`UPDATE ${this.table} SET version = version + 1 WHERE id = ${id} AND version = ${version} RETURNING id`.execute(trx);
    return rows.length > 0;
  }

  private async writeChildren(trx: Kysely<Database>, id: number, values: Values) {
    for (const child of this.target.children) if (values[child.field] !== undefined) await child.write(trx, id, values[child.field]);
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);
