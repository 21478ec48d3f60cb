import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { newContacts } from '../../src/domain/content/contacts.js';
import { contentRoutes } from '../../src/screens/content/content-routes.js';
import { mediaAnswers, mediaRow, pickImage } from '../helpers/pick-image.js';
import { preloadRoutes } from '../helpers/preload-routes.js';
import { errorBeside, fakeApi, pickFromList, renderScreen } from '../helpers/render-reference-screen.js';

// The machine running the suite is shared: give chained loads (a record, then its pickers) time.
vi.setConfig({ testTimeout: 90_000 });

const renderContent = (path: string) => renderScreen(contentRoutes, path);
// The screens load lazily in the app; here their code is loaded once, before any test renders.
beforeAll(() => preloadRoutes(contentRoutes));
/** Answers with what was sent, as the stored record (`extra`: what the server adds, such as the new version). */
const echo = (extra: object) => (body: unknown) => ({ body: { ...(body as object), ...extra } });

const storedPost = {
  id: 7,
  version: 4,
  title: 'Cycling the Danube',
  slug: 'cycling-the-danube',
  content: '<p>Along the river</p>',
  overview: '',
  related_tours: [3],
  related: [{ id: 3, name: 'Danube Ride', slug: 'danube-ride' }],
  show_on_homepage: false,
  banner_id: 12,
  overview_image_id: null,
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T10:00:00.000Z',
  // Display-only fields a legacy answer may carry; the form never sends them back.
  meta: { views: 3 },
  image: { url: '/x.jpg' },
  banner: { url: '/b.jpg' },
  blocks: [],
};

describe('redirect form', () => {
  it('refuses a new URL that does not start and end with "/" before any call, then creates a 301 that is shown', async () => {
    const api = fakeApi({ 'POST redirects': echo({ id: 5, version: 1 }), 'GET redirects': { body: [] } });
    const user = userEvent.setup();
    const { router } = renderContent('/redirect-create');
    const oldUrl = await screen.findByLabelText('Old URL');
    expect(document.activeElement).toBe(oldUrl);
    await user.clear(oldUrl);
    await user.type(oldUrl, 'old-page');
    await user.clear(screen.getByLabelText('New URL'));
    await user.type(screen.getByLabelText('New URL'), '/new-page');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Old URL')).toBe('Old URL must start with a "/" character');
    expect(errorBeside('New URL')).toBe('New URL must start and end with a "/" character, or be a full http(s) address');
    expect(api.writes()).toEqual([]);

    await user.clear(oldUrl);
    await user.type(oldUrl, '/old-page');
    await user.type(screen.getByLabelText('New URL'), '/');
    expect(errorBeside('New URL')).toBeNull();
    expect(screen.getByLabelText('Code')).toHaveProperty('value', '301');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    await waitFor(() => expect(router.state.location.pathname).toBe('/redirects'));
    expect(api.writes()).toEqual([{ method: 'POST', path: 'redirects', body: { old_url: '/old-page', new_url: '/new-page/', code: 301, show: true } }]);
  });

  it('shows a duplicate old URL refusal beside the field and keeps the form as typed', async () => {
    fakeApi({ 'POST redirects': { status: 409, body: { errors: [{ msg: 'A redirect from "/a" already exists', path: 'old_url' }] } } });
    const user = userEvent.setup();
    renderContent('/redirect-create');
    await user.type(await screen.findByLabelText('Old URL'), 'a');
    await user.type(screen.getByLabelText('New URL'), 'b/');
    await user.selectOptions(screen.getByLabelText('Code'), '410 Gone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorBeside('Old URL')).toBe('A redirect from "/a" already exists'));
    expect(screen.getByLabelText('New URL')).toHaveProperty('value', '/b/');
  });

  it('edits a redirect with the version it read', async () => {
    const api = fakeApi({
      'GET redirects/5': { body: { id: 5, version: 2, old_url: '/a', new_url: '/b/', code: 302, show: true } },
      'PUT redirects/5': echo({ id: 5, version: 3 }),
      'GET redirects': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/redirect/5');
    expect(await screen.findByRole('heading', { name: 'Redirect /a' })).toBeTruthy();
    await user.click(screen.getByLabelText('Show'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()).toEqual([{ method: 'PUT', path: 'redirects/5', body: { old_url: '/a', new_url: '/b/', code: 302, show: false, version: 2 } }]);
  });

  it('merges a save someone else made first and saves at their version (issue 29)', async () => {
    let stored = { id: 5, version: 2, old_url: '/a', new_url: '/b/', code: 302, show: true };
    const api = fakeApi({
      'GET redirects/5': () => ({ body: stored }),
      'GET last-change/redirects/5': { body: { changed_by: null, changed_at: null } },
      'PUT redirects/5': (body) =>
        (body as { version: number }).version === stored.version
          ? echo({ id: 5, version: stored.version + 1 })(body)
          : { status: 409, body: { errors: [{ msg: 'This redirect was changed by someone else since you opened it.', path: 'version' }] } },
      'GET redirects': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/redirect/5');
    expect(await screen.findByRole('heading', { name: 'Redirect /a' })).toBeTruthy();
    await user.click(screen.getByLabelText('Show'));
    stored = { ...stored, version: 3, new_url: '/c/' };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes().map((call) => call.body)).toEqual([
      { old_url: '/a', new_url: '/b/', code: 302, show: false, version: 2 },
      { old_url: '/a', new_url: '/c/', code: 302, show: false, version: 3 },
    ]);
  });
});

describe('redirect list', () => {
  it('lists redirects with their codes beside a legend of every HTTP code', async () => {
    fakeApi({ 'GET redirects': { body: [{ id: 5, version: 1, old_url: '/a', new_url: '/b/', code: 410, show: false }] } });
    renderContent('/redirects');
    const row = (await screen.findByRole('link', { name: '/a' })).closest('tr')!;
    expect(within(row).getByText('410 Gone')).toBeTruthy();
    const legend = screen.getByRole('complementary', { name: 'HTTP codes' });
    expect(
      within(legend)
        .getAllByRole('term')
        .map((term) => term.textContent?.split(' ')[0]),
    ).toEqual(['301', '302', '303', '304', '305', '307', '308', '404', '410']);
  });
});

describe('blog post form', () => {
  it('starts a new post shown on the homepage and sends related tours as ids', async () => {
    const api = fakeApi({
      'GET tours/all': { body: [{ id: 3, name: 'Danube Ride' }] },
      ...mediaAnswers(mediaRow(12, 'River at dawn'), mediaRow(13, 'Vineyard')),
      'POST blog-posts': echo({ id: 8, version: 1 }),
      'GET blog-posts': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/blogs/create');
    await user.type(await screen.findByLabelText('Title'), 'Spring on the Rhine');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'spring-on-the-rhine');
    expect(screen.getByLabelText('Show on homepage')).toHaveProperty('checked', true);
    await pickFromList(user, 'Related tours', 'Danube Ride');
    await pickImage(user, 'Banner image', 'River at dawn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()[0]).toEqual({
      method: 'POST',
      path: 'blog-posts',
      body: expect.objectContaining({
        title: 'Spring on the Rhine',
        slug: 'spring-on-the-rhine',
        show_on_homepage: true,
        related_tours: [3],
        banner_id: 12,
        overview_image_id: null,
      }),
    });
  });

  it('sends an edit without the display fields SPEC.md removes, with the version it read', async () => {
    const api = fakeApi({
      'GET blog-posts/cycling-the-danube': { body: storedPost },
      'GET tours/all': { body: [{ id: 3, name: 'Danube Ride' }] },
      ...mediaAnswers(mediaRow(12, 'River at dawn')),
      'PUT blog-posts/7': echo({}),
      'GET blog-posts': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/blogs/cycling-the-danube');
    expect(await screen.findByRole('heading', { name: 'Blog post: Cycling the Danube' })).toBeTruthy();
    await user.type(screen.getByLabelText('SEO title (max 80 characters)'), 'Danube');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    const body = api.writes()[0].body as Record<string, unknown>;
    expect(api.writes()[0].path).toBe('blog-posts/7');
    expect(Object.keys(body).sort()).toEqual(
      [
        'banner_id',
        'content',
        'overview',
        'overview_image_id',
        'related_tours',
        'seo_description',
        'seo_keywords',
        'seo_title',
        'show_on_homepage',
        'slug',
        'title',
        'version',
      ].sort(),
    );
    expect(body).toEqual(expect.objectContaining({ related_tours: [3], show_on_homepage: false, seo_title: 'Danube', version: 4 }));
  });

  it('opens at the section the address names', async () => {
    fakeApi({ 'GET blog-posts/cycling-the-danube': { body: storedPost }, 'GET tours/all': { body: [] }, ...mediaAnswers(mediaRow(12, 'River at dawn')) });
    renderContent('/blogs/cycling-the-danube/seo');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('SEO title (max 80 characters)')));
  });

  it('says so when the post does not exist', async () => {
    fakeApi({});
    renderContent('/blogs/nothing-here');
    expect(await screen.findByText('There is no such blog post.')).toBeTruthy();
  });
});

describe('offer form', () => {
  it('requires name, title, subtitle and slug before sending, and creates a draft tour offer without a discount', async () => {
    const api = fakeApi({
      'GET tours/all': { body: [{ id: 3, name: 'Danube Ride' }] },
      'GET bikes': {
        body: [
          { id: 1, version: 1, name: 'Hybrid' },
          { id: 2, version: 1, name: 'E-bike' },
        ],
      },
      'POST offers/': echo({ id: 4, version: 1 }),
      'GET offers': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/offers/create');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(errorBeside('Name')).toBe('Name is required');
    expect(errorBeside('Title')).toBe('Title is required');
    expect(errorBeside('Subtitle')).toBe('Subtitle is required');
    expect(errorBeside('Slug')).toBe('Slug is required');
    expect(api.writes()).toEqual([]);
    expect(screen.getByLabelText('Status')).toHaveProperty('value', 'draft');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Tour Discount');

    await user.type(screen.getByLabelText('Name'), 'Spring sale');
    await user.type(screen.getByLabelText('Title'), 'Spring savings');
    await user.type(screen.getByLabelText('Subtitle'), 'Ten percent off');
    await pickFromList(user, 'Tours', 'Danube Ride');
    await user.click(await screen.findByRole('checkbox', { name: 'E-bike' }));
    await user.type(screen.getByLabelText('Booking window From'), '2026-01-01');
    await user.type(screen.getByLabelText('Booking window To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()[0].body).toEqual(
      expect.objectContaining({
        name: 'Spring sale',
        slug: 'spring-savings',
        status: 'draft',
        type: 'tour',
        discount: null,
        tour_ids: [{ tour_id: 3 }],
        bike_ids: [2],
        booking_window_start: '2026-01-01',
        booking_window_end: '2026-03-31',
        start_window_start: null,
      }),
    );
  });

  it('refuses a booking window that ends before it starts', async () => {
    const api = fakeApi({ 'GET tours/all': { body: [] }, 'GET bikes': { body: [] } });
    const user = userEvent.setup();
    renderContent('/offers/create');
    await user.type(await screen.findByLabelText('Name'), 'N');
    await user.type(screen.getByLabelText('Title'), 'T');
    await user.type(screen.getByLabelText('Subtitle'), 'S');
    await user.type(screen.getByLabelText('Booking window From'), '2026-03-01');
    await user.type(screen.getByLabelText('Booking window To'), '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Booking window To')).toBe('Booking window must not end before it starts');
    expect(api.writes()).toEqual([]);
  });
});

describe('contacts', () => {
  it('merges a save someone else made first and saves at their version (issue 29)', async () => {
    let stored = { id: 1, version: 1, ...newContacts(), email: 'hello@example.com' };
    const api = fakeApi({
      'GET contacts': () => ({ body: [stored] }),
      'GET last-change/contacts/1': { body: { changed_by: null, changed_at: null } },
      'PUT contacts/1': (body) =>
        (body as { version: number }).version === stored.version
          ? echo({ id: 1, version: stored.version + 1 })(body)
          : { status: 409, body: { errors: [{ msg: 'The contacts were changed by someone else since you opened them.', path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderContent('/contacts');
    await user.type(await screen.findByLabelText('Monday'), '9-5');
    stored = { ...stored, version: 2, tel_gb: '+44 1' };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1].body).toMatchObject({ version: 2, tel_gb: '+44 1', opening_hours_at_monday: '9-5', email: 'hello@example.com' });
  });

  it('creates the first entry when there is none, then updates it with its version', async () => {
    const api = fakeApi({
      'GET contacts': { body: [] },
      'POST contacts': echo({ id: 1, version: 1 }),
      'PUT contacts/1': echo({ id: 1, version: 2 }),
    });
    const user = userEvent.setup();
    renderContent('/contacts');
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('E-mail')).toBe('Enter a valid e-mail address');
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'hello@example.com');
    await user.type(screen.getByLabelText('Monday'), '9-5');
    await user.type(screen.getByLabelText('Australian telephone'), '+61 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toEqual({
      method: 'POST',
      path: 'contacts',
      body: expect.objectContaining({ email: 'hello@example.com', opening_hours_at_monday: '9-5', tel_au: '+61 2', opening_hours_at_sunday: '' }),
    });
    await user.type(screen.getByLabelText('Sunday'), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toEqual({ method: 'PUT', path: 'contacts/1', body: expect.objectContaining({ opening_hours_at_sunday: 'Closed', version: 1 }) });
  });
});
