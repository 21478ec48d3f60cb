import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBeside, fakeApi, renderScreen } from '../helpers/render-reference-screen.js';
import { emptyLinkLists, tourFixture, tourScreenRoutes } from '../helpers/tour-screen-fixtures.js';

describe('editing a tour on its overview', () => {
  it('refuses to save without an SEO description: the toast, the field marked, and nothing sent', async () => {
    const api = fakeApi({ ...emptyLinkLists, 'GET tours/12': { body: tourFixture({ seo_description: '' }) }, 'GET tours/all': { body: [] } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12');
    await user.type(await screen.findByLabelText('Tour code'), '-2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Supply an SEO description', { selector: '[role="status"] *, [role="status"]' })).toBeTruthy();
    expect(errorBeside('SEO description (max 150 characters)')).toBe('Supply an SEO description');
    expect(api.writes()).toEqual([]);
  });

  it('refuses an SEO description of spaces alone the same way', async () => {
    const api = fakeApi({ ...emptyLinkLists, 'GET tours/12': { body: tourFixture() }, 'GET tours/all': { body: [] } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/12');
    const seo = await screen.findByLabelText('SEO description (max 150 characters)');
    await user.clear(seo);
    await user.type(seo, '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('SEO description (max 150 characters)')).toBe('Supply an SEO description');
    expect(api.writes()).toEqual([]);
  });

  it('saves every field with the version it read, says Saved and returns to the list', async () => {
    const api = fakeApi({
      ...emptyLinkLists,
      'GET tours/12': { body: tourFixture() },
      'GET tours/all': { body: [] },
      'PUT tours/12': (body) => ({ body: { ...tourFixture(), ...(body as object), version: 5 } }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(tourScreenRoutes, '/tours/12');
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Danube by Bike');
    await user.selectOptions(screen.getByLabelText('Status'), 'Draft');
    await user.click(within(screen.getByRole('group', { name: 'Nights' })).getByLabelText('9'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    const [write] = api.writes();
    expect(write).toMatchObject({ method: 'PUT', path: 'tours/12' });
    expect(write.body).toMatchObject({
      version: 4,
      name: 'Danube by Bike',
      slug: 'danube-cycle-path',
      status: 'draft',
      nights: [7, 9],
      seo_description: 'Cycle from Passau to Vienna',
      guidance: 0,
      operator_id: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tours'));
  });

  it('shows the tour’s seasons with their live flags above the form', async () => {
    fakeApi({ ...emptyLinkLists, 'GET tours/12': { body: tourFixture() }, 'GET tours/all': { body: [] } });
    renderScreen(tourScreenRoutes, '/tours/12');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const season = within(summary).getByRole('link', { name: '2026' }).closest('tr')!;
    expect(
      within(season)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026', 'Live', 'Standard 2026 (7)', 'Euro at 1.085', '£150.00']);
  });
});

describe('creating a tour', () => {
  it('makes the slug from the name, starts as draft and says Created', async () => {
    const api = fakeApi({
      ...emptyLinkLists,
      'GET tours/all': { body: [] },
      'POST tours': (body) => ({ status: 201, body: { ...tourFixture(), ...(body as object) } }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(tourScreenRoutes, '/tours/create');
    const name = await screen.findByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await user.type(name, 'Loire Châteaux & Vineyards');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'loire-chateaux-and-vineyards');
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'draft');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Created')).toBeTruthy();
    expect(api.writes()[0].body).toMatchObject({
      name: 'Loire Châteaux & Vineyards',
      slug: 'loire-chateaux-and-vineyards',
      status: 'draft',
      seo_description: '',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/tours'));
  });

  it('needs a name, and says so beside the field without calling the server', async () => {
    const api = fakeApi({ ...emptyLinkLists, 'GET tours/all': { body: [] } });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/create');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(errorBeside('Name')).toBe('Name is required');
    expect(api.writes()).toEqual([]);
  });

  it('shows the server’s message beside the field it names and keeps the form as typed', async () => {
    fakeApi({
      ...emptyLinkLists,
      'GET tours/all': { body: [] },
      'POST tours': { status: 409, body: { errors: [{ msg: 'slug "loire" is already used in tours.', path: 'slug' }] } },
    });
    const user = userEvent.setup();
    renderScreen(tourScreenRoutes, '/tours/create');
    await user.type(await screen.findByLabelText('Name'), 'Loire');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorBeside('Slug')).toBe('slug "loire" is already used in tours.'));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Loire');
  });
});
