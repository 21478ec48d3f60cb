import { useEffect, useRef, type KeyboardEvent } from 'react';
import './grid-command-ui.css';
import { bindingLabel, bindingPress, GRID_COMMAND_GROUPS, modesLabel, type GridCommand, type GridCommandGroup } from './commands/grid-command-registry';

export type GridHelpOverlayProps = {
  commands: readonly GridCommand[];
  onClose: () => void;
};

/**
 * Every key binding of the grid's command registry, by group (? or F1 opens it), with the editing
 * modes it acts in (Ready, Enter, Edit), and the menu's commands that have no key. Each key names, in `data-press`, the key press it stands for, so a
 * browser test can drive exactly what is listed.
 */
export function GridHelpOverlay({ commands, onClose }: GridHelpOverlayProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => closeButton.current?.focus(), []);
  const groups = (Object.keys(GRID_COMMAND_GROUPS) as GridCommandGroup[])
    .map((group) => ({ group, list: commands.filter((command) => command.group === group && (command.keys.length > 0 || command.inMenu)) }))
    .filter(({ list }) => list.length > 0);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' && event.key !== 'F1') return;
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  return (
    <div className="grid-help-backdrop" onKeyDown={onKeyDown} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-label="Keyboard commands" className="grid-help">
        <div className="grid-help-title">
          <strong>Keyboard commands</strong>
          <button ref={closeButton} type="button" className="button small" onClick={onClose}>
            Close
          </button>
        </div>
        <div className="grid-help-body">
          {groups.map(({ group, list }) => (
            <table key={group} className="grid-help-group">
              <caption>{GRID_COMMAND_GROUPS[group]}</caption>
              <tbody>
                {list.map((command) => (
                  <tr key={command.id} data-command={command.id}>
                    <th scope="row">{command.label}</th>
                    <td className="grid-help-modes">{modesLabel(command.modes)}</td>
                    <td>
                      {command.keys.length === 0 && <span className="grid-help-menu-only">right-click menu</span>}
                      {command.keys.map((binding) => (
                        <kbd key={bindingPress(binding)} data-press={bindingPress(binding)}>
                          {bindingLabel(binding)}
                        </kbd>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ))}
        </div>
      </div>
    </div>
  );
}
