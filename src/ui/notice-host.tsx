import toast, { ToastBar, Toaster } from 'react-hot-toast';
import { NOTIFICATION_MS } from './notify.js';
import './notice-host.css';

// Notices sit below the header, so they never cover Publish or Logout, and long server messages
// (a path, an address) wrap inside the notice instead of running out of it.
const BELOW_HEADER = { top: 64 };
const NOTICE_STYLE = { maxWidth: 'min(420px, calc(100vw - 32px))', overflowWrap: 'anywhere' } as const;

/**
 * The app's notices (SPEC: 3000 ms, top-right), each with a close button: a notice under the
 * pointer stays while hovered, and one can sit over a toolbar button the clerk wants now.
 */
export function NoticeHost() {
  return (
    <Toaster position="top-right" containerStyle={BELOW_HEADER} toastOptions={{ duration: NOTIFICATION_MS, style: NOTICE_STYLE }}>
      {(notice) => (
        <ToastBar toast={notice}>
          {({ icon, message }) => (
            <>
              {icon}
              {message}
              {notice.type !== 'loading' && (
                <button type="button" className="notice-close" aria-label="Close this notice" onClick={() => toast.dismiss(notice.id)}>
                  ×
                </button>
              )}
            </>
          )}
        </ToastBar>
      )}
    </Toaster>
  );
}
