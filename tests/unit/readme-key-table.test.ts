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

  it('names each mode a binding acts in', () => {
    expect(keyTableMarkdown(gridCommands)).toContain('| `Tab` | Ready, Enter, Edit | Move |');
    expect(keyTableMarkdown(gridCommands)).toContain('| `Enter`, `F2` | Ready | Edit |');
  });
});
