import { useEffect, useRef, useSyncExternalStore } from 'react';

/** `details`: lines listed under the text, saying what confirming will do (a Copy From preview). */
export type ConfirmRequest = { title: string; text: string; details?: readonly string[]; confirmLabel?: string; cancelLabel?: string; danger?: boolean };
type Pending = ConfirmRequest & { resolve: (confirmed: boolean) => void };

// One dialog for the whole app, driven by a tiny store so any code can `await confirmAction(...)`.
let pending: Pending | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Asks for confirmation in a modal dialog; resolves true on confirm, false on cancel or Escape. */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => {
    pending = { ...request, resolve };
    emit();
  });
}

/** SPEC.md section 8: 'Are you sure?' / 'You will not be able to revert this!' */
export const confirmDelete = (what?: string) =>
  confirmAction({
    title: 'Are you sure?',
    text: what ? `${what} will be deleted. You will not be able to revert this!` : 'You will not be able to revert this!',
    confirmLabel: 'Delete',
    danger: true,
  });

/** SPEC.md section 5: removals in the price screens take effect on save. */
export const confirmStagedDelete = () =>
  confirmAction({ title: 'Are you sure?', text: 'You will not be able to revert this after saving!', confirmLabel: 'Delete', danger: true });

const settle = (confirmed: boolean) => {
  const current = pending;
  pending = null;
  emit();
  current?.resolve(confirmed);
};

export function ConfirmDialogHost() {
  const request = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
  );
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
      confirmButton.current?.focus();
    }
    if (!request && element.open) element.close();
  }, [request]);
  // A question nobody can see any more is answered Cancel: the host leaving (the app closing, a
  // screen test ending) must not hand a stale question to the next host, nor keep its caller waiting.
  useEffect(() => () => settle(false), []);
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby="confirm-title" aria-describedby="confirm-text" onCancel={() => settle(false)}>
      {request && (
        <form method="dialog" onSubmit={(event) => (event.preventDefault(), settle(true))}>
          <h2 id="confirm-title">{request.title}</h2>
          <p id="confirm-text">{request.text}</p>
          {request.details && request.details.length > 0 && (
            <ul className="confirm-details">
              {request.details.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => settle(false)}>
              {request.cancelLabel ?? 'Cancel'}
            </button>
            <button ref={confirmButton} type="submit" className={`button ${request.danger ? 'danger-solid' : 'primary'}`}>
              {request.confirmLabel ?? 'OK'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
