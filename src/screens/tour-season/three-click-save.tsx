import { useEffect, useRef, useState, type Ref } from 'react';

/** SPEC.md sections 4 and 9: the click counter goes back to the label after 2000 ms. */
export const SAVE_CONFIRM_RESET_MS = 2000;

export type ThreeClickSaveProps = {
  /** The first click's label, e.g. 'Save 4 rows'. */
  label: string;
  onSave: () => void;
  saving: boolean;
  disabled?: boolean;
  /** The button, for the grid's Ctrl+S to click: a press is a click, so the same three confirm. */
  buttonRef?: Ref<HTMLButtonElement>;
};

/**
 * The three-click Save button: the label, then 'Are you sure?', then 'Saving'; the third click
 * saves. * Without a further click within two seconds it goes back to the label.
 */
export function ThreeClickSave({ label, onSave, saving, disabled, buttonRef }: ThreeClickSaveProps) {
  const [clicks, setClicks] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!saving) setClicks(0);
  }, [saving]);

  const click = () => {
    clearTimeout(timer.current);
    const next = clicks + 1;
    setClicks(next);
    if (next >= 3) {
      // The label follows `saving` from here; a save that fails at once must not leave 'Saving'.
      setClicks(0);
      onSave();
      return;
    }
    timer.current = setTimeout(() => setClicks(0), SAVE_CONFIRM_RESET_MS);
  };
  const text = saving || clicks >= 2 ? 'Saving' : clicks === 1 ? 'Are you sure?' : label;
  // aria-disabled rather than disabled: a disabled button drops the keyboard's focus on the page
  // body the moment the third press starts the save (UX.md: focus is never lost after a save).
  const inactive = Boolean(disabled) || saving;
  return (
    <button
      ref={buttonRef}
      type="button"
      className={`button ${clicks > 0 ? 'danger-solid' : 'primary'}`}
      onClick={inactive ? undefined : click}
      aria-disabled={inactive}
      aria-live="polite"
    >
      {text}
    </button>
  );
}
