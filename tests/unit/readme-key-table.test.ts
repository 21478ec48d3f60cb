import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyTableMarkdown } from '../../src/grid/commands/key-table';
import { gridCommands } from '../../src/grid/commands/grid-commands';

// README's grid key table is taken from the command registry: when a binding changes, this test
// fails with the new table in its message, to paste into README.md.
describe("README's grid key table", () => {
  it('lists every binding of the registry with its mode, as the registry has them', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const table = keyTableMarkdown(gridCommands);
    expect(readme.includes(table), `README.md should hold this table:\n${table}`).toBe(true);
  });

  it('says what a key does in each mode', () => {
    expect(keyTableMarkdown(gridCommands)).toContain('| Tab | Right one cell | Right one cell | Right one cell |');
    expect(keyTableMarkdown(gridCommands)).toContain(
      '| Enter | Edit the cell | Store what was typed and go down a row | Store what was typed and go down a row |',
    );
    expect(keyTableMarkdown(gridCommands)).toContain('| Ctrl+Z | Undo | Cancel the edit | Cancel the edit |');
  });
});
