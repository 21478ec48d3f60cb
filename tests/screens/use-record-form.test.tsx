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
import { errorText } from '../../src/api/api-error.js';
import { errorBeside, fakeApi, renderScreen, toastTexts } from '../helpers/render-reference-screen.js';

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

/** An action rather than a record (a message to the skipper): failures in its own words, no question on leaving. */
function SkipperMessageForm({ failedMessage }: { failedMessage: false | string }) {
  const form = useRecordForm({
    initial: () => ({ message: '', code: '' }),
    schema: z.object({ message: z.string(), code: z.string() }),
    send: (values) => apiRequest<{ id: number }>('POST', 'boats/1/messages', { body: values }),
    failedMessage,
    onFailed: (_error, setDraft) => setDraft((current) => ({ ...current, code: '' })),
    asksBeforeLeaving: false,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <FormField label="Message">
        <input value={form.draft.message} onChange={(event) => form.change('message', event.target.value)} />
      </FormField>
      <FormField label="Code">
        <input value={form.draft.code} onChange={(event) => form.change('code', event.target.value)} />
      </FormField>
      {form.failure !== null && <p className="form-error">{errorText(form.failure)}</p>}
      <button type="submit">Send</button>
      <Link to="/boats">Boats</Link>
    </form>
  );
}

const routes = [
  { path: '/boats/1', element: <BoatForm /> },
  { path: '/boats/1/notes', element: <BoatNotesForm /> },
  { path: '/boats/1/message', element: <SkipperMessageForm failedMessage="The skipper did not get it" /> },
  { path: '/boats/1/quiet-message', element: <SkipperMessageForm failedMessage={false} /> },
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

  it('says a failed save in its own words, not the server’s, and lets the form clear what it must', async () => {
    fakeApi({ 'POST boats/1/messages': { status: 500, body: { errors: [{ msg: 'Radio down' }] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1/message');
    await user.type(await screen.findByLabelText('Message'), 'Moor at Arles');
    await user.type(screen.getByLabelText('Code'), '1234');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Message') as HTMLInputElement).value).toBe('Moor at Arles');
    expect(screen.getByText('Radio down').className).toBe('form-error');
    expect(toastTexts()).toEqual(['The skipper did not get it']);
  });

  it('stays silent about a failed save when told to', async () => {
    const server = fakeApi({ 'POST boats/1/messages': { status: 500, body: { errors: [{ msg: 'Radio down' }] } } });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1/quiet-message');
    await user.type(await screen.findByLabelText('Message'), 'Moor at Arles');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Radio down')).toBeTruthy();
    expect(server.writes()).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
  });

  it('leaves a typed action form without asking when it does not ask before leaving', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1/message');
    await user.type(await screen.findByLabelText('Message'), 'Moor at Arles');
    expect(hasUnsavedChanges()).toBe(false);
    // A blocked leave would stay on the form, asking.
    await user.click(screen.getByRole('link', { name: 'Boats' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
  });
});
