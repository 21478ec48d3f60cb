import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const README = new URL('../../README.md', import.meta.url);
const README_MOST_BYTES = 8 * 1024;

// Issue 28: README is the way in (start, test, commands, the grid keys); the manual lives in docs/.
describe('README', () => {
  it(`stays under ${README_MOST_BYTES} bytes`, () => {
    expect(readFileSync(README).byteLength).toBeLessThanOrEqual(README_MOST_BYTES);
  });

  it('links only to files that exist, and the docs link back to files that exist', () => {
    const linksOf = (file: URL) => [...readFileSync(file, 'utf8').matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => new URL(match[1], file));
    const docs = linksOf(README).filter((link) => link.pathname.endsWith('.md'));
    expect(docs.length).toBeGreaterThan(5);
    const missing = [...docs, ...docs.flatMap((doc) => (existsSync(doc) ? linksOf(doc) : []))].filter((link) => !existsSync(link));
    expect(missing.map((link) => link.pathname)).toEqual([]);
  });
});
