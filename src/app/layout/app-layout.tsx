import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { AppHeader } from './app-header.js';

const MAIN_NAV = [
  { to: '/', label: 'Bookings', end: true },
  { to: '/tours/', label: 'Tours', end: false },
  { to: '/global/', label: 'Global', end: false },
];

/** Header and main navigation around every logged-in screen; the bulk pricing page hides the nav. */
export function AppLayout() {
  const { pathname } = useLocation();
  const showNav = !pathname.startsWith('/pgt');
  const nav = showNav ? (
    <nav className="main-nav" aria-label="Main">
      {MAIN_NAV.map((item) => (
        <NavLink key={item.to} to={item.to} end={item.end} className={({ isActive }) => (isActive || (item.end && pathname.startsWith('/bookings')) ? 'active' : '')}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  ) : null;
  return (
    <div className="app">
      <AppHeader nav={nav} />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
