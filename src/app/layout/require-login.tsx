import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { readToken } from '../../api/auth-token.js';
import { ScreenSuspense } from '../../ui/lazy-screen.js';

/** Without a stored token every route but /login leads to /login. */
export function RequireLogin() {
  const location = useLocation();
  if (!readToken()) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return (
    <ScreenSuspense>
      <Outlet />
    </ScreenSuspense>
  );
}
