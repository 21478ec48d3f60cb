import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useBlocker, useLocation } from 'react-router-dom';
import { confirmAction } from './confirm-dialog.js';
import { UNSAVED_CHANGES_TEXT, hasUnsavedChanges, isLeavingOnPurpose, leaveOnPurpose, unsavedPartsAtom } from './unsaved-changes.js';

/**
 * The one navigation blocker of the app (a router supports only one): while any part of the
 * screen has unsaved changes, leaving it (a link, the back button, closing the tab) asks first.
 */
export function UnsavedChangesGuard() {
  const dirty = useAtomValue(unsavedPartsAtom).size > 0;
  const location = useLocation();
  useEffect(() => leaveOnPurpose(false), [location.key]);
  // Read from the store at the moment of leaving, not from this render: a form that has just
  // saved clears its part and navigates in the same pass, before this component renders again.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() && !isLeavingOnPurpose() && currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({ title: 'Leave this page?', text: UNSAVED_CHANGES_TEXT, confirmLabel: 'Leave', danger: true }).then((leave) =>
      leave ? blocker.proceed() : blocker.reset(),
    );
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return null;
}
