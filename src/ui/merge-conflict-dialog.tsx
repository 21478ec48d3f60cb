import { useState, useSyncExternalStore } from 'react';
import { Modal } from './modal.js';
import './merge-conflict-dialog.css';

/** One field both clerks changed to different values (issue 29). */
export type MergeConflictRow = { path: string; label: string; base: unknown; mine: unknown; theirs: unknown };
export type MergeChoice = 'mine' | 'theirs';
/** Per conflicting path, whose value is saved. */
export type MergeChoices = Record<string, MergeChoice>;
/** `noun`: what the rows are, 'fields' of a form (the default) or 'cells' of a grid. */
export type MergeConflictRequest = { whose: string; rows: readonly MergeConflictRow[]; noun?: 'fields' | 'cells' };
type Pending = MergeConflictRequest & { resolve: (choices: MergeChoices | null) => void };

// One dialog for the whole app, as the confirmation dialog: any form's save can await the clerk's choice.
let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Asks which value each conflicting field keeps; resolves null when the clerk cancels (nothing is saved). */
export function askMergeChoices(request: MergeConflictRequest): Promise<MergeChoices | null> {
  pending?.resolve(null);
  return new Promise((resolve) => {
    pending = { ...request, resolve };
    emit();
  });
}

const settle = (choices: MergeChoices | null) => {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(choices);
};

const SHOWN_CHARACTERS = 160;

/** A field's value as the dialog shows it: text without markup, lists joined, blanks said. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value))
    return value.length === 0 ? '(none)' : value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  // Rich text is compared by its markup but read as text (a formula's < and > are not markup).
  const text =
    typeof value === 'object'
      ? JSON.stringify(value)
      : String(value).trimStart().startsWith('<')
        ? String(value)
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()
        : String(value);
  return text.length > SHOWN_CHARACTERS ? `${text.slice(0, SHOWN_CHARACTERS)}…` : text;
}

export function MergeConflictDialogHost() {
  const request = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
  // A fresh set of choices for each request.
  return request && <MergeConflictDialog key={request.rows.map((row) => row.path).join('|')} request={request} />;
}

function MergeConflictDialog({ request }: { request: Pending }) {
  const [choices, setChoices] = useState<MergeChoices>({});
  const all = (choice: MergeChoice) => Object.fromEntries(request.rows.map((row) => [row.path, choice]));
  const decided = request.rows.every((row) => choices[row.path]);
  const noun = request.noun ?? 'fields';
  const footer = (
    <>
      <button type="button" className="button" onClick={() => settle(null)}>
        Cancel
      </button>
      <button type="button" className="button" onClick={() => settle(all('mine'))}>
        Keep all mine
      </button>
      <button type="button" className="button" onClick={() => settle(all('theirs'))}>
        Keep all theirs
      </button>
      <button type="button" className="button primary" disabled={!decided} onClick={() => settle(choices)}>
        Save my choices
      </button>
    </>
  );
  return (
    <Modal title={`Both of you changed the same ${noun}`} onClose={() => settle(null)} footer={footer} className="merge-conflict-dialog">
      <p>
        These {noun} were changed both by you and in {request.whose}. Choose which value each keeps; nothing is saved until you do. Their other changes and
        yours are merged already.
      </p>
      <table className="merge-conflicts">
        <thead>
          <tr>
            <th scope="col">{noun === 'cells' ? 'Cell' : 'Field'}</th>
            <th scope="col">What you loaded</th>
            <th scope="col">Yours</th>
            <th scope="col">Theirs</th>
          </tr>
        </thead>
        <tbody>
          {request.rows.map((row) => (
            <tr key={row.path} data-path={row.path}>
              <th scope="row">{row.label}</th>
              <td className="muted">{shownValue(row.base)}</td>
              {(['mine', 'theirs'] as const).map((side) => (
                <td key={side}>
                  <label>
                    <input
                      type="radio"
                      name={`merge-${row.path}`}
                      checked={choices[row.path] === side}
                      onChange={() => setChoices((current) => ({ ...current, [row.path]: side }))}
                      aria-label={`${row.label}: keep ${side === 'mine' ? 'yours' : 'theirs'}`}
                    />{' '}
                    {shownValue(side === 'mine' ? row.mine : row.theirs)}
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
