import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { GlobalIndexScreen } from '../../src/screens/global/global-index-screen.js';

describe('the global data index', () => {
  it('links every reference list, each to its own route', () => {
    render(
      <MemoryRouter>
        <GlobalIndexScreen />
      </MemoryRouter>,
    );
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    for (const path of [
      'destinations',
      'regions',
      'bikes',
      'boats',
      'decks',
      'currencies',
      'hotels',
      'operators',
      'restaurants',
      'room-types',
      'accommodation-categories',
      'seasons',
      'categories',
      'models',
    ]) {
      expect(hrefs).toContain(`/${path}`);
    }
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(within(screen.getByRole('heading', { name: 'Pricing' }).parentElement!).getByRole('link', { name: 'Currencies' })).toBeTruthy();
    expect(document.title).toBe('Global data · Back-office');
  });
});
