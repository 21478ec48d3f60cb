import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), ' +
  'textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

// Open modals, innermost last: only the innermost one keeps the focus and answers Escape.
const openModals: HTMLElement[] = [];
const isInnermost = (element: HTMLElement | null) => element !== null && openModals[openModals.length - 1] === element;

function focusablesIn(root: HTMLElement): HTMLElement[] {
  const all = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden]'));
  const shown = all.filter((element) => element.getClientRects().length > 0);
  // Without layout (jsdom) nothing has a box: then every candidate counts.
  return shown.length ? shown : all;
}

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons under the body, such as Done. */
  footer?: ReactNode;
  className?: string;
};

/**
 * A modal window over the page: focus moves into it and cannot leave it (Tab and Shift+Tab wrap),
 * Escape or the close button closes it, and focus returns to where it was. The app's
 * confirmation dialog may still open above it.
 */
export function Modal({ title, onClose, children, footer, className }: ModalProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push(element);
    const autofocus = element.querySelector<HTMLElement>('[data-autofocus]');
    (autofocus ?? focusablesIn(element).find((item) => !item.classList.contains('modal-close')) ?? element).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus that lands outside (a click on the page behind) is brought back, unless the app's
    // confirmation dialog took it.
    const keepFocus = (event: FocusEvent) => {
      const target = event.target as Node | null;
      if (!isInnermost(element) || !target || element.contains(target)) return;
      if (target instanceof Element && target.closest('dialog[open]')) return;
      element.focus();
    };
    document.addEventListener('focusin', keepFocus);
    return () => {
      document.removeEventListener('focusin', keepFocus);
      openModals.splice(openModals.indexOf(element), 1);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = panel.current;
    if (!element || !isInnermost(element)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      close.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusablesIn(element);
    if (!items.length) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === element)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close.current()}>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal${className ? ` ${className}` : ''}`}
        onKeyDown={onKeyDown}
        // React passes events up through the portal: a form inside must not submit the form that opened it.
        onSubmit={(event) => event.stopPropagation()}
      >
        <header className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" aria-label="Close" onClick={() => close.current()}>
            ×
          </button>
        </header>
        <div className="modal-body">{children}</div>
        {footer && <footer className="modal-footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
