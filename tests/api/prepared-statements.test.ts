import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

// Every connection prepares a parameterised statement once and reuses it by name; statements
// without parameters run as sent. Checked on the database's own list of the session's prepared
// statements, on one pinned connection (each PostgreSQL connection has its own list).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Prepared = { name: string; statement: string };

describe('prepared statements', () => {
  it('prepares a parameterised statement once per connection and runs it again by name, with the right answers', async () => {
    await t.db.connection().execute(async (connection) => {
      const marker = `prepared_${Date.now()}`;
      const read = (id: number) =>
        connection
          .selectFrom('seasons')
          .select(['id', sql<string>`${marker}::text`.as('marker')])
          .where('id', '>=', id)
          .orderBy('id')
          .limit(1)
          .execute();
      const listed = async () =>
        (await sql<Prepared>`SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 's\\_%'`.execute(connection)).rows.filter((row) =>
          row.statement.includes('"seasons"'),
        );
      const before = (await listed()).length;
      const seasons = await connection
        .insertInto('seasons')
        .values([{ name: 'Prepared A' }, { name: 'Prepared B' }])
        .returning('id')
        .execute();
      const first = await read(seasons[0].id);
      const second = await read(seasons[1].id);
      expect(first).toEqual([{ id: seasons[0].id, marker }]);
      expect(second).toEqual([{ id: seasons[1].id, marker }]);
      const after = await listed();
      // The insert and the select: each prepared once, though the select ran twice.
      expect(after.length - before).toBe(2);
      expect(after.some((row) => row.statement.startsWith('select "id"'))).toBe(true);
    });
  });

  it('runs a statement without parameters as sent, unprepared', async () => {
    await t.db.connection().execute(async (connection) => {
      await sql`SELECT count(*) FROM seasons WHERE name = 'no parameters here'`.execute(connection);
      const { rows } =
        await sql<Prepared>`SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%no parameters here%' AND name <> ''`.execute(connection);
      expect(rows).toEqual([]);
    });
  });
});
