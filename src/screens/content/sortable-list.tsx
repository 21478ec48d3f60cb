import type { CSSProperties, ReactNode } from 'react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { NAVIGATION_DRAG_DISTANCE } from '../../domain/content/content-constants.js';

export type Keyed = { key: string };

let lastKey = 0;
/** A key for a row the server does not identify (a link, a slide): stable while the screen lives. */
export const newRowKey = () => `row-${++lastKey}`;
/**
 * The key of a stored row at its place in the list as loaded: the same every time the record is
 * read, so a stale save's merge (issue 29) sees a list nobody touched as unchanged.
 */
export const loadedRowKey = (position: number) => `loaded-${position}`;

/**
 * A vertical list staff reorder by dragging a row's handle (a drag starts only after the pointer
 * has moved NAVIGATION_DRAG_DISTANCE pixels, so a click never moves anything) or from the keyboard:
 * focus the handle, Space to lift, arrows to move, Space to drop, Escape to cancel.
 */
export function SortableList<Item extends Keyed>({
  items,
  onReorder,
  label,
  children,
}: {
  items: Item[];
  onReorder: (items: Item[]) => void;
  label: string;
  children: (item: Item, index: number, handle: ReactNode) => ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: NAVIGATION_DRAG_DISTANCE } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const drop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.key === active.id);
    const to = items.findIndex((item) => item.key === over.id);
    if (from >= 0 && to >= 0) onReorder(arrayMove(items, from, to));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={drop}>
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol className="sortable-list" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.key} id={item.key} position={index + 1}>
              {(handle) => children(item, index, handle)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, position, children }: { id: string; position: number; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="drag-handle"
      {...attributes}
      {...listeners}
      aria-label={`Move row ${position}`}
      title="Drag to reorder (or Space, then arrows)"
    >
      ⠿
    </button>
  );
  return (
    <li ref={setNodeRef} style={style} className={`sortable-row${isDragging ? ' dragging' : ''}`}>
      {children(handle)}
    </li>
  );
}
