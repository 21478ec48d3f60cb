import { bindingLabel, GRID_COMMAND_GROUPS, modesLabel, type GridCommand } from './grid-command-registry';

const keysOf = (command: GridCommand) => command.keys.map((binding) => `\`${bindingLabel(binding)}\``).join(', ');

/**
 * The registry's key bindings as a Markdown table (key, modes, what it does), in the registry's
 * order: README's grid key table is this text, and a unit test keeps the two the same.
 */
export function keyTableMarkdown(commands: readonly GridCommand[]): string {
  const rows = commands
    .filter((command) => command.keys.length > 0)
    .map((command) => `| ${keysOf(command)} | ${modesLabel(command.modes)} | ${GRID_COMMAND_GROUPS[command.group]} | ${command.label} |`);
  return ['| Keys | Mode | Group | What it does |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
