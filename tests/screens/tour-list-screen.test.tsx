import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderScreen } from '../helpers/render-reference-screen.js';
import { tourListItem, tourScreenRoutes } from '../helpers/tour-screen-fixtures.js';

const tours = [
  tourListItem({
    id: 1,
    name: 'Moselle Vineyards',
    tour_code: 'B-MOS',
    status: 'live',
    seasons: [{ id: 10, season_id: 3, name: '2026', markup_model_id: 7, live: true }],
  }),
  tourListItem({ id: 2, name: 'alpine Lakes', tour_code: 'C-ALP', status: 'draft' }),
  tourListItem({ id: 3, name: 'Danube Cycle Path', tour_code: 'A-DAN', status: 'live', version: 6 }),
];

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('the tours list', () => {
  it('shows name, seasons with their model numbers, tour code, status and actions', async () => {
    fakeApi({ 'GET tours/all': { body: tours } });
    renderScreen(tourScreenRoutes, '/tours');
    const row = (await screen.findByRole('link', { name: 'Moselle Vineyards' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Moselle Vineyards', '2026 (7)', 'B-MOS', 'Live', 'EditViewDelete']);
    expect(screen.getByText('3 tours')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit Moselle Vineyards' }).getAttribute('href')).toBe('/tours/1');
  });

  it('filters on the name as staff type', async () => {
    fakeApi({ 'GET tours/all': { body: tours } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await user.type(await screen.findByLabelText('Filter'), 'LAKE');
    expect(names()).toEqual(['alpine Lakes']);
    expect(screen.getByText('1 of 3 tours')).toBeTruthy();
  });

  it('sorts by name, tour code or status, a second click on a header reversing the order', async () => {
    fakeApi({ 'GET tours/all': { body: tours } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await screen.findByText('3 tours');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(names()).toEqual(['alpine Lakes', 'Danube Cycle Path', 'Moselle Vineyards']);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(names()).toEqual(['Moselle Vineyards', 'Danube Cycle Path', 'alpine Lakes']);
    await user.click(screen.getByRole('button', { name: 'Tour code' }));
    expect(names()).toEqual(['Danube Cycle Path', 'Moselle Vineyards', 'alpine Lakes']);
    await user.click(screen.getByRole('button', { name: 'Status' }));
    expect(names()[0]).toBe('alpine Lakes');
  });

  it('stays quick with a thousand tours: one page of rows at a time, filtering all of them', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => tourListItem({ id: index + 1, name: `Tour ${String(index + 1).padStart(4, '0')}` }));
    fakeApi({ 'GET tours/all': { body: many } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    expect(await screen.findByText('1,000 tours')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(101);
    await user.type(screen.getByLabelText('Filter'), '0999');
    expect(names()).toEqual(['Tour 0999']);
  });

  it('deletes a tour as an update after the confirmation, and it leaves the list', async () => {
    let stored = tours;
    const api = fakeApi({
      'GET tours/all': () => ({ body: stored }),
      'PUT tours/3': (body) => {
        stored = tours.filter((tour) => tour.id !== 3);
        return { body: { ...(body as object), id: 3 } };
      },
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await user.click(await screen.findByRole('button', { name: 'Delete Danube Cycle Path' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The tour "Danube Cycle Path" will be deleted. You will not be able to revert this!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(api.writes()).toEqual([{ method: 'PUT', path: 'tours/3', body: { version: 6, deleted: true, status: 'draft' } }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Danube Cycle Path' })).toBeNull());
  });

  it('keeps the tour when the delete is cancelled', async () => {
    const api = fakeApi({ 'GET tours/all': { body: tours } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await user.click(await screen.findByRole('button', { name: 'Delete Danube Cycle Path' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(api.writes()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Danube Cycle Path' })).toBeTruthy();
  });

  it('saves a new order once, 200 ms after the last move', async () => {
    const api = fakeApi({ 'GET tours/all': { body: tours }, 'PUT tours/re/orders': (body) => ({ body }) });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await user.click(await screen.findByRole('button', { name: 'Change order' }));
    // Both moves at once: clicked a user-event apart, a busy machine can let the 200 ms pass between them.
    fireEvent.click(screen.getByRole('button', { name: 'Move Moselle Vineyards down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Moselle Vineyards down' }));
    expect(api.writes()).toEqual([]);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: 'tours/re/orders',
        body: {
          orders: [
            { id: 2, order: 0 },
            { id: 3, order: 1 },
            { id: 1, order: 2 },
          ],
        },
      },
    ]);
  });

  it('moves a tour straight to a typed position', async () => {
    const api = fakeApi({ 'GET tours/all': { body: tours }, 'PUT tours/re/orders': (body) => ({ body }) });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours');
    await user.click(await screen.findByRole('button', { name: 'Change order' }));
    const position = screen.getByLabelText('Position of Danube Cycle Path');
    await user.clear(position);
    await user.type(position, '1{Enter}');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes()[0].body).toEqual({
      orders: [
        { id: 3, order: 0 },
        { id: 1, order: 1 },
        { id: 2, order: 2 },
      ],
    });
  });

  it('says so when there are no tours, with the button that adds one', async () => {
    fakeApi({ 'GET tours/all': { body: [] } });
    renderScreen(tourScreenRoutes, '/tours');
    expect(await screen.findByText('There are no tours yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New tour' }).getAttribute('href')).toBe('/tours/create');
  });
});
