import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loggedInAtom, mustChoosePasswordAtom } from '../../api/auth-token.js';
import { ScreenSuspense } from '../../ui/lazy-screen.js';

export const CHOOSE_PASSWORD_PATH = '/choose-password';

/**
 * Without a session every route but /login leads to /login. With a temporary password (a
 * colleague reset it) every route leads to Choose your password, and back once it is chosen.
 */
export function RequireLogin() {
  const location = useLocation();
  const loggedIn = useAtomValue(loggedInAtom);
  const mustChoosePassword = useAtomValue(mustChoosePasswordAtom);
  const here = location.pathname + location.search;
  if (!loggedIn) return <Navigate to="/login" replace state={{ from: here }} />;
  if (mustChoosePassword && location.pathname !== CHOOSE_PASSWORD_PATH) return <Navigate to={CHOOSE_PASSWORD_PATH} replace state={{ from: here }} />;
  return (
    <ScreenSuspense>
      <Outlet />
    </ScreenSuspense>
  );
}
