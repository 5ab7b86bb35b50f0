import type { HourRuleView } from '@app/shared/leave/leave';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signInEmployee } from '../../hours/hours-fixtures';
import { HourRulesPage } from './HourRulesPage';
import { hourRule } from './leave-settings-fixtures';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function open(rules: HourRuleView[] = [hourRule()]) {
  let list = rules;
  const f = mockFetch((req) => {
    if (req.path === '/api/hour-rules' && req.method === 'GET') return json(200, { data: list });
    if (req.path === '/api/hour-rules' && req.method === 'POST') {
      const created = hourRule({ id: 12, ...(req.body as object) });
      list = [...list, created];
      return json(201, { data: created });
    }
    if (req.path === '/api/hour-rules/11' && req.method === 'PATCH') {
      const saved = hourRule({ ...(req.body as object), version: 2 });
      list = [saved];
      return json(200, { data: saved });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: ['hour-rules.manage'] });
  const view = renderWithProviders(<HourRulesPage />, { path: '/settings/hours/hour-rules', queryClient });
  return { ...view, f };
}

describe('HourRulesPage', () => {
  it('lists the rules with their days, window past midnight, kind and overtime', async () => {
    open([
      hourRule(),
      hourRule({
        id: 12,
        name: 'Zondag',
        weekdays: [7],
        start: '00:00',
        end: '00:00',
        kind: 'allowance',
        percent: null,
        allowanceMinutes: 90,
        feedsOvertime: false,
        active: false,
      }),
    ]);
    const evening = await screen.findByTestId('hour-rule-11');
    expect(within(evening).getByText('Avond')).toBeInTheDocument();
    expect(within(evening).getByText('150%')).toBeInTheDocument();
    expect(within(evening).getByText('Overuren')).toBeInTheDocument();
    expect(within(evening).getByText('ma t/m vr · 18:00–06:00 (tot de volgende dag) · vanaf 01-01-2026')).toBeInTheDocument();
    const sunday = screen.getByTestId('hour-rule-12');
    expect(within(sunday).getByText('+1:30')).toBeInTheDocument();
    expect(within(sunday).getByText('Inactief')).toBeInTheDocument();
    expect(within(sunday).getByText(/^zo · hele dag/)).toBeInTheDocument();
    expect(within(sunday).queryByText('Overuren')).toBeNull();
  });

  it('says so when there are none, with a button to add one', async () => {
    open([]);
    expect(await screen.findByText('Nog geen uurregels')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nieuwe uurregel' })).toBeInTheDocument();
  });

  it('creates a weekend allowance for the whole day, explaining the window', async () => {
    const { user, f } = open([]);
    await user.click(await screen.findByRole('button', { name: 'Nieuwe uurregel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/00:00–00:00 is de hele dag/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam/ }), 'Weekend');
    for (const d of ['ma', 'di', 'wo', 'do', 'vr', 'za', 'zo'])
      await user.click(within(dialog).getByRole('checkbox', { name: d }));
    fireEvent.change(within(dialog).getByLabelText(/^Begintijd/), { target: { value: '00:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Eindtijd/), { target: { value: '00:00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Geldt vanaf/), { target: { value: '2026-12-01' } });
    expect(within(dialog).getByTestId('rule-window')).toHaveTextContent('Tijdvak: hele dag');
    await user.click(within(dialog).getByRole('radio', { name: 'Vaste toeslag' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Toeslag per boeking/ }), '1,5');
    expect(within(dialog).getByText('Dat is 1:30 uur')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Nieuwe uurregel' }));
    await waitFor(() => expect(f.to('/api/hour-rules', 'POST')).toHaveLength(1));
    expect(f.to('/api/hour-rules', 'POST')[0]?.body).toEqual({
      name: 'Weekend',
      weekdays: [6, 7],
      start: '00:00',
      end: '00:00',
      effectiveFrom: '2026-12-01',
      kind: 'allowance',
      percent: null,
      allowanceMinutes: 90,
      feedsOvertime: true,
      active: true,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Uurregel Weekend is aangemaakt.'));
    expect(await screen.findByTestId('hour-rule-12')).toBeInTheDocument();
  });

  it('says what is missing or wrong and sends nothing', async () => {
    const { user, f } = open();
    await screen.findByTestId('hour-rule-11');
    await user.click(screen.getByRole('button', { name: 'Nieuwe uurregel' }));
    const dialog = await screen.findByRole('dialog');
    for (const d of ['ma', 'di', 'wo', 'do', 'vr']) await user.click(within(dialog).getByRole('checkbox', { name: d }));
    const percent = within(dialog).getByRole('textbox', { name: /^Percentage/ });
    await user.clear(percent);
    await user.type(percent, '1,5');
    await user.click(within(dialog).getByRole('button', { name: 'Nieuwe uurregel' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vul een heel percentage in, bijvoorbeeld 150.')).toBeInTheDocument();
    expect(within(dialog).getByText(/^Kies er minstens 1|^Deze waarde is te klein/)).toBeInTheDocument();
    expect(f.to('/api/hour-rules', 'POST')).toHaveLength(0);
  });

  it('changes a rule with its version', async () => {
    const { user, f } = open();
    await screen.findByTestId('hour-rule-11');
    await user.click(screen.getByRole('button', { name: 'Avond bewerken' }));
    const dialog = await screen.findByRole('dialog');
    const percent = within(dialog).getByRole('textbox', { name: /^Percentage/ });
    await user.clear(percent);
    await user.type(percent, '125');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/hour-rules/11', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/hour-rules/11', 'PATCH')[0]?.body).toMatchObject({ percent: 125, weekdays: [1, 2, 3, 4, 5], version: 1 });
  });
});
