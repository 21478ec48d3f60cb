import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderReferenceScreen } from '../helpers/render-reference-screen.js';

const bikes = [
  { id: 1, version: 1, name: 'Hybrid bike', default_order: 2 },
  { id: 2, version: 1, name: 'Electric bike', default_order: 1 },
  { id: 3, version: 1, name: 'Tandem', default_order: 3 },
];
const rowNames = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('the generic reference list', () => {
  it('shows a Name column, a New button and the row count, sorted by the default order', async () => {
    fakeApi({ 'GET bikes': { body: bikes } });
    renderReferenceScreen('/bikes');
    expect(await screen.findByRole('link', { name: 'Hybrid bike' })).toHaveProperty('href', expect.stringMatching(/\/bikes\/1$/));
    expect(screen.getByRole('heading', { name: 'Bikes' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New' }).getAttribute('href')).toBe('/bikes/create');
    expect(screen.getByText('3 bikes')).toBeTruthy();
    expect(rowNames()).toEqual(['Electric bike', 'Hybrid bike', 'Tandem']);
  });

  it('filters by name and sorts by a clicked header', async () => {
    fakeApi({ 'GET bikes': { body: bikes } });
    const user = userEvent.setup();
    renderReferenceScreen('/bikes');
    await screen.findByText('Tandem');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()).toEqual(['Electric bike', 'Hybrid bike', 'Tandem']);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(rowNames()).toEqual(['Tandem', 'Hybrid bike', 'Electric bike']);
    await user.type(screen.getByLabelText('Filter by name'), 'bike');
    expect(rowNames()).toEqual(['Hybrid bike', 'Electric bike']);
    expect(screen.getByText('2 of 3 bikes')).toBeTruthy();
  });

  it('says what is missing when the list is empty, with the button that adds one', async () => {
    fakeApi({ 'GET decks': { body: [] } });
    renderReferenceScreen('/decks');
    expect(await screen.findByText('There are no decks yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New deck' }).getAttribute('href')).toBe('/decks/create');
  });

  it('deletes a row only after the confirmation, then shows Deleted', async () => {
    let decks = [{ id: 7, version: 1, name: 'Upper deck' }];
    const api = fakeApi({
      'GET decks': () => ({ body: decks }),
      'DELETE decks/7': () => {
        decks = [];
        return { body: { id: 7 } };
      },
    });
    const user = userEvent.setup();
    renderReferenceScreen('/decks');
    await user.click(await screen.findByRole('button', { name: 'Delete Upper deck' }));
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Are you sure?')).toBeTruthy();
    expect(within(dialog).getByText('The deck "Upper deck" will be deleted. You will not be able to revert this!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Upper deck' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(api.writes()).toEqual([{ method: 'DELETE', path: 'decks/7', body: undefined }]);
    expect(await screen.findByText('There are no decks yet.')).toBeTruthy();
  });

  it('shows the server message when a row is still in use, and keeps the row', async () => {
    fakeApi({
      'GET boats': { body: [{ id: 3, version: 1, name: 'Orca', priority: 3, description: '<p>x</p>', gallery_id: null }] },
      'DELETE boats/3': { status: 409, body: { errors: [{ msg: 'It is still used by tour bikes, so it was not deleted.' }] } },
    });
    const user = userEvent.setup();
    renderReferenceScreen('/boats');
    expect(await screen.findByText('High')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Orca' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }));
    expect(await screen.findByText('It is still used by tour bikes, so it was not deleted.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Orca' })).toBeTruthy();
  });

  it('offers no Delete on hotels, and filters and pages a growing list on the server', async () => {
    const page = (q: string, pageNumber: number) => ({
      body: {
        results: Array.from({ length: q ? 2 : 50 }, (_, index) => ({
          id: pageNumber * 100 + index,
          version: 1,
          name: `${q || 'Hotel'} ${pageNumber}-${index}`,
          content: '',
        })),
        total: q ? 2 : 120,
        page: pageNumber,
        per_page: 50,
      },
    });
    const api = fakeApi({
      'GET hotels?q=&page=1&per_page=50&sort=name&dir=asc': page('', 1),
      'GET hotels?q=&page=2&per_page=50&sort=name&dir=asc': page('', 2),
      'GET hotels?q=lake&page=1&per_page=50&sort=name&dir=asc': page('lake', 1),
    });
    const user = userEvent.setup();
    renderReferenceScreen('/hotels');
    expect(await screen.findByText('1-50 of 120 hotels')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51-100 of 120 hotels')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    await user.type(screen.getByLabelText('Filter by name'), 'lake');
    expect(await screen.findByText('2 hotels', {}, { timeout: 4000 })).toBeTruthy();
    expect(api.calls.map((call) => call.path)).toContain('hotels?q=lake&page=1&per_page=50&sort=name&dir=asc');
    // The filter waits for typing to pause: no call per keystroke.
    expect(api.calls.filter((call) => call.path.startsWith('hotels?q=l&'))).toEqual([]);
  });

  it('names the category in the delete toast', async () => {
    fakeApi({
      'GET categories?q=&page=1&per_page=50&sort=name&dir=asc': {
        body: { results: [{ id: 12, version: 1, name: 'Wine', slug: 'wine', filter_id: 'theme' }], total: 1, page: 1, per_page: 50 },
      },
      'DELETE categories/12': { body: { id: 12 } },
    });
    const user = userEvent.setup();
    renderReferenceScreen('/categories');
    expect(await screen.findByText('Theme')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Wine' }));
    await user.click(within(screen.getByRole('dialog', { hidden: true })).getByRole('button', { name: 'Delete', hidden: true }));
    await waitFor(() => expect(screen.getByText('Deleted category 12')).toBeTruthy());
  });
});
