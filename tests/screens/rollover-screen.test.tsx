import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RolloverCandidate } from '../../src/domain/rollover/rollover-request.js';
import { RolloverScreen } from '../../src/screens/global/rollover-screen.js';
import { errorBeside, fakeApi, renderScreen, type FakeApi } from '../helpers/render-reference-screen.js';
import { preview } from '../helpers/rollover-preview-fixture.js';

const routes = [{ path: '/rollover', element: <RolloverScreen /> }];

const tour = (tour_id: number, tour_code: string, destination: number, in_target = false): RolloverCandidate => ({
  tour_id,
  tour_code,
  tour_name: `Tour ${tour_code}`,
  destination_ids: [destination],
  currency_id: 1,
  markup_model_id: 7,
  in_target,
});

const screenApi = (extra: FakeApi = {}): FakeApi => ({
  'GET seasons': {
    body: [
      { id: 1, name: '2026', model_id: 7, currency_id: 1 },
      { id: 2, name: '2027', model_id: 8, currency_id: 1 },
    ],
  },
  'GET destinations': {
    body: [
      { id: 3, name: 'Alps', version: 1 },
      { id: 4, name: 'Loire', version: 1 },
    ],
  },
  'GET currencies': { body: [{ id: 1, name: 'Euro', symbol: '€', rate: 1.1, version: 1, rates: [] }] },
  'GET models': { body: [] },
  'GET rollovers/candidates?source=1&target=2': { body: [tour(11, 'ALP', 3), tour(12, 'LOI', 4), tour(13, 'OLD', 3, true)] },
  'POST rollovers/preview': (body) =>
    (body as { uplift_percent: number | null }).uplift_percent === null
      ? { status: 400, body: { errors: [{ msg: 'Enter the uplift in percent', path: 'uplift_percent' }] } }
      : { body: preview },
  ...extra,
});

describe('Global > Roll over', () => {
  it('previews the tours the filters leave ticked and flags the rows under the guardrail', async () => {
    const api = fakeApi(screenApi());
    const user = userEvent.setup();
    renderScreen(routes, '/rollover');
    expect(await screen.findByText('2 of 2 tours chosen; 1 already in the target season are skipped')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Destination'), 'Alps');
    expect(screen.getByText('1 of 1 tours chosen; 1 already in the target season are skipped')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Preview 1 tour' }));
    expect(await screen.findByText('Enter the uplift in percent')).toBeTruthy();
    expect(errorBeside('Uplift (%)')).toBe('Enter the uplift in percent');

    await user.type(screen.getByLabelText('Uplift (%)'), '4{Enter}');
    expect(await screen.findByRole('heading', { name: 'Preview: Roll over 2026 -> 2027, +4%, to 5' })).toBeTruthy();
    const sent = api.calls.filter((call) => call.method === 'POST').at(-1)!.body as { tour_ids: number[]; uplift_percent: number; round_to: number };
    expect(sent).toMatchObject({ tour_ids: [11], uplift_percent: 4, round_to: 5 });
    expect(screen.getByText('1 below the guardrail', { exact: false })).toBeTruthy();

    await user.click(screen.getByText('ALP Tour ALP', { selector: 'strong' }));
    const rows = within(screen.getByRole('table', { name: 'Prices of ALP, before and after' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.classList.contains('below-guardrail'))).toEqual([false, true]);
  });

  it('commits the previewed request after a confirmation, then offers the rollback', async () => {
    const api = fakeApi(
      screenApi({
        'POST rollovers': { body: { change_set_id: 41, label: preview.label, tour_seasons: [{ tour_id: 11, tour_season_id: 90 }], rows: 2 } },
        'POST price-history/41/rollback': { body: { change_set_id: 42, seasons: 1, rows: 2 } },
      }),
    );
    const user = userEvent.setup();
    renderScreen(routes, '/rollover');
    await screen.findByText('2 of 2 tours chosen; 1 already in the target season are skipped');
    await user.type(screen.getByLabelText('Uplift (%)'), '4');
    await user.click(screen.getByRole('button', { name: 'Preview 2 tours' }));
    await user.click(await screen.findByRole('button', { name: 'Commit roll-over' }));
    await user.click(await screen.findByRole('button', { name: 'Commit' }));
    expect(await screen.findByText(/Committed as change set 41/)).toBeTruthy();
    const previewed = api.calls.find((call) => call.method === 'POST' && call.path === 'rollovers/preview')!.body;
    expect(api.calls.find((call) => call.method === 'POST' && call.path === 'rollovers')!.body).toEqual(previewed);
    expect(screen.getByRole('link', { name: "Open the first rolled tour's prices" }).getAttribute('href')).toBe('/tours/11/pricing?season=2');

    await user.click(screen.getByRole('button', { name: 'Roll back this roll-over' }));
    await user.click(await screen.findByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(api.calls.some((call) => call.path === 'price-history/41/rollback')).toBe(true));
    await waitFor(() => expect(screen.queryByText(/Committed as change set 41/)).toBeNull());
  });

  it('replaces the tours already in the target season only when asked', async () => {
    const api = fakeApi(screenApi());
    const user = userEvent.setup();
    renderScreen(routes, '/rollover');
    await screen.findByText('2 of 2 tours chosen; 1 already in the target season are skipped');
    await user.click(screen.getByLabelText('Replace the prices of tours already in the target season'));
    expect(screen.getByText('3 of 3 tours chosen; 1 already in the target season will have their prices replaced')).toBeTruthy();
    await user.type(screen.getByLabelText('Uplift (%)'), '4{Enter}');
    await screen.findByRole('heading', { name: /^Preview: / });
    const sent = api.calls.find((call) => call.path === 'rollovers/preview')!.body as { tour_ids: number[]; replace_existing: boolean };
    expect(sent).toMatchObject({ tour_ids: [11, 12, 13], replace_existing: true });
  });
});
