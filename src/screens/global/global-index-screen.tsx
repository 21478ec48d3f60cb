import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/** The index of global data (SPEC.md section 2, Others): every list staff maintain outside tours. */
export const GLOBAL_LINKS: { group: string; links: { to: string; label: string }[] }[] = [
  {
    group: 'Places',
    links: [
      { to: '/destinations', label: 'Destinations' },
      { to: '/regions', label: 'Regions' },
      { to: '/hotels', label: 'Hotels' },
      { to: '/restaurants', label: 'Restaurants' },
      { to: '/operators', label: 'Operators' },
    ],
  },
  {
    group: 'Tour building blocks',
    links: [
      { to: '/bikes', label: 'Bikes' },
      { to: '/boats', label: 'Boats' },
      { to: '/decks', label: 'Decks' },
      { to: '/room-types', label: 'Room types' },
      { to: '/accommodation-categories', label: 'Accommodation categories' },
      { to: '/categories', label: 'Categories (themes)' },
    ],
  },
  {
    group: 'Pricing',
    links: [
      { to: '/seasons', label: 'Seasons' },
      { to: '/currencies', label: 'Currencies' },
      { to: '/models', label: 'Markup models' },
      { to: '/pgt', label: 'Bulk pricing' },
      { to: '/rollover', label: 'Roll over a season' },
    ],
  },
  {
    group: 'Sales',
    links: [
      { to: '/payments', label: 'Payments' },
      { to: '/enquiries', label: 'Enquiries' },
      { to: '/offers', label: 'Offers' },
    ],
  },
  {
    group: 'Website',
    links: [
      { to: '/blogs', label: 'Blog posts' },
      { to: '/pages', label: 'Pages' },
      { to: '/homepage-collections', label: 'Homepage collections' },
      { to: '/navigations', label: 'Navigations' },
      { to: '/redirects', label: 'Redirects' },
      { to: '/options', label: 'Site options' },
      { to: '/contacts', label: 'Contacts' },
      { to: '/media', label: 'Media library' },
    ],
  },
  {
    group: 'People',
    links: [{ to: '/staff', label: 'Staff' }],
  },
];

export function GlobalIndexScreen() {
  useEffect(() => {
    document.title = 'Global data · Back-office';
  }, []);
  return (
    <section className="page">
      <h1>Global data</h1>
      <div className="link-groups">
        {GLOBAL_LINKS.map((group) => (
          <div key={group.group} className="link-group">
            <h2>{group.group}</h2>
            <ul>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
