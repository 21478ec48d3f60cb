import { useEffect, useRef, type KeyboardEvent } from 'react';
import './grid-command-ui.css';
import { bindingLabel, GRID_COMMAND_GROUPS, type GridCommand, type GridCommandTarget } from './commands/grid-command-registry';

export type GridContextMenuProps = {
  /** Where the right click was, in window coordinates. */
  at: { x: number; y: number };
  commands: readonly GridCommand[];
  target: GridCommandTarget;
  onClose: () => void;
};

/**
 * The grid's right-click menu: the registry's commands marked for it, each with its key, greyed
 * out when it cannot run. Arrows move between items, Escape or a click elsewhere closes it.
 */
export function GridContextMenu({ at, commands, target, onClose }: GridContextMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const offered = commands.filter((command) => command.inMenu);

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) close.current();
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  // Near the window's right and bottom edges the menu opens towards the pointer's other side.
  const left = Math.min(at.x, window.innerWidth - 280);
  const top = Math.min(at.y, window.innerHeight - 32 * offered.length - 16);
  return (
    <div
      ref={menu}
      role="menu"
      aria-label="Grid commands"
      className="grid-context-menu"
      style={{ left: Math.max(0, left), top: Math.max(0, top) }}
      onKeyDown={onKeyDown}
    >
      {offered.map((command, index) => {
        const enabled = command.enabled(target);
        const separated = index > 0 && offered[index - 1].group !== command.group;
        return (
          <button
            key={command.id}
            type="button"
            role="menuitem"
            data-command={command.id}
            className={separated ? 'separated' : undefined}
            aria-disabled={!enabled}
            title={GRID_COMMAND_GROUPS[command.group]}
            onClick={() => {
              if (!enabled) return;
              onClose();
              command.perform(target);
            }}
          >
            <span>{command.label}</span>
            <kbd>{command.keys.map(bindingLabel)[0] ?? ''}</kbd>
          </button>
        );
      })}
    </div>
  );
}
