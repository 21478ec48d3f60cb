import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBeside, fakeApi, renderReferenceScreen } from '../helpers/render-reference-screen.js';

const seasons = [
  { id: 1, version: 1, name: '2026', model_id: 1, currency_id: 1 },
  { id: 2, version: 1, name: '2027', model_id: 3, currency_id: 1 },
  { id: 3, version: 1, name: '2028', model_id: 5, currency_id: 1 },
];
const euro = {
  id: 1,
  version: 5,
  name: 'Euro',
  symbol: '€',
  rate: 1.085,
  rates: [
    { season_id: 1, rate: 1.085 },
    { season_id: 2, rate: 1.1 },
  ],
};

describe('the currency form (explicit: a rate per season)', () => {
  it('shows a rate box per season, filled with the stored rates', async () => {
    fakeApi({ 'GET currencies/1': { body: euro }, 'GET seasons': { body: seasons } });
    renderReferenceScreen('/currencies/1');
    expect(await screen.findByRole('heading', { name: 'Currency: Euro' })).toBeTruthy();
    expect(await screen.findByLabelText('2026')).toHaveProperty('value', '1.085');
    expect(screen.getByLabelText('2027')).toHaveProperty('value', '1.1');
    expect(screen.getByLabelText('2028')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Symbol')).toHaveProperty('value', '€');
  });

  it('saves the whole currency with the season rates typed and the version it read', async () => {
    const api = fakeApi({
      'GET currencies/1': { body: euro },
      'GET seasons': { body: seasons },
      'PUT currencies/1': (body) => ({ body: { ...euro, ...(body as object), version: 6 } }),
      'GET currencies': { body: [euro] },
    });
    const user = userEvent.setup();
    const { router } = renderReferenceScreen('/currencies/1');
    await user.type(await screen.findByLabelText('2028'), '1.16');
    await user.clear(screen.getByLabelText('2027'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: 'currencies/1',
        body: {
          name: 'Euro',
          symbol: '€',
          rate: 1.085,
          rates: [
            { season_id: 1, rate: 1.085 },
            { season_id: 3, rate: 1.16 },
          ],
          version: 5,
        },
      },
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/currencies'));
  });

  it('refuses a season rate of zero beside its season, before any call', async () => {
    const api = fakeApi({ 'GET seasons': { body: seasons } });
    const user = userEvent.setup();
    renderReferenceScreen('/currencies/create');
    await user.type(await screen.findByLabelText('Name'), 'Krone');
    await user.type(await screen.findByLabelText('2027'), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('2027')).toBe('Rate must be a number above 0 (foreign units per pound)');
    expect(errorBeside('2026')).toBeNull();
    expect(api.writes()).toEqual([]);
  });

  it('requires a name', async () => {
    const api = fakeApi({ 'GET seasons': { body: [] } });
    const user = userEvent.setup();
    renderReferenceScreen('/currencies/create');
    expect(await screen.findByText('There are no seasons yet: add one under Seasons to give it a rate.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(errorBeside('Name')).toBe('Name is required');
    expect(api.writes()).toEqual([]);
  });
});
