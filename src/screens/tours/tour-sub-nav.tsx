import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation, useSearchParams } from 'react-router-dom';
import type { Tour } from '../../domain/tours/tour-schema.js';
import { SEASON_PARAM, TOUR_TABS } from './tour-tabs.js';

/** Room kept for the More button when some tabs do not fit. */
const MORE_WIDTH = 96;

/**
 * The tour's tabs on one line: the tabs that fit, in order, and the rest in a More menu (at
 * 1024 px not all fourteen fit). A hidden copy of the tabs measures each one's width.
 */
export function TourSubNav({ tour, tourRef }: { tour: Tour; tourRef: string }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const season = params.get(SEASON_PARAM);
  const base = `/tours/${encodeURIComponent(tourRef)}`;
  const nav = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(TOUR_TABS.length);
  const [open, setOpen] = useState(false);

  useLayoutEffect(() => {
    const element = nav.current;
    const copies = measure.current;
    if (!element || !copies) return;
    const fit = () => {
      // Without layout (a test's DOM) nothing can be measured: every tab is shown.
      if (element.clientWidth === 0) return setShown(TOUR_TABS.length);
      const widths = [...copies.children].map((child) => (child as HTMLElement).getBoundingClientRect().width + 2);
      const view = element.querySelector('.tour-view-link')?.getBoundingClientRect().width ?? 0;
      const room = element.clientWidth - view - 8;
      const total = widths.reduce((sum, width) => sum + width, 0);
      if (total <= room) return setShown(widths.length);
      let used = MORE_WIDTH;
      let count = 0;
      while (count < widths.length && used + widths[count] <= room) used += widths[count++];
      setShown(count);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const link = (tab: (typeof TOUR_TABS)[number], inMenu: boolean) => (
    <NavLink
      key={tab.path}
      end
      role={inMenu ? 'menuitem' : undefined}
      to={{ pathname: tab.path ? `${base}/${tab.path}` : base, search: tab.seasonal && season ? `?${SEASON_PARAM}=${encodeURIComponent(season)}` : '' }}
      className={({ isActive }) => (isActive ? 'active' : undefined)}
      onClick={() => setOpen(false)}
    >
      {tab.label}
    </NavLink>
  );
  const hidden = TOUR_TABS.slice(shown);
  const activeHidden = hidden.find((tab) => pathname === (tab.path ? `${base}/${tab.path}` : base));

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      event.currentTarget.querySelector<HTMLButtonElement>('button')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
    }
  };

  return (
    <nav ref={nav} className="tour-tabs" aria-label="Tour">
      <div ref={measure} className="tour-tabs-measure" aria-hidden="true">
        {TOUR_TABS.map((tab) => (
          <a key={tab.path}>{tab.label}</a>
        ))}
      </div>
      {TOUR_TABS.slice(0, shown).map((tab) => link(tab, false))}
      {hidden.length > 0 && (
        <div
          className="tour-tabs-more"
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          <button type="button" className={activeHidden ? 'active' : undefined} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
            {activeHidden ? activeHidden.label : 'More'} ▾
          </button>
          {open && (
            <div className="tour-tabs-menu" role="menu" aria-label="More tour tabs">
              {hidden.map((tab) => link(tab, true))}
            </div>
          )}
        </div>
      )}
      {tour.public_url ? (
        <a className="tour-view-link" href={tour.public_url} target="_blank" rel="noopener noreferrer">
          View
        </a>
      ) : (
        <span className="tour-view-link muted" title="The public site address (SITE_HOST) is not set on the server">
          View
        </span>
      )}
    </nav>
  );
}
