import type { EditMode } from './edit-machine';
import { bindingLabel, type GridCommand } from './grid-command-registry';

const MODES: readonly EditMode[] = ['ready', 'enter', 'edit'];

/** A command's label without its asides (what is in brackets, or after a colon or semicolon). */
const shortLabel = (label: string) =>
  label
    .replace(/\s*\(.*?\)/g, '')
    .split(/[;:]/)[0]
    .trim();

/**
 * The registry's key bindings as a Markdown table: a row a key, in the registry's order, and what
 * the key does in each editing mode (Ready, Enter, Edit). README's grid key table is this text,
 * and a unit test keeps the two the same.
 */
export function keyTableMarkdown(commands: readonly GridCommand[]): string {
  const keys = new Map<string, Partial<Record<EditMode, string>>>();
  for (const command of commands) {
    for (const binding of command.keys) {
      const row = keys.get(bindingLabel(binding)) ?? {};
      for (const mode of command.modes) row[mode] ??= shortLabel(command.label);
      keys.set(bindingLabel(binding), row);
    }
  }
  const rows = [...keys].map(([key, row]) => `| ${key} | ${MODES.map((mode) => row[mode] ?? '').join(' | ')} |`);
  return ['| Key | Ready | Enter | Edit |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
