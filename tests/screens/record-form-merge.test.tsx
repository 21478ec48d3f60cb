import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../src/api/api-client.js';
import { formatDateTime } from '../../src/domain/format-date.js';
import { FormField } from '../../src/ui/form-field.js';
import { useRecordForm } from '../../src/ui/use-record-form.js';
import { fakeApi, renderScreen, toastTexts, type FakeApi } from '../helpers/render-reference-screen.js';

type Boat = { version: number; name: string; berths: number; home_port: string };
type BoatDraft = { name: string; berths: string; home_port: string };
const draftOf = (boat: Boat): BoatDraft => ({ name: boat.name, berths: String(boat.berths), home_port: boat.home_port });
const LOADED: Boat = { version: 1, name: 'Orca', berths: 4, home_port: 'Arles' };
const LABELS: Record<string, string> = { name: 'Name', berths: 'Berths', home_port: 'Home port' };
const CHANGED_AT = '2026-03-02T09:15:00.000Z';

/** A record form as small as it can be, merging a stale save (issue 29). */
function BoatForm() {
  const form = useRecordForm({
    initial: () => draftOf(LOADED),
    schema: z.object({ name: z.string().min(1), berths: z.number().int(), home_port: z.string() }),
    valuesOf: (draft: BoatDraft) => ({ ...draft, berths: Number(draft.berths) }),
    send: (values, _changed, version) => apiRequest<Boat>('PUT', 'boats/1', { body: { ...values, version: version ?? LOADED.version } }),
    savedMessage: 'Saved',
    leaveTo: '/boats',
    merge: {
      current: async () => {
        const stored = await apiRequest<Boat>('GET', 'boats/1');
        return { draft: draftOf(stored), version: stored.version };
      },
      lastChange: { kind: 'boats', id: 1 },
      labelOf: (path) => LABELS[path] ?? path,
    },
  });
  return (
    <form onSubmit={form.submit} noValidate>
      {(['name', 'berths', 'home_port'] as const).map((field) => (
        <FormField key={field} label={LABELS[field]}>
          <input value={form.draft[field]} onChange={(event) => form.change(field, event.target.value)} />
        </FormField>
      ))}
      <p>{form.dirty ? 'Unsaved changes' : 'Nothing to save'}</p>
      <button type="submit" disabled={form.saving}>
        Save
      </button>
    </form>
  );
}

const routes = [
  { path: '/boats/1', element: <BoatForm /> },
  { path: '/boats', element: <p>The boats</p> },
];

/**
 * The server as the judge: stored boats by version, each save refused unless sent at the newest
 * version. `saves` are the other clerks' saves, one stored each time the form's save is refused.
 */
function boatServer(...saves: Partial<Boat>[]) {
  let stored = LOADED;
  const pending = [...saves];
  const table: FakeApi = {
    'GET boats/1': () => ({ body: stored }),
    'GET last-change/boats/1': { body: { changed_by: 'kim@example.com', changed_at: CHANGED_AT } },
    'PUT boats/1': (body) => {
      const sent = body as Boat;
      if (sent.version !== stored.version) return { status: 409, body: { errors: [{ msg: 'This boat was changed by someone else…', path: 'version' }] } };
      stored = { ...sent, version: stored.version + 1 };
      return { body: stored };
    },
  };
  const server = fakeApi(table);
  // The other clerks' saves land before ours is sent: ours goes at version 1 and is refused.
  const theirSave = () => {
    const next = pending.shift();
    if (next) stored = { ...stored, ...next, version: stored.version + 1 };
  };
  const put = table['PUT boats/1'] as (body: unknown) => { status?: number; body: unknown };
  table['PUT boats/1'] = (body) => {
    if ((body as Boat).version === stored.version) theirSave();
    return put(body);
  };
  return { ...server, table, stored: () => stored, puts: () => server.writes().map((call) => call.body) };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
async function typeOver(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.clear(field(label));
  await user.type(field(label), text);
}

describe('a record form merging a stale save (issue 29)', () => {
  it('merges fields changed on different sides, saves again at the new version and says so', async () => {
    const server = boatServer({ name: 'Orca II' });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Berths', '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(server.puts()).toEqual([
      { name: 'Orca', berths: 6, home_port: 'Arles', version: 1 },
      { name: 'Orca II', berths: 6, home_port: 'Arles', version: 2 },
    ]);
    expect(server.stored()).toEqual({ name: 'Orca II', berths: 6, home_port: 'Arles', version: 3 });
    expect(toastTexts()).toContain(`Merged with kim@example.com's save of ${formatDateTime(CHANGED_AT)}: 1 of your changes kept`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('merges again when the save at the new version is refused too, on top of both saves', async () => {
    const server = boatServer({ name: 'Orca II' }, { home_port: 'Lyon' });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Berths', '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(server.puts().map((body) => (body as Boat).version)).toEqual([1, 2, 3]);
    expect(server.stored()).toEqual({ name: 'Orca II', berths: 6, home_port: 'Lyon', version: 4 });
  });

  it('says who saved when the server knows nobody', async () => {
    const server = boatServer({ name: 'Orca II' });
    // A record from the seed or an import: no one is known to have changed it.
    server.table['GET last-change/boats/1'] = { body: { changed_by: null, changed_at: null } };
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Berths', '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(toastTexts()).toContain("Merged with someone else's save: 1 of your changes kept");
  });

  it('lists each field both changed, with what was loaded, and stores the value picked for each', async () => {
    const server = boatServer({ name: 'Orca III', berths: 8, home_port: 'Lyon' });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Name', 'Orca II');
    await typeOver(user, 'Berths', '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Both of you changed the same fields' });
    expect(within(dialog).getByText(new RegExp(`in kim@example.com's save of ${formatDateTime(CHANGED_AT)}\\.`))).toBeTruthy();
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()));
    expect(rows).toEqual([
      ['Name', 'Orca', 'Orca II', 'Orca III'],
      ['Berths', '4', '6', '8'],
    ]);
    // Nothing is stored until every field is decided.
    expect(server.puts()).toHaveLength(1);
    const save = within(dialog).getByRole('button', { name: 'Save my choices' }) as HTMLButtonElement;
    await user.click(within(dialog).getByLabelText('Name: keep theirs'));
    expect(save.disabled).toBe(true);
    await user.click(within(dialog).getByLabelText('Berths: keep yours'));
    await user.click(save);
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(server.puts()[1]).toEqual({ name: 'Orca III', berths: 6, home_port: 'Lyon', version: 2 });
    expect(toastTexts()).toContain(`Merged with kim@example.com's save of ${formatDateTime(CHANGED_AT)}: 1 of your changes kept`);
  });

  it.each([
    ['Keep all mine', { name: 'Orca II', berths: 6, home_port: 'Lyon', version: 2 }],
    ['Keep all theirs', { name: 'Orca III', berths: 8, home_port: 'Lyon', version: 2 }],
  ])('stores every conflicting field as chosen with %s', async (button, stored) => {
    const server = boatServer({ name: 'Orca III', berths: 8, home_port: 'Lyon' });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Name', 'Orca II');
    await typeOver(user, 'Berths', '6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: button }));
    expect(await screen.findByText('The boats')).toBeTruthy();
    expect(server.puts()[1]).toEqual(stored);
  });

  it('leaves the form exactly as it was on Cancel: values, unsaved state and what they count from', async () => {
    const server = boatServer({ name: 'Orca III', home_port: 'Lyon' });
    const user = userEvent.setup();
    renderScreen(routes, '/boats/1');
    await typeOver(user, 'Name', 'Orca II');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect([field('Name').value, field('Berths').value, field('Home port').value]).toEqual(['Orca II', '4', 'Arles']);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(server.puts()).toHaveLength(1);
    expect(toastTexts()).toEqual([]);
    // Still counted from what was loaded: typed back, nothing is unsaved.
    await typeOver(user, 'Name', 'Orca');
    expect(screen.getByText('Nothing to save')).toBeTruthy();
  });
});
