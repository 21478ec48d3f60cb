// DESIGN.md section 6: one repository style. Route code keeps validation, HTTP and transaction
// boundaries, and so do the server's other parts (pricing, auth, media): every query lives in
// src/server/db/repositories, in functions taking db or trx first, named for what they do.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = 'src/server';

/**
 * The one folder of src/server that may query: the database layer. It holds the connection
 * wrapper and its plumbing (database.ts, connection.ts, the counting driver and the acting-user
 * setting), the migrations and the seed (they build and fill the schema), the repositories, the
 * query helpers repositories use (select-rows.ts, delete-by-ids.ts, refresh-statistics.ts), and
 * the two whole-database data tools, backup/ (dump and restore every table) and legacy-import/
 * (loading the legacy system's tables): they copy tables as tables, not records of an area. The
 * command-line tools in cli/ need no exception: they call into these.
 */
const MAY_QUERY = ['src/server/db/'];

// Kysely's query starters, its raw-statement entry points (CompiledQuery, executeQuery, the schema
// builder), the sql tag (sql`...`, sql<T>`...`) with its helpers (sql.raw, sql.ref, ...), and the
// database layer's query helpers (selectRows, deleteByIds, refreshStatistics).
const DIRECT_QUERY = new RegExp(
  [
    /\.(?:selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|executeQuery)\s*\(/,
    /\bCompiledQuery\b|\.schema\s*\.\s*(?:create|alter|drop)[A-Za-z]*\s*\(/,
    /\bsql\s*(?:<[^`;]*?>)?\s*`|\bsql\.[a-zA-Z]+\s*\(/,
    /\b(?:selectRows|deleteByIds|refreshStatistics)\s*\(/,
  ]
    .map((part) => part.source)
    .join('|'),
  'g',
);

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const name = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(name);
    return entry.name.endsWith('.ts') ? [name] : [];
  });
}

/** Each direct query in a file's text, as `line: text`; comments are left out. */
export function directQueries(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
  return code.split('\n').flatMap((line, index) => (line.match(DIRECT_QUERY) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('the server queries the database only through repositories', () => {
  it('finds each way code could query directly, and not a comment or a repository call', () => {
    expect(directQueries("  const row = await db.selectFrom('tours').selectAll().executeTakeFirst();")).toHaveLength(1);
    expect(directQueries("await trx\n  .insertInto('notes')\n  .values(row)")).toEqual(["2: .insertInto('notes')"]);
    expect(directQueries("const one = await trx.selectNoFrom((eb) => eb.val(1).as('one')).executeTakeFirst();")).toHaveLength(1);
    expect(directQueries("await trx.updateTable('media').set(values).execute();")).toHaveLength(1);
    expect(directQueries("await trx.deleteFrom('media').execute();")).toHaveLength(1);
    expect(directQueries('await sql`DELETE FROM media`.execute(db);')).toHaveLength(1);
    expect(directQueries('const where = sql<boolean>`NOT deleted`;')).toHaveLength(1);
    expect(directQueries('const column = sql.ref(name);')).toHaveLength(1);
    expect(directQueries("await db.executeQuery(CompiledQuery.raw('SELECT 1'));")).toHaveLength(1);
    expect(directQueries("await db.schema.createTable('x').execute();")).toHaveLength(1);
    expect(directQueries('const rows = await selectRows(db, query);')).toHaveLength(1);
    expect(directQueries("await deleteByIds(trx, 'tour_bikes', ids);")).toHaveLength(1);
    expect(directQueries('// a note on selectFrom(...) and sql`...`\n/* db.deleteFrom(x) */')).toEqual([]);
    expect(directQueries('const rows = await listNotes(db);\nawait db.transaction().execute(async (trx) => saveNote(trx, note));')).toEqual([]);
    expect(directQueries('const result = resource.schema.safeParse(body);')).toEqual([]);
  });

  it('has no query outside the database layer', () => {
    const files = sourceFiles(SERVER).filter((file) => !MAY_QUERY.some((folder) => file.startsWith(folder)));
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((file) => file.startsWith('src/server/routes/')).length).toBeGreaterThan(30);
    const found = files.flatMap((file) => directQueries(readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});
