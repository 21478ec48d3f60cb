import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { WriteDetector } from '../helpers/write-detector.js';

// The fuzz run trusts WriteDetector.changedSince to see every committed write of a refused request
// and nothing of a rolled-back one; each kind of write is checked here on the engine under test.
let t: TestApp;
let detector: WriteDetector;

beforeAll(async () => {
  t = await createTestApp();
  detector = new WriteDetector(t.db);
  await sql`INSERT INTO boats (name) VALUES ('Detector boat')`.execute(t.db);
});

afterAll(async () => {
  await t?.close();
});

const boatNames = async () => (await sql<{ name: string }>`SELECT name FROM boats ORDER BY id`.execute(t.db)).rows.map((row) => row.name);

describe('WriteDetector', () => {
  it('sees nothing when nothing was written', async () => {
    const mark = await detector.mark();
    await sql`SELECT count(*) FROM boats`.execute(t.db);
    expect((await detector.changedSince(mark)).tables).toEqual([]);
  });

  it('sees nothing of a write that was rolled back', async () => {
    const mark = await detector.mark();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await sql`UPDATE boats SET name = 'Rolled back'`.execute(trx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await boatNames()).not.toContain('Rolled back');
    expect((await detector.changedSince(mark)).tables).toEqual([]);
  });

  it.each([
    ['an insert', sql`INSERT INTO boats (name) VALUES ('Inserted boat')`],
    ['an update', sql`UPDATE boats SET name = name || ' (renamed)' WHERE id = (SELECT max(id) FROM boats)`],
    ['a delete', sql`DELETE FROM boats WHERE id = (SELECT max(id) FROM boats)`],
  ])('names the table of a committed write: %s', async (_kind, statement) => {
    const mark = await detector.mark();
    await statement.execute(t.db);
    const changed = await detector.changedSince(mark);
    // On PostgreSQL the count takes in other test databases' transactions too.
    expect(changed.committed).toBeGreaterThanOrEqual(1);
    expect(changed.tables).toContain('boats');
  });

  it('names the table of an insert and a delete in one transaction, which leave its count as it was', async () => {
    await sql`INSERT INTO boats (name) VALUES ('To go')`.execute(t.db);
    const mark = await detector.mark();
    await t.db.transaction().execute(async (trx) => {
      await sql`DELETE FROM boats WHERE name = 'To go'`.execute(trx);
      await sql`INSERT INTO boats (name) VALUES ('Came instead')`.execute(trx);
    });
    expect((await detector.changedSince(mark)).tables).toContain('boats');
  });
});
