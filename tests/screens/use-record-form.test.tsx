import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../src/api/api-client.js';
import { FormField } from '../../src/ui/form-field.js';
import { KeptDraftNotice } from '../../src/ui/kept-draft-notice.js';
import { hasUnsavedChanges, keepDraftsForNextLogin } from '../../src/ui/unsaved-changes.js';
import { useRecordForm } from '../../src/ui/use-record-form.js';
import { errorBeside, fakeApi, renderScreen } from '../helpers/render-reference-screen.js';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const boatSchema = z.object({
  name: z.string().trim().min(1, 'Supply a name'),
  berths: z.number({ error: 'Berths must be a number' }).int('Berths must be a whole number'),
});
type BoatDraft = { name: string; slug: string; berths: string };
const valuesOf = ({ name, berths }: BoatDraft) => ({ name, berths: berths.trim() === '' ? undefined : Number(berths) });

/** A form as small as a form can be, built on the one form hook. */
function BoatForm() {
  const form = useRecordForm({
    initial: (): BoatDraft => ({ name: 'Orca', slug: 'orca', berths: '4' }),
    schema: boatSchema,
    valuesOf,
    send: (values) => apiRequest<{ id: number }>('PUT', 'boats/1', { body: values }),
    savedMessage: 'Saved',
    leaveTo: '/boats',
    draftKey: 'boat:1:v1',
    slug: { from: 'name', follows: true, make: (text) => text.toLowerCase().replaceAll(' ', '-') },
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <KeptDraftNotice<BoatDraft> draftKey="boat:1:v1" onRestore={form.restore} />
      <FormField label="Name" error={form.errorOf('name')}>
        <input value={form.draft.name} onChange={(event) => form.change('name', event.target.value)} onBlur={() => form.touch('name')} />
      </FormField>
      <FormField label="Slug">
        <input value={form.draft.slug} onChange={(event) => form.change('slug', event.target.value)} />
      </FormField>
      <FormField label="Berths" error={form.errorOf('berths')}>
        <input value={form.draft.berths} onChange={(event) => form.change('berths', event.target.value)} onBlur={() => form.touch('berths')} />
      </FormField>
      <p>{form.dirty ? 'Unsaved changes' : 'Nothing to save'}</p>
      <button type="submit">Save</button>
      <Link to="/boats">Boats</Link>
    </form>
  );
}

/** A record that stays on screen after its save (a tour tab): what was sent is the clean state. */
function BoatNotesForm() {
  const form = useRecordForm({
    initial: () => ({ notes: 'Moored at Arles' }),
    schema: z.object({ notes: z.string() }),
    send: (values) => apiRequest<{ id: number }>('PUT', 'boats/1/notes', { body: values }),
    savedMessage: 'Notes saved',
    cleanOnSave: true,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <FormField label="Notes">
        <input value={form.draft.notes} onChange={(event) => form.change('notes', event.target.value)} />
      </FormField>
      <p>{form.dirty ? 'Unsaved changes' : 'Nothing to save'}</p>
      <button type="submit">Save</button>
      <Link to="/boats">Boats</Link>
    </form>
  );
}

const routes = [
  { path: '/boats/1', element: <BoatForm /> },
  { path: '/boats/1/notes', element: <BoatNotesForm /> },
  { path: '/boats', element: <p>The boats</p> },
];

describe('the one form hook', () => {
  it('is dirty while the draft differs from what was loaded, by value, and clean again once typed back', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1/');
    const berths = await screen.findByLabelText('Berths');
    await user.type(berths, '0');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(true);
    await user.type(berths, '{Backspace}');
    expect(screen.getByText('Nothing to save')).toBeTruthy();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('shows a broken rule once the field is left or a save is tried, then follows typing, and sends nothing', async () => {
    const server = fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    const berths = await screen.findByLabelText('Berths');
    await user.type(berths, '.5');
    expect(errorBeside('Berths')).toBeNull();
    await user.tab();
    expect(errorBeside('Berths')).toBe('Berths must be a whole number');
    await user.clear(screen.getByLabelText('Name'));
    expect(errorBeside('Name')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Name')).toBe('Supply a name');
    await user.type(screen.getByLabelText('Name'), 'Orca II');
    expect(errorBeside('Name')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('lets the slug follow its source field until staff type a slug of their own', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await user.type(await screen.findByLabelText('Name'), ' Blue');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('orca-blue');
    await user.type(screen.getByLabelText('Slug'), '-x');
    await user.type(screen.getByLabelText('Name'), 's');
    expect((screen.getByLabelText('Slug') as HTMLInputElement).value).toBe('orca-blue-x');
  });

  it('shows the server refusal beside the field it names and keeps the form as typed', async () => {
    fakeApi({ 'PUT boats/1': { status: 400, body: { errors: [{ msg: 'A boat of that name exists', path: 'name' }] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await user.type(await screen.findByLabelText('Name'), ' II');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(errorBeside('Name')).toBe('A boat of that name exists'));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Orca II');
  });

  it('sends the checked values, says Saved and leaves without asking about unsaved changes', async () => {
    const server = fakeApi({ 'PUT boats/1': { body: { id: 1 } } });
    const user = userEvent.setup();
    const { router } = renderScreen(routes, '/boats/1');
    await user.type(await screen.findByLabelText('Berths'), '{Backspace}6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/boats');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Saved')).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'PUT', path: 'boats/1', body: { name: 'Orca', berths: 6 } }]);
  });

  it('asks before leaving a dirty form', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await user.type(await screen.findByLabelText('Berths'), '2');
    await user.click(screen.getByRole('link', { name: 'Boats' }));
    expect(await screen.findByText('Any unsaved data will be lost!')).toBeTruthy();
    expect(screen.queryByText('The boats')).toBeNull();
  });

  it('keeps the draft when the session ends and offers it back on the form', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const first = renderScreen(routes, '/boats/1');
    await user.type(await screen.findByLabelText('Berths'), '2');
    keepDraftsForNextLogin();
    first.unmount();
    renderScreen(routes, '/boats/1');
    await user.click(await screen.findByRole('button', { name: 'Restore my changes' }));
    expect((screen.getByLabelText('Berths') as HTMLInputElement).value).toBe('42');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('stays on screen after a save with what was sent as the clean state, so leaving does not ask', async () => {
    const server = fakeApi({ 'PUT boats/1/notes': { body: { id: 1 } } });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1/notes');
    await user.type(await screen.findByLabelText('Notes'), ' in May');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notes saved')).toBeTruthy();
    expect(screen.getByText('Nothing to save')).toBeTruthy();
    expect((screen.getByLabelText('Notes') as HTMLInputElement).value).toBe('Moored at Arles in May');
    await user.click(screen.getByRole('link', { name: 'Boats' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(server.writes()).toEqual([{ method: 'PUT', path: 'boats/1/notes', body: { notes: 'Moored at Arles in May' } }]);
  });
});
