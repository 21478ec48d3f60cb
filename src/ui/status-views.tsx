import type { ReactNode } from 'react';

/** Shown in place of content while it loads: never a blank page or a flash of "not found". */
export function LoadingView({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {label}
    </div>
  );
}

/** An empty list says what is missing and offers the button that adds it. */
export function EmptyView({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="empty-view">
      <p>{message}</p>
      {action}
    </div>
  );
}

export function ErrorView({ message }: { message: string }) {
  return (
    <div className="error-view" role="alert">
      {message}
    </div>
  );
}
