import { useEffect, useId, useRef } from 'react';
import { atom, getDefaultStore } from 'jotai';
import { confirmAction } from './confirm-dialog.js';

export const UNSAVED_CHANGES_TEXT = 'Any unsaved data will be lost!';

/** What a dirty form can hand over when the session ends under it: its record's key and values. */
export type DraftToKeep = { key: string; read: () => unknown };

type UnsavedPart = { draft?: DraftToKeep };

/**
 * Every part of the screen with unsaved changes (a form, a grid, a model editor), by the id of
 * the hook that registered it. One guard (unsaved-changes-guard.tsx) reads it and asks before
 * leaving, so a screen with several dirty parts has one navigation blocker, fed by all of them.
 */
export const unsavedPartsAtom = atom<ReadonlyMap<string, UnsavedPart>>(new Map());

const store = getDefaultStore();
const KEPT_DRAFT_PREFIX = 'backoffice.draft.';

function setPart(id: string, part: UnsavedPart | null) {
  store.set(unsavedPartsAtom, (parts) => {
    const next = new Map(parts);
    if (part) next.set(id, part);
    else next.delete(id);
    return next;
  });
}

/**
 * Marks this part of the screen as holding unsaved changes while `dirty`. With `draft`, the
 * changes are kept in sessionStorage if the session ends under them (logout elsewhere, expiry),
 * and offered back after the next login (kept-draft-notice.tsx).
 */
export function useUnsavedChangesPrompt(dirty: boolean, draft?: { key: string; value: unknown }) {
  const id = useId();
  const value = useRef(draft?.value);
  value.current = draft?.value;
  const draftKey = draft?.key;
  useEffect(() => {
    setPart(id, dirty ? { draft: draftKey === undefined ? undefined : { key: draftKey, read: () => value.current } } : null);
    return () => setPart(id, null);
  }, [id, dirty, draftKey]);
}

export const hasUnsavedChanges = (): boolean => store.get(unsavedPartsAtom).size > 0;

// Set when the app itself leaves on purpose (logout confirmed, session ended), so the guard does
// not ask a second time; cleared by the guard on the next location.
let leavingOnPurpose = false;
export const isLeavingOnPurpose = () => leavingOnPurpose;
export const leaveOnPurpose = (on: boolean) => {
  leavingOnPurpose = on;
};

/** Asks before an action that leaves the screen (Logout) when anything is unsaved; true to go on. */
export async function confirmLeavingUnsaved(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const leave = await confirmAction({ title: 'Leave this page?', text: UNSAVED_CHANGES_TEXT, confirmLabel: 'Leave', danger: true });
  if (leave) leaveOnPurpose(true);
  return leave;
}

export type KeptDraft = { value: unknown; keptAt: string };

/** The session ended: keep every dirty part's draft for the next login, and leave without asking. */
export function keepDraftsForNextLogin() {
  for (const part of store.get(unsavedPartsAtom).values()) {
    if (!part.draft) continue;
    const kept: KeptDraft = { value: part.draft.read(), keptAt: new Date().toISOString() };
    try {
      sessionStorage.setItem(KEPT_DRAFT_PREFIX + part.draft.key, JSON.stringify(kept));
    } catch {
      // Storage full or refused: nothing more can be kept.
    }
  }
  leaveOnPurpose(true);
}

export function readKeptDraft(key: string): KeptDraft | null {
  const text = sessionStorage.getItem(KEPT_DRAFT_PREFIX + key);
  if (!text) return null;
  try {
    return JSON.parse(text) as KeptDraft;
  } catch {
    return null;
  }
}

export const forgetKeptDraft = (key: string) => sessionStorage.removeItem(KEPT_DRAFT_PREFIX + key);
