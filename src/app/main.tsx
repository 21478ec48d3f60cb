import './zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { setUnauthorisedHandler } from '../api/api-client.js';
import { createQueryClient } from '../ui/query-client.js';
import { createAppRouter } from './routes.js';
import { NOTIFICATION_MS } from '../ui/notify.js';
import { ConfirmDialogHost } from '../ui/confirm-dialog.js';
import { MergeConflictDialogHost } from '../ui/merge-conflict-dialog.js';
import { keepDraftsForNextLogin } from '../ui/unsaved-changes.js';
import './styles.css';

// Toasts sit below the header, so they never cover Publish or Logout, and long server messages
// (a path, an address) wrap inside the toast instead of running out of it.
const TOASTS_BELOW_HEADER = { top: 64 };
const TOAST_STYLE = { maxWidth: 'min(420px, calc(100vw - 32px))', overflowWrap: 'anywhere' } as const;

const queryClient = createQueryClient();
const router = createAppRouter();
// A 401 anywhere: the token is already cleared; keep what forms hold unsaved for the next login,
// then go to login without reloading the app.
setUnauthorisedHandler(() => {
  keepDraftsForNextLogin();
  queryClient.clear();
  const { pathname, search } = router.state.location;
  void router.navigate('/login', { state: { from: pathname + search } });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ConfirmDialogHost />
      <MergeConflictDialogHost />
      <Toaster position="top-right" containerStyle={TOASTS_BELOW_HEADER} toastOptions={{ duration: NOTIFICATION_MS, style: TOAST_STYLE }} />
    </QueryClientProvider>
  </StrictMode>,
);
