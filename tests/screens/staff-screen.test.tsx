import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { StaffScreen } from '../../src/screens/global/staff-screen.js';
import { errorBeside, fakeApi, renderScreen, toastTexts, type FakeApi } from '../helpers/render-reference-screen.js';

const routes = [{ path: '/staff', element: <StaffScreen /> }];
const me = {
  id: 1,
  email_address: 'staff@example.com',
  created_at: '2026-01-05T09:00:00.000Z',
  last_login_at: null,
  active: true,
  you: true,
  version: 1,
  must_change_password: false,
};
const anna = { ...me, id: 2, email_address: 'anna@example.com', you: false, version: 4 };
const staffPage = (extra: FakeApi = {}): FakeApi => ({ 'GET staff': { body: [me, anna] }, 'GET staff/log': { body: [] }, ...extra });

const passwordForm = () => within(screen.getByRole('heading', { name: 'Change my password' }).closest('form')!);

async function changePassword(current: string, next: string, again: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Current password'), current);
  await user.type(screen.getByLabelText('New password'), next);
  await user.type(screen.getByLabelText('New password again'), again);
  await user.click(screen.getByRole('button', { name: 'Change my password' }));
}

describe('changing my password', () => {
  it('refuses two new passwords that differ, beside the second, and sends nothing', async () => {
    const server = fakeApi(staffPage());
    renderScreen(routes, '/staff');
    await changePassword('my old one', 'cycling along the danube', 'cycling along the rhine');
    expect(errorBeside('New password again')).toBe('The two new passwords are not the same');
    expect(server.writes()).toEqual([]);
  });

  it('shows a refusal beside the field it names, and one naming no field under the form, keeping what was typed', async () => {
    fakeApi(
      staffPage({
        'POST auth/change-password': {
          status: 400,
          body: { errors: [{ msg: 'Your current password is not right', path: 'current_password' }, { msg: 'Try again in a minute' }] },
        },
      }),
    );
    renderScreen(routes, '/staff');
    await changePassword('not my password', 'cycling along the danube', 'cycling along the danube');
    await waitFor(() => expect(errorBeside('Current password')).toBe('Your current password is not right'));
    expect(passwordForm().getByText('Try again in a minute').className).toBe('form-error');
    expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe('cycling along the danube');
    expect(toastTexts()).toEqual([]);
  });

  it('sends the current and the new password, says so, and empties the form', async () => {
    const server = fakeApi(staffPage({ 'POST auth/change-password': { body: { ok: true } } }));
    renderScreen(routes, '/staff');
    await changePassword('my old one', 'cycling along the danube', 'cycling along the danube');
    expect(await screen.findByText('Your password is changed. Your other sessions have ended.')).toBeTruthy();
    for (const label of ['Current password', 'New password', 'New password again']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).value).toBe('');
      expect(errorBeside(label)).toBeNull();
    }
    expect(server.writes()).toEqual([
      { method: 'POST', path: 'auth/change-password', body: { current_password: 'my old one', new_password: 'cycling along the danube' } },
    ]);
  });
});

describe('adding a staff member', () => {
  const addForm = () => within(screen.getByRole('heading', { name: 'Add a staff member' }).closest('form')!);

  it('refuses what is not an e-mail address beside the field, and sends nothing', async () => {
    const server = fakeApi(staffPage());
    const user = userEvent.setup();
    renderScreen(routes, '/staff');
    await user.type(await addForm().findByLabelText('E-mail'), 'not an address');
    await user.click(addForm().getByRole('button', { name: 'Add' }));
    expect(errorBeside('E-mail')).toBe('Enter a valid e-mail address');
    expect(toastTexts()).toEqual(['Enter a valid e-mail address']);
    expect(server.writes()).toEqual([]);
  });

  it('shows the server’s refusal beside the field, whatever it names, keeping the address typed', async () => {
    fakeApi(staffPage({ 'POST staff': { status: 409, body: { errors: [{ msg: 'There is an account with this e-mail address already' }] } } }));
    const user = userEvent.setup();
    renderScreen(routes, '/staff');
    await user.type(await addForm().findByLabelText('E-mail'), 'anna@example.com');
    await user.click(addForm().getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(errorBeside('E-mail')).toBe('There is an account with this e-mail address already'));
    expect((addForm().getByLabelText('E-mail') as HTMLInputElement).value).toBe('anna@example.com');
  });

  it('shows the new account’s password once and empties the field', async () => {
    const server = fakeApi(staffPage({ 'POST staff': { body: { account: anna, password: 'abcde-fghjk-mnpqr-stuvw' } } }));
    const user = userEvent.setup();
    renderScreen(routes, '/staff');
    await user.type(await addForm().findByLabelText('E-mail'), 'anna@example.com');
    await user.click(addForm().getByRole('button', { name: 'Add' }));
    expect((await screen.findByLabelText('Password shown once')).textContent).toBe('abcde-fghjk-mnpqr-stuvw');
    expect((addForm().getByLabelText('E-mail') as HTMLInputElement).value).toBe('');
    expect(errorBeside('E-mail')).toBeNull();
    expect(server.writes()).toEqual([{ method: 'POST', path: 'staff', body: { email_address: 'anna@example.com' } }]);
  });
});

describe('resetting and deactivating a colleague (issue 30)', () => {
  const dialog = () => within(screen.getByRole('dialog'));

  it('asks for my own password and sends it with the version listed, then shows the temporary password once', async () => {
    const server = fakeApi(
      staffPage({
        'POST staff/2/reset-password': { body: { account: { ...anna, version: 5, must_change_password: true }, password: 'abcde-fghjk-mnpqr-stuvw' } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/staff');
    await user.click(await screen.findByRole('button', { name: 'Reset password of anna@example.com' }));
    expect(dialog().getByText(/must choose their own at the next login/)).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Reset password' }));
    expect(errorBeside('Your own password')).toBe('Type your current password');
    expect(server.writes()).toEqual([]);
    await user.type(dialog().getByLabelText('Your own password'), 'my own password');
    await user.click(dialog().getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByLabelText('Password shown once')).textContent).toBe('abcde-fghjk-mnpqr-stuvw');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.writes()).toEqual([{ method: 'POST', path: 'staff/2/reset-password', body: { current_password: 'my own password', version: 4 } }]);
  });

  it('shows a wrong password beside its field and a 409 under the form, keeping the dialog open', async () => {
    fakeApi(
      staffPage({
        'POST staff/2/deactivate': { status: 400, body: { errors: [{ msg: 'Your current password is not right', path: 'current_password' }] } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/staff');
    await user.click(await screen.findByRole('button', { name: 'Deactivate anna@example.com' }));
    await user.type(dialog().getByLabelText('Your own password'), 'not it');
    await user.click(dialog().getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(errorBeside('Your own password')).toBe('Your current password is not right'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no Deactivate or Reset password on my own account', async () => {
    fakeApi(staffPage());
    renderScreen(routes, '/staff');
    await screen.findByRole('button', { name: 'Deactivate anna@example.com' });
    expect(screen.queryByRole('button', { name: 'Deactivate staff@example.com' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset password of staff@example.com' })).toBeNull();
  });

  it('lists the account log: when, who, what, whose account, from which address', async () => {
    const line = {
      id: 7,
      created_at: '2026-11-20T10:00:00.000Z',
      actor: 'staff@example.com',
      subject: 'anna@example.com',
      action: 'password reset',
      address: '10.1.2.3',
    };
    fakeApi(staffPage({ 'GET staff/log': { body: [line] } }));
    renderScreen(routes, '/staff');
    const log = within(await screen.findByRole('region', { name: 'Account log' }));
    const row = await log.findByRole('row', { name: /password reset/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(1),
    ).toEqual(['staff@example.com', 'password reset', 'anna@example.com', '10.1.2.3']);
  });
});
