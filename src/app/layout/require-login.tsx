import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loggedInAtom } from '../../api/auth-token.js';
import { ScreenSuspense } from '../../ui/lazy-screen.js';

/** Without a session every route but /login leads to /login. */
export function RequireLogin() {
  const location = useLocation();
  const loggedIn = useAtomValue(loggedInAtom);
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <ScreenSuspense>
      <Outlet />
    </ScreenSuspense>
  );
}
