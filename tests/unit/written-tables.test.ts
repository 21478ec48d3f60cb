import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/schema.js';
import { writtenTables } from '../../src/server/db/written-tables.js';

// Compiles queries without a database, as the connection sees them (src/server/db/counting-driver.ts).
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('which statements count as writes, by the kind of the compiled query', () => {
  it('counts no write for a select, though it reads the users table', () => {
    expect(writtenTables(db.selectFrom('tours').select('id').where('id', 'in', db.selectFrom('users').select('id')).compile().query)).toBeNull();
  });

  it('names the table an insert, update or delete writes', () => {
    expect(
      writtenTables(
        db
          .insertInto('tours')
          .values({ name: 'x' } as never)
          .compile().query,
      ),
    ).toEqual(['tours']);
    expect(
      writtenTables(
        db
          .updateTable('sessions')
          .set({ revoked_at: sql`now()` })
          .where('id', '=', 1)
          .compile().query,
      ),
    ).toEqual(['sessions']);
    expect(writtenTables(db.deleteFrom('tour_prices as p').where('p.id', '=', 1).compile().query)).toEqual(['tour_prices']);
  });

  it('names the table written by an update that reads another table', () => {
    const query = db.updateTable('tours').set({ name: 'x' }).where('id', 'in', db.selectFrom('users').select('id')).compile().query;
    expect(writtenTables(query)).toEqual(['tours']);
  });

  it('counts a select whose common table expression writes as a write of that table', () => {
    const query = db
      .with('moved', (w) => w.updateTable('tours').set({ name: 'x' }).returning('id'))
      .selectFrom('moved')
      .selectAll()
      .compile().query;
    expect(writtenTables(query)).toEqual(['tours']);
  });

  it('counts a hand-written statement as a possible write of any table, unless a builder selects from it', () => {
    expect(writtenTables(sql`SELECT 1`.compile(db).query)).toBe('any');
    expect(writtenTables(sql`TRUNCATE tours`.compile(db).query)).toBe('any');
    expect(
      writtenTables(
        db
          .selectFrom(sql`(SELECT 1 AS n)`.as('r'))
          .selectAll()
          .compile().query,
      ),
    ).toBeNull();
  });

  it('counts a schema change as a possible write of any table', () => {
    expect(writtenTables(db.schema.createTable('t').addColumn('id', 'integer').compile().query)).toBe('any');
  });
});
