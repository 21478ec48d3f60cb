import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { useTourSeason } from '../../src/screens/tour-season/use-season-param.js';
import { TourLayout } from '../../src/screens/tours/tour-layout.js';
import { fakeApi, renderScreen } from '../helpers/render-reference-screen.js';
import { tourFixture, tourSeason } from '../helpers/tour-screen-fixtures.js';

/** Stands in for a seasonal tab: says which season the tab would show. */
function ShownSeason() {
  const { seasonId } = useTourSeason();
  return <p>{seasonId === null ? 'No season' : `Showing season ${seasonId}`}</p>;
}

const routes: RouteObject[] = [
  {
    path: '/tours/:id',
    element: <TourLayout />,
    children: ['pricing', 'bikes', 'party-extras', 'room-extras', 'data-export'].map((path) => ({ path, element: <ShownSeason /> })),
  },
];

const season2026 = (live: boolean) => tourSeason({ id: 31, season_id: 3, name: '2026', live });
const season2027 = (live: boolean) => tourSeason({ id: 32, season_id: 4, name: '2027', live });
const season2028 = (live: boolean) => tourSeason({ id: 33, season_id: 5, name: '2028', live });

function open(path: string, seasons: ReturnType<typeof tourSeason>[]) {
  fakeApi({ 'GET tours/12': { body: tourFixture({ seasons }) } });
  return renderScreen(routes, path);
}

describe('the season a seasonal tab opens on', () => {
  it('is the season in the URL', async () => {
    const { router } = open('/tours/12/party-extras?season=4', [season2026(true), season2027(false)]);
    expect(await screen.findByText('Showing season 4')).toBeTruthy();
    expect(router.state.location.search).toBe('?season=4');
  });

  it('is the live season when the URL names none, put in the URL in place of the bare address', async () => {
    const { router } = open('/tours/12/pricing', [season2026(true), season2027(false)]);
    expect(await screen.findByText('Showing season 3')).toBeTruthy();
    expect([router.state.location.pathname, router.state.location.search, router.state.historyAction]).toEqual(['/tours/12/pricing', '?season=3', 'REPLACE']);
    expect((screen.getByLabelText('Pick a season') as HTMLSelectElement).value).toBe('3');
  });

  it('is the latest live season when several are live', async () => {
    open('/tours/12/bikes', [season2026(true), season2027(true), season2028(false)]);
    expect(await screen.findByText('Showing season 4')).toBeTruthy();
  });

  it('is the latest season when none is live', async () => {
    open('/tours/12/room-extras', [season2026(false), season2027(false)]);
    expect(await screen.findByText('Showing season 4')).toBeTruthy();
  });

  it('is none, with the way to add one, only when the tour has no season', async () => {
    open('/tours/12/pricing', []);
    expect(await screen.findByText('No season')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add a season' })).toBeTruthy();
  });

  it('is none on Data Export, where no season means every season', async () => {
    open('/tours/12/data-export', [season2026(true)]);
    expect(await screen.findByText('No season')).toBeTruthy();
  });
});
