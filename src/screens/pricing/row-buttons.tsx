import { bindingLabel } from '../../grid/commands/grid-command-registry';
import { gridCommands } from '../../grid/commands/grid-commands';

export type RowButtonsProps = {
  onInsert: (where: 'above' | 'below') => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
};

/** A row command of the grid's registry: its label and keys, so the toolbar says what the menu and the help overlay say. */
function fromRegistry(id: string): { label: string; title?: string } {
  const command = gridCommands.find((candidate) => candidate.id === id);
  if (!command) throw new Error(`No grid command ${id}`);
  return { label: command.label, title: command.keys.length ? command.keys.map(bindingLabel).join(' or ') : undefined };
}

const BUTTONS = [
  { id: 'rows-insert-above', run: (props: RowButtonsProps) => props.onInsert('above') },
  { id: 'rows-insert-below', run: (props: RowButtonsProps) => props.onInsert('below') },
  { id: 'rows-move-up', run: (props: RowButtonsProps) => props.onMove(-1) },
  { id: 'rows-move-down', run: (props: RowButtonsProps) => props.onMove(1) },
  { id: 'rows-delete', run: (props: RowButtonsProps) => props.onDelete(), danger: true },
].map((button) => ({ ...button, ...fromRegistry(button.id) }));

/**
 * The row operations of a price grid's toolbar, named as the grid's command registry names them
 * (the right-click menu and the help overlay read the same entries); they run the same screen
 * handlers the registry's row commands call, on the rows of the grid's selection.
 */
export function RowButtons(props: RowButtonsProps) {
  return (
    <span role="group" aria-label="Rows" style={{ display: 'contents' }}>
      {BUTTONS.map((button) => (
        <button key={button.id} type="button" className={button.danger ? 'button danger' : 'button'} title={button.title} onClick={() => button.run(props)}>
          {button.label}
        </button>
      ))}
    </span>
  );
}
