import { useState } from 'react';

/** A password the server chose, shown once: staff copy it and pass it on; it is never shown again. */
export function ShownOncePassword({ email, password, onDone }: { email: string; password: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(password);
    setCopied(true);
  };
  return (
    <div className="shown-once-password" role="status">
      <p>
        The password for <strong>{email}</strong> is shown only now. Pass it on; they can change it under Change my password.
      </p>
      <p>
        <code aria-label="Password shown once">{password}</code>{' '}
        <button type="button" className="button small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </button>{' '}
        <button type="button" className="button small" onClick={onDone}>
          Done
        </button>
      </p>
    </div>
  );
}
