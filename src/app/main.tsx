import './zod-config.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { setUnauthorisedHandler } from '../api/api-client.js';
import { createQueryClient } from '../ui/query-client.js';
import { createAppRouter } from './routes.js';
import { NoticeHost } from '../ui/notice-host.js';
import { ConfirmDialogHost } from '../ui/confirm-dialog.js';
import { MergeConflictDialogHost } from '../ui/merge-conflict-dialog.js';
import { keepDraftsForNextLogin } from '../ui/unsaved-changes.js';
import './styles.css';

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
      <NoticeHost />
    </QueryClientProvider>
  </StrictMode>,
);
