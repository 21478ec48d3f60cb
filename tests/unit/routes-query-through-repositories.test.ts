// DESIGN.md section 6: one repository style. Route code keeps validation, HTTP and transaction
// boundaries; every query lives in src/server/db/repositories, in functions taking db or trx first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUTES = 'src/server/routes';

// Kysely's query starters, and the sql tag (sql`...`, sql<T>`...`) with its helpers (sql.raw, sql.ref, ...).
const DIRECT_QUERY = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(?:<[^`;]*?>)?\s*`|\bsql\.[a-zA-Z]+\s*\(/g;

function routeFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const name = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return routeFiles(name);
    return entry.name.endsWith('.ts') ? [name] : [];
  });
}

/** Each direct query in a file's text, as `line: text`; comments are left out. */
export function directQueries(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/\/\/.*$/gm, '');
  return code.split('\n').flatMap((line, index) => (line.match(DIRECT_QUERY) ? [`${index + 1}: ${line.trim()}`] : []));
}

describe('route files query the database only through repositories', () => {
  it('finds each way a route could query directly, and not a comment or a repository call', () => {
    expect(directQueries("  const row = await db.selectFrom('tours').selectAll().executeTakeFirst();")).toHaveLength(1);
    expect(directQueries("await trx\n  .insertInto('notes')\n  .values(row)")).toEqual(["2: .insertInto('notes')"]);
    expect(directQueries("await trx.updateTable('media').set(values).execute();")).toHaveLength(1);
    expect(directQueries("await trx.deleteFrom('media').execute();")).toHaveLength(1);
    expect(directQueries('await sql`DELETE FROM media`.execute(db);')).toHaveLength(1);
    expect(directQueries('const where = sql<boolean>`NOT deleted`;')).toHaveLength(1);
    expect(directQueries('const column = sql.ref(name);')).toHaveLength(1);
    expect(directQueries('// a note on selectFrom(...) and sql`...`\n/* db.deleteFrom(x) */')).toEqual([]);
    expect(directQueries('const rows = await listNotes(db);\nawait db.transaction().execute(async (trx) => saveNote(trx, note));')).toEqual([]);
  });

  it('has no selectFrom, insertInto, updateTable, deleteFrom or sql tag in a route file', () => {
    const files = routeFiles(ROUTES);
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((file) => directQueries(readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});
