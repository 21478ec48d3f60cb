// A clone of the project must test on its own: nothing in it may read a file outside its own
// folder (the legacy fixture once came from the folder beside it, which a fresh clone lacks).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['src', 'tests', '.ci', 'vite.config.ts', 'vitest.config.ts', 'eslint.config.js', 'package.json'];
const SOURCE = /\.(ts|tsx|js|mjs|cjs|json)$|^run$/;
// Path-traversal payloads the security tests send to the server (aimed at tmp/ and etc/ however
// deep the clone sits) are attacks to be refused, not files the project reads.
const ATTACK_TARGETS = /^(?:\.\.\/)+(?:tmp|etc)\//;

function filesUnder(entry: string): string[] {
  if (!statSync(path.join(ROOT, entry)).isDirectory()) return [entry];
  return readdirSync(path.join(ROOT, entry), { withFileTypes: true }).flatMap((child) => {
    const name = path.join(entry, child.name);
    if (child.isDirectory()) return child.name === 'fixtures' ? [] : filesUnder(name);
    return SOURCE.test(child.name) ? [name] : [];
  });
}

/** Relative paths written in a file that, resolved from its folder, leave the project. */
export function pathsLeavingProject(file: string, text: string): string[] {
  const here = path.dirname(path.join(ROOT, file));
  const found: string[] = [];
  for (const match of text.matchAll(/['"`]((?:\.\.\/)+[^'"`\s]*)['"`]/g)) {
    const target = path.resolve(here, match[1]);
    const inside = target === ROOT || target.startsWith(ROOT + path.sep);
    if (!inside && !ATTACK_TARGETS.test(match[1])) found.push(match[1]);
  }
  for (const match of text.matchAll(/['"`](\/work\/[^'"`\s]*)['"`]/g)) found.push(match[1]);
  return found;
}

describe('the project reads nothing outside its own folder', () => {
  it('finds a path that climbs out of the project', () => {
    // Built at run time, so this file itself names no such path.
    const outside = [...Array<string>(3).fill('..'), 'elsewhere', 'fixture.json'].join('/');
    expect(pathsLeavingProject('tests/unit/example.test.ts', `new URL('${outside}')`)).toEqual([outside]);
    expect(pathsLeavingProject('tests/unit/example.test.ts', "new URL('../fixtures/legacy-pricing.json')")).toEqual([]);
    // Traversal payloads aimed at tmp/ or etc/ are attacks, whatever depth the clone sits at.
    const deepAttack = [...Array<string>(9).fill('..'), 'etc', 'passwd'].join('/');
    expect(pathsLeavingProject('tests/unit/example.test.ts', `'${deepAttack}'`)).toEqual([]);
  });

  it('has no source, test or script that names a path outside it', () => {
    const files = SCANNED.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const leaving = files.flatMap((file) => pathsLeavingProject(file, readFileSync(path.join(ROOT, file), 'utf8')).map((target) => `${file}: ${target}`));
    expect(leaving).toEqual([]);
  });
});
