import { useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';
import './merge-conflicts-dialog.css';

export type MergeSide = 'mine' | 'theirs';

/** One thing both clerks changed differently (a cell, a field, a row one of them deleted), as the dialog shows it. */
export type MergeConflictItem = {
  id: string;
  /** Where: 'Row [3], Gross', 'Group 2, dates', 'Date of birth'. */
  where: string;
  loaded: string;
  mine: string;
  theirs: string;
};

type Pending = { items: readonly MergeConflictItem[]; who: string; resolve: (choices: Map<string, MergeSide> | null) => void };

/**
 * Asks the clerk to decide each conflict of a merge (issue 29): per item, yours or theirs, or
 * all of one side at once. Resolves with the choice per item id, or null on Cancel (then nothing
 * changes: the caller keeps the staged edits as they were).
 */
export function useMergeConflictsDialog(): {
  dialog: ReactNode;
  choose: (items: readonly MergeConflictItem[], who: string) => Promise<Map<string, MergeSide> | null>;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const current = useRef<Pending | null>(null);
  const choose = (items: readonly MergeConflictItem[], who: string) =>
    new Promise<Map<string, MergeSide> | null>((resolve) => {
      current.current?.resolve(null);
      current.current = { items, who, resolve };
      setPending(current.current);
    });
  const settle = (choices: Map<string, MergeSide> | null) => {
    const request = current.current;
    current.current = null;
    setPending(null);
    request?.resolve(choices);
  };
  return { dialog: pending && <MergeConflictsDialog key={pending.items.map((item) => item.id).join()} {...pending} onDecide={settle} />, choose };
}

function MergeConflictsDialog({
  items,
  who,
  onDecide,
}: {
  items: readonly MergeConflictItem[];
  who: string;
  onDecide: (choices: Map<string, MergeSide> | null) => void;
}) {
  const [choices, setChoices] = useState<Map<string, MergeSide>>(() => new Map());
  const all = (side: MergeSide) => setChoices(new Map(items.map((item) => [item.id, side])));
  const undecided = items.filter((item) => !choices.has(item.id)).length;
  const pick = (id: string, side: MergeSide) => setChoices((before) => new Map(before).set(id, side));
  return (
    <Modal
      title="Both of you changed the same cells"
      className="merge-conflicts"
      onClose={() => onDecide(null)}
      footer={
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => all('mine')}>
            Keep all mine
          </button>
          <button type="button" className="button" onClick={() => all('theirs')}>
            Keep all theirs
          </button>
          <span className="merge-conflicts-gap" />
          <button type="button" className="button" onClick={() => onDecide(null)}>
            Cancel
          </button>
          <button type="button" className="button primary" disabled={undecided > 0} onClick={() => onDecide(choices)}>
            {undecided > 0 ? `Choose ${undecided} more` : 'Save with these choices'}
          </button>
        </div>
      }
    >
      <p>
        {who} saved this since you opened it, and changed {items.length === 1 ? 'something' : `${items.length} things`} you changed too. Choose what to keep;
        nothing is saved until you do, and Cancel leaves your edits as they are.
      </p>
      <table className="merge-conflicts-table">
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">When you opened it</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id}>
              <th scope="row">{item.where}</th>
              <td>{item.loaded}</td>
              {(['mine', 'theirs'] as const).map((side) => (
                <td key={side}>
                  <label>
                    <input type="radio" name={`merge-${item.id}`} checked={choices.get(item.id) === side} onChange={() => pick(item.id, side)} />{' '}
                    <span aria-label={`${side === 'mine' ? 'Yours' : 'Theirs'}, ${item.where}`}>{item[side]}</span>
                  </label>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
