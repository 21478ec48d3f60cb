import { sql, type Kysely } from 'kysely';

// Who last changed each record, and when (issue 22: "a record's form shows Last changed by ...
// on ..."). One row per record in record_changes, kept by statement-level triggers on every
// table with an id and a version (every record staff edit through a form; the price rows of a
// season have the price history instead), so no write path can forget it. The connection wrapper
// sets `app.acting_user` to the staff member of the request before a write (counting-driver.ts);
// a write with no staff member behind it (the seed, the command line) forgets the last author
// rather than leave a wrong one. A restore loads with user triggers off and record_changes as
// dumped. The tables are read from the catalog as it stands when this migration runs.

/** The tables with both an id and a version column. */
async function recordTables(db: Kysely<unknown>): Promise<string[]> {
  const found = await sql<{ table_name: string }>`
    SELECT v.table_name FROM information_schema.columns v
    JOIN information_schema.columns i ON i.table_schema = v.table_schema AND i.table_name = v.table_name AND i.column_name = 'id'
    WHERE v.table_schema = current_schema() AND v.column_name = 'version'
    ORDER BY v.table_name`.execute(db);
  return found.rows.map((row) => row.table_name);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE record_changes (
      record_kind text NOT NULL,
      record_id integer NOT NULL,
      changed_by integer REFERENCES users(id) ON DELETE SET NULL,
      changed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (record_kind, record_id)
    );

    CREATE FUNCTION note_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      acting text := nullif(current_setting('app.acting_user', true), '');
    BEGIN
      IF TG_OP = 'DELETE' THEN
        EXECUTE format('DELETE FROM record_changes c USING old_rows o WHERE c.record_kind = %L AND c.record_id = o.id', TG_TABLE_NAME);
      ELSIF acting IS NULL THEN
        EXECUTE format('DELETE FROM record_changes c USING new_rows n WHERE c.record_kind = %L AND c.record_id = n.id', TG_TABLE_NAME);
      ELSE
        EXECUTE format(
          'INSERT INTO record_changes (record_kind, record_id, changed_by, changed_at) SELECT %L, id, $1, now() FROM new_rows
           ON CONFLICT (record_kind, record_id) DO UPDATE SET changed_by = EXCLUDED.changed_by, changed_at = EXCLUDED.changed_at',
          TG_TABLE_NAME
        ) USING acting::integer;
      END IF;
      RETURN NULL;
    END $$;
  `.execute(db);
  for (const table of await recordTables(db)) {
    const on = sql.table(table);
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_changes_insert`)} AFTER INSERT ON ${on} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION note_record_change();
      CREATE TRIGGER ${sql.id(`${table}_changes_update`)} AFTER UPDATE ON ${on} REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION note_record_change();
      CREATE TRIGGER ${sql.id(`${table}_changes_delete`)} AFTER DELETE ON ${on} REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION note_record_change();
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of await recordTables(db)) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`DROP TRIGGER ${sql.id(`${table}_changes_${event}`)} ON ${sql.table(table)}`.execute(db);
    }
  }
  await sql`DROP FUNCTION note_record_change(); DROP TABLE record_changes;`.execute(db);
}
