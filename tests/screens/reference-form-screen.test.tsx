import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBeside, fakeApi, pickFromList, renderReferenceScreen } from '../helpers/render-reference-screen.js';

describe('the generic reference form', () => {
  it('focuses the first field and shows a broken rule beside its field before any call', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderReferenceScreen('/room-types/create');
    // The form's code loads lazily: find the field first, then see that it has the focus.
    const name = await screen.findByLabelText('Name');
    expect(document.activeElement).toBe(name);
    await user.type(screen.getByLabelText('Name'), 'Dormitory');
    await user.type(screen.getByLabelText('Sleeps'), '11');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Sleeps')).toBe('Sleeps must be a whole number from 0 to 10');
    expect(errorBeside('Name')).toBeNull();
    await user.clear(screen.getByLabelText('Sleeps'));
    await user.type(screen.getByLabelText('Sleeps'), '2.5');
    expect(errorBeside('Sleeps')).toBe('Sleeps must be a whole number from 0 to 10');
    expect(api.writes()).toEqual([]);
  });

  it('creates a row with Enter, says Saved and goes back to the list', async () => {
    const api = fakeApi({
      'POST decks': { status: 201, body: { id: 4, version: 1, name: 'Sun deck' } },
      'GET decks': { body: [{ id: 4, version: 1, name: 'Sun deck' }] },
    });
    const user = userEvent.setup();
    const { router } = renderReferenceScreen('/decks/create');
    await user.type(await screen.findByLabelText('Name'), 'Sun deck{Enter}');
    expect(await screen.findByText('Saved')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/decks'));
    expect(api.writes()).toEqual([{ method: 'POST', path: 'decks', body: { name: 'Sun deck' } }]);
    expect(await screen.findByRole('link', { name: 'Sun deck' })).toBeTruthy();
  });

  it('edits a row picked from the list, sending the whole entity with the version it read', async () => {
    const api = fakeApi({
      'GET room-types': { body: [{ id: 5, version: 3, name: 'Twin', sleeps: 2 }] },
      'PUT room-types/5': (body) => ({ body: { id: 5, version: 4, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderReferenceScreen('/room-types/5');
    expect(await screen.findByRole('heading', { name: 'Room type: Twin' })).toBeTruthy();
    expect(document.title).toBe('Twin · Room types · Back-office');
    await user.clear(screen.getByLabelText('Sleeps'));
    await user.type(screen.getByLabelText('Sleeps'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()).toEqual([{ method: 'PUT', path: 'room-types/5', body: { name: 'Twin', sleeps: 3, version: 3 } }]);
  });

  it('merges a save someone else made first, naming each field both changed as the form does (issue 29)', async () => {
    const theirs = { id: 5, version: 4, name: 'Twin room', sleeps: 4 };
    const api = fakeApi({
      'GET room-types': { body: [{ id: 5, version: 3, name: 'Twin', sleeps: 2 }] },
      'GET room-types/5': { body: theirs },
      'GET last-change/room_types/5': { body: { changed_by: null, changed_at: null } },
      'PUT room-types/5': (body) =>
        (body as { version: number }).version === 4
          ? { body: { ...theirs, ...(body as object), version: 5 } }
          : { status: 409, body: { errors: [{ msg: 'This room type was changed by someone else since you opened it.', path: 'version' }] } },
    });
    const user = userEvent.setup();
    renderReferenceScreen('/room-types/5');
    await user.clear(await screen.findByLabelText('Sleeps'));
    await user.type(screen.getByLabelText('Sleeps'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Both of you changed the same fields' });
    await user.click(within(dialog).getByLabelText('Sleeps: keep yours'));
    await user.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    await screen.findByText('Saved');
    expect(api.writes().map((call) => call.body)).toEqual([
      { name: 'Twin', sleeps: 3, version: 3 },
      { name: 'Twin room', sleeps: 3, version: 4 },
    ]);
  });

  it('requires a boat description, offers the SPEC priorities and shows the description error beside it', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    renderReferenceScreen('/boats/create');
    await user.type(await screen.findByLabelText('Name'), 'Orca');
    const priority = screen.getByLabelText('Priority');
    expect([...priority.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['None', '1 Low', '2 Medium', '3 High']);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Description formatting' })).toBeTruthy();
    expect(api.writes()).toEqual([]);
  });

  it('saves a boat once its description is typed in the rich-text editor', async () => {
    const api = fakeApi({ 'POST boats': (body) => ({ status: 201, body: { id: 9, version: 1, ...(body as object) } }), 'GET boats': { body: [] } });
    const user = userEvent.setup();
    renderReferenceScreen('/boats/create');
    await user.type(await screen.findByLabelText('Name'), 'Orca');
    await user.selectOptions(screen.getByLabelText('Priority'), '3 High');
    await user.click(screen.getByRole('textbox', { name: 'Description' }));
    // jsdom's contenteditable drops some keystrokes (no layout for the caret); the browser test types in full.
    await user.keyboard('Barge');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    expect(api.writes()).toEqual([
      { method: 'POST', path: 'boats', body: { name: 'Orca', priority: 3, description: expect.stringMatching(/^<p>[A-Za-z]+<\/p>$/), gallery_id: null } },
    ]);
  });

  it('lets a new region slug follow its name until staff type their own', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderReferenceScreen('/regions/create');
    await user.type(await screen.findByLabelText('Name'), 'Côte d’Azur');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'cote-d-azur');
    await user.clear(screen.getByLabelText('Slug'));
    await user.type(screen.getByLabelText('Slug'), 'riviera');
    await user.type(screen.getByLabelText('Name'), ' East');
    expect(screen.getByLabelText('Slug')).toHaveProperty('value', 'riviera');
  });

  it('shows the server refusal beside its field and keeps the form as typed', async () => {
    fakeApi({ 'POST regions': { status: 409, body: { errors: [{ msg: 'slug "douro" is already used in regions.', path: 'slug' }] } } });
    const user = userEvent.setup();
    renderReferenceScreen('/regions/create');
    await user.type(await screen.findByLabelText('Name'), 'Douro');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorBeside('Slug')).toBe('slug "douro" is already used in regions.'));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Douro');
  });

  it('loads a category by its own call, picks tours in order and toasts with the id', async () => {
    const api = fakeApi({
      'GET categories/12': {
        body: {
          id: 12,
          version: 2,
          name: 'Wine',
          slug: 'wine',
          short_description: '',
          description: '<p>Vineyards</p>',
          tours: [3],
          filter_id: 'theme',
          media_id: null,
          gallery_id: null,
          seo_title: '',
          seo_description: '',
          seo_keywords: '',
        },
      },
      'GET tours/all': {
        body: [
          { id: 3, name: 'Rhine Ride' },
          { id: 4, name: 'Danube Ride' },
        ],
      },
      'PUT categories/12': (body) => ({ body: { id: 12, version: 3, ...(body as object) } }),
    });
    const user = userEvent.setup();
    renderReferenceScreen('/categories/12');
    await pickFromList(user, 'Tours', 'Danube Ride');
    await user.selectOptions(screen.getByLabelText('Filter'), 'Easy');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated category 12')).toBeTruthy();
    expect(api.writes()[0].body).toEqual(expect.objectContaining({ tours: [3, 4], filter_id: 'easy', version: 2, description: '<p>Vineyards</p>' }));
  });

  it('says so when the row does not exist', async () => {
    fakeApi({ 'GET bikes': { body: [] } });
    renderReferenceScreen('/bikes/99');
    expect(await screen.findByText('There is no such bike.')).toBeTruthy();
  });
});
