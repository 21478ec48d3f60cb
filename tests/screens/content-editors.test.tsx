import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { contentRoutes } from '../../src/screens/content/content-routes.js';
import { mediaAnswers, mediaRow, pickImage } from '../helpers/pick-image.js';
import { preloadRoutes } from '../helpers/preload-routes.js';
import { errorBeside, fakeApi, renderScreen } from '../helpers/render-reference-screen.js';

// The machine running the suite is shared: give chained loads (a record, then its pickers) time.
vi.setConfig({ testTimeout: 90_000 });

const renderContent = (path: string) => renderScreen(contentRoutes, path);
// The screens load lazily in the app; here their code is loaded once, before any test renders.
beforeAll(() => preloadRoutes(contentRoutes));
/** Answers with what was sent, as the stored record (`extra`: what the server adds, such as the new version). */
const echo = (extra: object) => (body: unknown) => ({ body: { ...(body as object), ...extra } });

const emptyColumn = { title: '', links: [] };
const navigationGroups = [
  { group: 'destinations', label: 'Destinations', version: 1, column_1: emptyColumn, column_2: emptyColumn, column_3: emptyColumn },
  {
    group: 'information',
    label: 'Information',
    version: 3,
    column_1: {
      title: 'About',
      links: [
        { title: 'Team', url: '/team/', position: 1 },
        { title: 'Story', url: '/story/', position: 0 },
      ],
    },
    column_2: emptyColumn,
    column_3: emptyColumn,
  },
];

const storedPage = {
  id: 9,
  version: 5,
  title: 'Alpine ideas',
  subtitle: '',
  slug: 'alpine-ideas',
  section: 'inspiration',
  content: '',
  ksp_content: '',
  ksp_bg_hex: '',
  ksp_button_title: '',
  ksp_button_url: '',
  overview: '',
  related_tours: [],
  related: [],
  destination_id: null,
  media_id: null,
  banner_id: null,
  overview_image_id: null,
  seo_title: '',
  seo_description: '',
  seo_keywords: '',
  meta: { inspiration: [{ name: 'Lakes', subtitle: '', slug: 'lakes', type: 'regions-slug', media_id: 4, order: 0 }] },
  blocks: [{ id: 1, content: '<p>First</p>', media_id: null, order: 0 }],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('site options', () => {
  it('sends featured reviews as a comma list and popular searches as a JSON string with POST global', async () => {
    const api = fakeApi({
      'GET global': {
        body: {
          version: 6,
          contact_content: '',
          telephone_uk_opening: '',
          telephone_uk_clarifier: '',
          telephone_uk_number: '0800 1',
          telephone_us_opening: '',
          telephone_us_clarifier: '',
          telephone_us_number: '',
          featured_reviews: [2],
          popular_searches: [{ name: 'Danube', primary: true, slug: 'danube', type: 'tour', order: 0 }],
        },
      },
      'GET reviews': {
        body: [
          { id: 2, author: 'Ann', rating: 5, date: '2025-04-01' },
          { id: 5, author: 'Bob', rating: 4, date: null },
        ],
      },
      'POST global': (body) => ({
        body: {
          ...(body as object),
          version: 7,
          featured_reviews: [2, 5],
          popular_searches: JSON.parse((body as { popular_searches: string }).popular_searches) as unknown,
        },
      }),
    });
    const user = userEvent.setup();
    renderContent('/options');
    await user.click(await screen.findByRole('checkbox', { name: /Bob/ }));
    await user.type(screen.getByLabelText('US telephone number'), '1-800');
    await user.click(screen.getByRole('button', { name: 'Add popular search' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Search 2 name')).toBe('Search name is required');
    expect(errorBeside('Search 2 slug')).toBe('Search slug is required');
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Search 2 name'), 'Loire');
    await user.type(screen.getByLabelText('Search 2 slug'), 'loire');
    await user.selectOptions(screen.getByLabelText('Search 2 type'), 'Region');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    const body = api.writes()[0].body as Record<string, unknown>;
    expect(body).toEqual(expect.objectContaining({ version: 6, featured_reviews: '2,5', telephone_us_number: '1-800', telephone_uk_number: '0800 1' }));
    expect(JSON.parse(body.popular_searches as string)).toEqual([
      { name: 'Danube', primary: true, slug: 'danube', type: 'tour', order: 0 },
      { name: 'Loire', primary: false, slug: 'loire', type: 'region', order: 1 },
    ]);
  });
});

describe('homepage collection', () => {
  const items = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ media_id: index + 1, title: `Item ${index + 1}`, url: `/i${index}/`, description: '' }));

  it('refuses a 13th item with the SPEC message', async () => {
    fakeApi({
      'GET homepage-collections': { body: { version: 2, title: 'Favourites', content: '', items: items(12) } },
      ...mediaAnswers(...items(12).map((item) => mediaRow(item.media_id, item.title))),
    });
    const user = userEvent.setup();
    renderContent('/homepage-collections');
    expect(await screen.findByText('Items (12 of 12)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add item' }));
    expect(screen.getAllByText('Max items are limited to 12').length).toBeGreaterThan(0);
    expect(screen.queryByRole('group', { name: 'Item 13 image' })).toBeNull();
  });

  it('requires an image on every item before saving, then saves with the version it read', async () => {
    const api = fakeApi({
      'GET homepage-collections': { body: { version: 2, title: 'Favourites', content: '', items: items(1) } },
      ...mediaAnswers(mediaRow(1, 'Item 1'), mediaRow(40, 'Rhine bridge')),
      'POST homepage-collections': (body) => ({ body: { ...(body as object), version: 3 } }),
    });
    const user = userEvent.setup();
    renderContent('/homepage-collections');
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    await user.type(screen.getByLabelText('Item 2 title'), 'Rhine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Item 2 image')).toBe('Item image is required');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(screen.getByRole('group', { name: 'Item 2 image' })).getByRole('button', { name: 'Choose image' })),
    );
    expect(api.writes()).toEqual([]);
    await pickImage(user, 'Item 2 image', 'Rhine bridge');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()[0].body).toEqual({
      version: 2,
      title: 'Favourites',
      content: '',
      items: [items(1)[0], { media_id: 40, title: 'Rhine', url: '', description: '' }],
    });
  });
});

describe('page form', () => {
  it('saves slide types with the -slug suffix and sends changed blocks with PUT pages/{id}/blocks', async () => {
    const api = fakeApi({
      'GET pages/inspiration/alpine-ideas': { body: storedPage },
      'GET tours/all': { body: [] },
      'GET destinations': { body: [] },
      ...mediaAnswers(mediaRow(4, 'Lake shore'), mediaRow(8, 'Alpine lake')),
      'PUT pages/9': echo({ version: 6 }),
      'PUT pages/9/blocks': echo({ version: 7 }),
      'GET pages': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/pages/inspiration/alpine-ideas');
    expect(await screen.findByRole('heading', { name: 'Inspiration page: Alpine ideas' })).toBeTruthy();
    expect((screen.getByLabelText('Slide 1 type') as HTMLSelectElement).selectedOptions[0].textContent).toBe('Regions');

    await user.click(screen.getByRole('button', { name: 'Add slide' }));
    await user.type(screen.getByLabelText('Slide 2 name'), 'Offers');
    await user.selectOptions(screen.getByLabelText('Slide 2 type'), 'Offers');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Slide 2 slug')).toBe('Slide slug is required');
    // Far down the form, so the refused save takes staff there.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Slide 2 slug')));
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Slide 2 slug'), 'spring-sale');
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await pickImage(user, 'Block 2 image', 'Alpine lake');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');

    const [pagePut, blocksPut] = api.writes();
    expect(pagePut.path).toBe('pages/9');
    expect(pagePut.body).toEqual(expect.objectContaining({ version: 5, section: 'inspiration' }));
    expect((pagePut.body as { blocks?: unknown }).blocks).toBeUndefined();
    expect((pagePut.body as { meta: unknown }).meta).toEqual({
      inspiration: [
        { name: 'Lakes', subtitle: '', slug: 'lakes', type: 'regions-slug', media_id: 4, order: 0 },
        { name: 'Offers', subtitle: '', slug: 'spring-sale', type: 'offers-slug', media_id: null, order: 1 },
      ],
    });
    expect(blocksPut).toEqual({
      method: 'PUT',
      path: 'pages/9/blocks',
      body: {
        version: 6,
        blocks: [
          { content: '<p>First</p>', media_id: null, order: 0 },
          { content: '', media_id: 8, order: 1 },
        ],
      },
    });
  });

  it('leaves the blocks call out when the blocks did not change', async () => {
    const api = fakeApi({
      'GET pages/inspiration/alpine-ideas': { body: storedPage },
      'GET tours/all': { body: [] },
      'GET destinations': { body: [] },
      ...mediaAnswers(mediaRow(4, 'Lake shore')),
      'PUT pages/9': echo({ version: 6 }),
      'GET pages': { body: [] },
    });
    const user = userEvent.setup();
    renderContent('/pages/inspiration/alpine-ideas');
    await user.type(await screen.findByLabelText('Subtitle'), 'Lakes and peaks');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes().map((call) => call.path)).toEqual(['pages/9']);
  });

  it('starts a new page in the section the address asks for', async () => {
    fakeApi({ 'GET tours/all': { body: [] }, 'GET destinations': { body: [] } });
    renderContent('/pages/create?section=explore');
    expect(await screen.findByLabelText('Section')).toHaveProperty('value', 'explore');
  });
});

describe('navigations', () => {
  it('shows a group’s links in position order and saves every group with its links numbered in list order', async () => {
    const api = fakeApi({ 'GET navigations': { body: navigationGroups }, 'POST navigations': { body: navigationGroups } });
    const user = userEvent.setup();
    renderContent('/navigations');
    await user.click(await screen.findByRole('tab', { name: 'Information' }));
    const links = screen.getByRole('list', { name: 'Column 1 links' });
    expect(
      within(links)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['Story', '/story/', 'Team', '/team/']);

    await user.click(screen.getAllByRole('button', { name: 'Add link' })[0]);
    await user.type(screen.getByLabelText('Column 1 link 3 title'), 'Jobs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Link URL is required')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    await user.type(screen.getByLabelText('Column 1 link 3 URL'), '/jobs/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    const sent = api.writes()[0].body as { group: string; version: number; column_1: { links: unknown[] } }[];
    expect(sent.map((group) => [group.group, group.version])).toEqual([
      ['destinations', 1],
      ['information', 3],
    ]);
    expect(sent[1].column_1.links).toEqual([
      { title: 'Story', url: '/story/', position: 0 },
      { title: 'Team', url: '/team/', position: 1 },
      { title: 'Jobs', url: '/jobs/', position: 2 },
    ]);
  });
});

describe('content lists', () => {
  it('lists pages with their section and links each to its own address', async () => {
    fakeApi({
      'GET pages': {
        body: [
          { id: 1, version: 1, title: 'About us', slug: 'about', section: null, updatedAt: '2025-01-01T00:00:00.000Z' },
          { id: 2, version: 1, title: 'Alpine ideas', slug: 'alpine-ideas', section: 'inspiration', updatedAt: '2025-01-01T00:00:00.000Z' },
        ],
      },
    });
    renderContent('/pages');
    expect((await screen.findByRole('link', { name: 'Alpine ideas' })).getAttribute('href')).toBe('/pages/inspiration/alpine-ideas');
    expect(screen.getByRole('link', { name: 'About us' }).getAttribute('href')).toBe('/pages/about');
    expect(screen.getByText('2 pages')).toBeTruthy();
  });

  it('deletes an offer after the SPEC confirmation', async () => {
    let offers = [{ id: 4, version: 1, name: 'Spring sale', title: 'Spring', slug: 'spring', status: 'live', type: '2for1bikes', discount: null }];
    const api = fakeApi({
      'GET offers': () => ({ body: offers }),
      'DELETE offers/4': () => {
        offers = [];
        return { body: { id: 4 } };
      },
    });
    const user = userEvent.setup();
    renderContent('/offers');
    await user.click(await screen.findByRole('button', { name: 'Delete Spring sale' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('The offer "Spring sale" will be deleted. You will not be able to revert this!')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Deleted');
    expect(api.writes()).toEqual([{ method: 'DELETE', path: 'offers/4', body: undefined }]);
    expect(await screen.findByText('There are no offers yet.')).toBeTruthy();
  });
});

// Issue 29: a save refused as stale merges with what is stored now and saves at its version,
// keeping the clerk's change and the other person's, instead of asking for a reload.
describe('a stale save merges instead of reloading', () => {
  const stale = { status: 409, body: { errors: [{ msg: 'This was changed by someone else since you opened it.', path: 'version' }] } };
  /** Answers a save at the stored version with `saved`, any other with 409. */
  const atVersion = (storedVersion: () => number, saved: (body: Record<string, unknown>) => unknown) => (body: unknown) =>
    (body as { version: number }).version === storedVersion() ? { body: saved(body as Record<string, unknown>) } : stale;
  const noLastChange = (kind: string, id: number) => ({ [`GET last-change/${kind}/${id}`]: { body: { changed_by: null, changed_at: null } } });
  /** Someone else saves (`theirSave`), then the clerk presses Save: refused once, merged, sent again; answers that second body. */
  async function saveAfterTheirs(api: ReturnType<typeof fakeApi>, theirSave: () => void) {
    theirSave();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    return api.writes()[1].body;
  }

  it('site options: keeps my US number and their UK number', async () => {
    const first = {
      version: 6,
      contact_content: '',
      telephone_uk_opening: '',
      telephone_uk_clarifier: '',
      telephone_uk_number: '0800 1',
      telephone_us_opening: '',
      telephone_us_clarifier: '',
      telephone_us_number: '',
      featured_reviews: [],
      popular_searches: [],
    };
    let stored = first;
    const api = fakeApi({
      'GET global': () => ({ body: stored }),
      'GET reviews': { body: [] },
      ...noLastChange('site_options', 1),
      'POST global': atVersion(
        () => stored.version,
        (body) => ({ ...stored, ...body, version: stored.version + 1, featured_reviews: [], popular_searches: [] }),
      ),
    });
    const user = userEvent.setup();
    renderContent('/options');
    await user.type(await screen.findByLabelText('US telephone number'), '1-800');
    const sent = await saveAfterTheirs(api, () => {
      stored = { ...first, version: 7, telephone_uk_number: '0800 2' };
    });
    expect(sent).toMatchObject({ version: 7, telephone_us_number: '1-800', telephone_uk_number: '0800 2' });
  });

  it('homepage collection: keeps my title and their content', async () => {
    const first = { version: 2, title: 'Favourites', content: '', items: [] };
    let stored = first;
    const api = fakeApi({
      'GET homepage-collections': () => ({ body: stored }),
      ...noLastChange('homepage_collection', 1),
      'POST homepage-collections': atVersion(
        () => stored.version,
        (body) => ({ ...body, version: stored.version + 1 }),
      ),
    });
    const user = userEvent.setup();
    renderContent('/homepage-collections');
    await user.type(await screen.findByLabelText('Title'), ' of the year');
    const sent = await saveAfterTheirs(api, () => {
      stored = { ...first, version: 3, content: '<p>Chosen by the team</p>' };
    });
    expect(sent).toMatchObject({ version: 3, title: 'Favourites of the year', content: '<p>Chosen by the team</p>' });
  });

  it('page: keeps my subtitle and their SEO title, reading the page by its id', async () => {
    let stored = storedPage;
    const api = fakeApi({
      'GET pages/inspiration/alpine-ideas': { body: storedPage },
      'GET pages/9': () => ({ body: stored }),
      'GET tours/all': { body: [] },
      'GET destinations': { body: [] },
      'GET pages': { body: [] },
      ...mediaAnswers(mediaRow(4, 'Lake shore')),
      ...noLastChange('pages', 9),
      'PUT pages/9': atVersion(
        () => stored.version,
        (body) => ({ ...stored, ...body, version: stored.version + 1 }),
      ),
    });
    const user = userEvent.setup();
    renderContent('/pages/inspiration/alpine-ideas');
    await user.type(await screen.findByLabelText('Subtitle'), 'Lakes and peaks');
    const sent = await saveAfterTheirs(api, () => {
      stored = { ...storedPage, version: 6, seo_title: 'Alpine ideas for spring' };
    });
    expect(sent).toMatchObject({ version: 6, subtitle: 'Lakes and peaks', seo_title: 'Alpine ideas for spring' });
  });

  it('navigations: keeps my link in one group and their title in another, each group at its own version', async () => {
    let stored = navigationGroups;
    const api = fakeApi({
      'GET navigations': () => ({ body: stored }),
      'POST navigations': (body) => {
        const sent = body as { group: string; version: number }[];
        const current = sent.every((group) => stored.find((row) => row.group === group.group)?.version === group.version);
        return current ? { body: stored } : stale;
      },
    });
    const user = userEvent.setup();
    renderContent('/navigations');
    await user.click(await screen.findByRole('tab', { name: 'Information' }));
    await user.click(screen.getAllByRole('button', { name: 'Add link' })[0]);
    await user.type(screen.getByLabelText('Column 1 link 3 title'), 'Jobs');
    await user.type(screen.getByLabelText('Column 1 link 3 URL'), '/jobs/');
    const sent = await saveAfterTheirs(api, () => {
      stored = [{ ...navigationGroups[0], version: 2, column_1: { title: 'Where we go', links: [] } }, navigationGroups[1]];
    });
    const [destinations, information] = sent as { version: number; column_1: { title: string; links: { title: string }[] } }[];
    expect(destinations).toMatchObject({ version: 2, column_1: { title: 'Where we go', links: [] } });
    expect(information.version).toBe(3);
    expect(information.column_1.links.map((link) => link.title)).toEqual(['Story', 'Team', 'Jobs']);
  });
});
