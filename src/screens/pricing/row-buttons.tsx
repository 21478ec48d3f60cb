export type RowButtonsProps = {
  onInsert: (where: 'above' | 'below') => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
};

/** The row operations of a price grid's toolbar; they work on the rows of the grid's selection. */
export function RowButtons({ onInsert, onDelete, onMove }: RowButtonsProps) {
  return (
    <span role="group" aria-label="Rows" style={{ display: 'contents' }}>
      <button type="button" className="button" onClick={() => onInsert('above')}>
        Insert row above
      </button>
      <button type="button" className="button" onClick={() => onInsert('below')}>
        Insert row below
      </button>
      <button type="button" className="button" onClick={() => onMove(-1)} title="Alt+Shift+↑">
        Move up
      </button>
      <button type="button" className="button" onClick={() => onMove(1)} title="Alt+Shift+↓">
        Move down
      </button>
      <button type="button" className="button danger" onClick={onDelete}>
        Delete rows
      </button>
    </span>
  );
}
