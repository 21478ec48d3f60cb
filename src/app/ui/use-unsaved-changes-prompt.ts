import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmAction } from './confirm-dialog.js';

export const UNSAVED_CHANGES_TEXT = 'Any unsaved data will be lost!';

/**
 * While `dirty`, leaving the screen (a link, the back button, closing the tab) asks first, so
 * unsaved work is never lost silently (UX.md).
 */
export function useUnsavedChangesPrompt(dirty: boolean, text = UNSAVED_CHANGES_TEXT) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({ title: 'Leave this page?', text, confirmLabel: 'Leave', danger: true }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, text]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
