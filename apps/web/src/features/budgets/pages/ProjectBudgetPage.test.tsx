import type { ProjectBudget } from '@app/shared/budgets/budgets';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { ProjectBudgetPage } from './ProjectBudgetPage';

const notify = mockNotify();

const none = (activity: ProjectBudget['hours'][number]['activity']) => ({
  activity,
  budgetMinutes: null,
  actualMinutes: 0,
  state: 'none' as const,
});
const budget: ProjectBudget = {
  stamp: 'abc',
  hours: [
    { activity: 'installation', budgetMinutes: 500, actualMinutes: 480, state: 'warning' },
    none('workshop'),
    { activity: 'engineering', budgetMinutes: 600, actualMinutes: 150, state: 'ok' },
    none('travel'),
    none('management'),
    none('other'),
  ],
  hoursTotal: { budgetMinutes: 1100, actualMinutes: 630, state: 'ok' },
  articles: { budget: 100, actual: 95, unpriced: 1, state: 'warning' },
  areas: [
    {
      areaId: 11,
      kind: 'deck',
      number: '5',
      name: 'Deck 5',
      parentId: null,
      budget: null,
      actual: 95,
      unpriced: 1,
      actualMinutes: 480,
      state: 'none',
    },
    {
      areaId: 12,
      kind: 'area',
      number: '5001',
      name: 'Hut 5001',
      parentId: 11,
      budget: 30,
      actual: 35,
      unpriced: 0,
      actualMinutes: 480,
      state: 'over',
    },
  ],
};

function open(put?: (body: unknown) => Response) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/projects/3/budget' && req.method === 'GET') return json(200, { data: budget });
    if (req.path === '/api/projects/3/budget' && req.method === 'PUT' && put) return put(req.body);
    return undefined;
  });
  return { ...renderWithProviders(<ProjectBudgetPage />, { path: '/projects/:projectId/budget', url: '/projects/3/budget' }), f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  for (const fn of Object.values(notify)) fn.mockReset();
});

describe('ProjectBudgetPage', () => {
  it('shows spent against budget per activity and area, in words as well as bars, and warns from 90 %', async () => {
    open();
    const hours = await screen.findByRole('region', { name: 'Uren per activiteit' });
    expect(within(hours).getByText('8:00 u van 8:20 u (96%)')).toBeInTheDocument();
    expect(within(hours).getByRole('progressbar', { name: /Montage: 8:00 u van 8:20 u/ })).toBeInTheDocument();
    expect(within(hours).getByText('Bijna op')).toBeInTheDocument();
    expect(within(hours).getAllByText('0:00 u besteed · geen budget')).toHaveLength(4);
    const articles = screen.getByRole('region', { name: 'Artikelen' });
    expect(within(articles).getByText(/€\s?95,00 van €\s?100,00 \(95%\)/)).toBeInTheDocument();
    expect(within(articles).getByText('Overschreden')).toBeInTheDocument();
    expect(within(articles).getByText('1 orderregel zonder kostprijs (niet meegeteld)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('90 % of meer besteed: Montage, Artikelen, Hut 5001.');
  });

  it('saves the edited budget with the stamp it started from: hours as minutes, empty fields left out', async () => {
    const { user, f } = open(() => json(200, { data: budget }));
    await screen.findByRole('region', { name: 'Uren per activiteit' });
    await user.click(screen.getByRole('button', { name: 'Budget wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Budget wijzigen' });
    const travel = within(dialog).getByLabelText('Reistijd');
    await user.type(travel, '12,5');
    const engineering = within(dialog).getByLabelText('Tekenwerk en engineering');
    await user.clear(engineering);
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/3/budget', 'PUT')).toHaveLength(1));
    expect(f.to('/api/projects/3/budget', 'PUT')[0]?.body).toEqual({
      stamp: 'abc',
      hours: [
        { activity: 'installation', minutes: 500 },
        { activity: 'travel', minutes: 750 },
      ],
      articles: 100,
      areas: [{ areaId: 12, amount: 30 }],
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Budget opgeslagen.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the form open and says so when someone saved the budget meanwhile', async () => {
    const { user } = open(() => apiError(409, 'STALE_VERSION'));
    await screen.findByRole('region', { name: 'Uren per activiteit' });
    await user.click(screen.getByRole('button', { name: 'Budget wijzigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Budget wijzigen' });
    await user.type(within(dialog).getByLabelText('Reistijd'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nieuwste versie laden' })).toBeInTheDocument();
  });
});
