import type { LeaveType } from '@app/shared/leave/leave';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { i18n } from '../../../../test/i18n';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signInEmployee } from '../../hours/hours-fixtures';
import { LeaveTypesPage, parseHours } from './LeaveTypesPage';
import { leavePolicy, leaveType } from './leave-settings-fixtures';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function open(types: LeaveType[] = [leaveType()]) {
  let list = types;
  const f = mockFetch((req) => {
    if (req.path === '/api/leave-types' && req.method === 'GET') return json(200, { data: list });
    if (req.path === '/api/leave-types' && req.method === 'POST') {
      const created = leaveType({ id: 2, ...(req.body as object) });
      list = [...list, created];
      return json(201, { data: created });
    }
    if (req.path === '/api/leave-types/1' && req.method === 'DELETE') {
      list = list.filter((x) => x.id !== 1);
      return noContent();
    }
    if (req.path === '/api/leave-policy' && req.method === 'GET') return json(200, { data: leavePolicy() });
    if (req.path === '/api/leave-policy' && req.method === 'PUT') {
      const b = req.body as { fullTimeWeekMinutes: number; yearlyMinutes: number };
      return json(200, { data: leavePolicy({ ...b, version: 2 }) });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: ['leave-categories.manage'] });
  const view = renderWithProviders(<LeaveTypesPage />, { path: '/settings/hours/leave-types', queryClient });
  return { ...view, f };
}

describe('LeaveTypesPage', () => {
  it('lists the leave types with their code, flags and why one in use cannot go', async () => {
    open([
      leaveType(),
      leaveType({
        id: 3,
        name: 'Bijzonder verlof',
        code: 'BV',
        countsAgainstBalance: false,
        needsApproval: false,
        active: false,
        inUse: true,
        abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'LEAVE_TYPE_IN_USE' } },
      }),
    ]);
    const vak = await screen.findByTestId('leave-type-VAK');
    expect(within(vak).getByText('Vakantie')).toBeInTheDocument();
    expect(within(vak).getByText('Telt mee')).toBeInTheDocument();
    expect(within(vak).getByText('Met goedkeuring')).toBeInTheDocument();
    const bv = screen.getByTestId('leave-type-BV');
    expect(within(bv).getByText('Telt niet mee')).toBeInTheDocument();
    expect(within(bv).getByText('Zonder goedkeuring')).toBeInTheDocument();
    expect(within(bv).getByText('Inactief')).toBeInTheDocument();
    expect(within(bv).getByText('In gebruik')).toBeInTheDocument();
    const del = within(bv).getByRole('button', { name: 'Bijzonder verlof verwijderen' });
    expect(del).toHaveAttribute('aria-disabled', 'true');
    del.click();
    expect(notify.info).toHaveBeenCalledWith(expect.stringMatching(/^Deze verlofsoort is in gebruik/));
  });

  it("shows each leave type in the reader's language: the English name in English, the Dutch one when there is none", async () => {
    await i18n.changeLanguage('en');
    open([leaveType(), leaveType({ id: 3, name: 'Bijzonder verlof', nameEn: '', code: 'BV' })]);
    expect(within(await screen.findByTestId('leave-type-VAK')).getByText('Holiday')).toBeInTheDocument();
    expect(within(screen.getByTestId('leave-type-BV')).getByText('Bijzonder verlof')).toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    open([]);
    expect(await screen.findByText('Nog geen verlofsoorten')).toBeInTheDocument();
  });

  it('creates a leave type in the modal', async () => {
    const { user, f } = open();
    await screen.findByTestId('leave-type-VAK');
    await user.click(screen.getByRole('button', { name: 'Nieuwe verlofsoort' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam(?! \(Engels\))/ }), 'Bijzonder verlof');
    await user.type(within(dialog).getByRole('textbox', { name: /^Naam \(Engels\)/ }), 'Special leave');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'BV');
    await user.click(within(dialog).getByRole('switch', { name: /Telt mee voor het saldo/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Nieuwe verlofsoort' }));
    await waitFor(() => expect(f.to('/api/leave-types', 'POST')).toHaveLength(1));
    expect(f.to('/api/leave-types', 'POST')[0]?.body).toEqual({
      name: 'Bijzonder verlof',
      nameEn: 'Special leave',
      code: 'BV',
      color: '#228be6',
      countsAgainstBalance: false,
      needsApproval: true,
      active: true,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verlofsoort Bijzonder verlof is aangemaakt.'));
    expect(await screen.findByTestId('leave-type-BV')).toBeInTheDocument();
  });

  it('says what is wrong with the fields and sends nothing', async () => {
    const { user, f } = open();
    await screen.findByTestId('leave-type-VAK');
    await user.click(screen.getByRole('button', { name: 'Nieuwe verlofsoort' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'V K');
    await user.click(within(dialog).getByRole('button', { name: 'Nieuwe verlofsoort' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(within(dialog).getByText('Gebruik alleen letters, cijfers, - en _ (zonder spaties).')).toBeInTheDocument();
    expect(f.to('/api/leave-types', 'POST')).toHaveLength(0);
  });

  it('deletes an unused leave type after confirming', async () => {
    const { user, f } = open();
    await screen.findByTestId('leave-type-VAK');
    await user.click(screen.getByRole('button', { name: 'Vakantie verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Vakantie verwijderen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/leave-types/1', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/leave-types/1', 'DELETE')[0]?.query.get('version')).toBe('1');
    expect(await screen.findByText('Nog geen verlofsoorten')).toBeInTheDocument();
  });

  it('saves the leave policy in h:mm and refuses hours it cannot read', async () => {
    const { user, f } = open();
    const week = await screen.findByRole('textbox', { name: /^Voltijd werkweek/ });
    const yearly = screen.getByRole('textbox', { name: /^Verlofrecht per jaar/ });
    expect(week).toHaveValue('40:00');
    expect(yearly).toHaveValue('200:00');
    expect(screen.getByTestId('policy-days')).toHaveTextContent('Dat is ongeveer 25 dagen van 8:00 uur.');
    await user.clear(yearly);
    await user.type(yearly, 'abc');
    await user.click(screen.getByRole('button', { name: 'Beleid opslaan' }));
    expect(await screen.findByText('Vul uren in als 40:00 of 38,5.')).toBeInTheDocument();
    expect(f.to('/api/leave-policy', 'PUT')).toHaveLength(0);
    await user.clear(yearly);
    await user.type(yearly, '180:30');
    await user.click(screen.getByRole('button', { name: 'Beleid opslaan' }));
    await waitFor(() => expect(f.to('/api/leave-policy', 'PUT')).toHaveLength(1));
    expect(f.to('/api/leave-policy', 'PUT')[0]?.body).toEqual({ fullTimeWeekMinutes: 2400, yearlyMinutes: 10830, version: 1 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Het verlofbeleid is opgeslagen.'));
  });
});

describe('parseHours', () => {
  it.each([
    ['40:00', 2400],
    ['200', 12000],
    ['38,5', 2310],
    ['7:30', 450],
    ['0', 0],
    ['1234:59', 74099],
    ['abc', null],
    ['12:75', null],
  ])('%s -> %s', (text, minutes) => expect(parseHours(text)).toBe(minutes));
});
