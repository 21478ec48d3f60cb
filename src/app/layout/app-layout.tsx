import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { ScreenSuspense } from '../../ui/lazy-screen.js';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard.js';
import { AppHeader } from './app-header.js';

// Each item also owns the paths under it (Bookings: / and /bookings/...).
const MAIN_NAV = [
  { to: '/', label: 'Bookings', owns: ['/bookings'] },
  { to: '/tours/', label: 'Tours', owns: ['/tours'] },
  { to: '/global/', label: 'Global', owns: ['/global'] },
];

/** Header and main navigation around every logged-in screen; the bulk pricing page hides the nav. */
export function AppLayout() {
  const { pathname } = useLocation();
  const showNav = !pathname.startsWith('/pgt');
  const nav = showNav ? (
    <nav className="main-nav" aria-label="Main">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end className={({ isActive }) => (isActive || item.owns.some((path) => pathname.startsWith(path)) ? 'active' : '')}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  ) : null;
  return (
    <div className="app">
      <UnsavedChangesGuard />
      <AppHeader nav={nav} />
      <main className="app-main">
        <ScreenSuspense>
          <Outlet />
        </ScreenSuspense>
      </main>
    </div>
  );
}
