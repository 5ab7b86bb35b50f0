import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { CURRENT_USER_KEY } from '../../auth/guest-api';
import { plannerEntry, plannerList } from '../planner-fixtures';
import { MyPlannerCard } from './MyPlannerCard';

function open(o: { answer: () => Response; permissions?: string[] }) {
  const f = mockFetch((req) => (req.path === '/api/planner/mine' ? o.answer() : undefined));
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { permissions: o.permissions ?? [] });
  const view = renderWithProviders(<MyPlannerCard />, { path: '/', queryClient });
  return { ...view, f };
}

const twoWeeks = plannerList({
  from: '2026-11-23',
  to: '2026-12-07',
  entries: [
    plannerEntry({ id: 1, allDay: true, start: '2026-11-23T00:00', end: '2026-11-25T00:00' }),
    plannerEntry({
      id: 2,
      project: { id: 4, name: 'Dunes Resort', color: '#2f7d32' },
      start: '2026-11-24T13:00',
      end: '2026-11-24T17:00',
    }),
  ],
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('MyPlannerCard', () => {
  it("lists this week's and next week's entries per day, today marked, with a link to the planner", async () => {
    const { f } = open({ answer: () => json(200, { data: twoWeeks }), permissions: ['planner.view'] });
    const card = await screen.findByRole('region', { name: 'Mijn planning' });
    await within(card).findByText('Deze week (week 48)');
    expect(f.to('/api/planner/mine')[0]?.query.toString()).toBe('');
    expect(within(card).getByText('Volgende week (week 49)')).toBeInTheDocument();
    expect(within(card).getByText('Niets gepland.')).toBeInTheDocument();
    const monday = screen.getByTestId('my-day-2026-11-23');
    expect(monday).toHaveTextContent('ma 23-11');
    expect(monday).toHaveTextContent('Nordic Star · hele dag');
    const tuesday = screen.getByTestId('my-day-2026-11-24');
    expect(tuesday).toHaveTextContent('Nordic Star · hele dag');
    expect(tuesday).toHaveTextContent('Dunes Resort · 13:00–17:00');
    expect(tuesday).toHaveTextContent('Vandaag');
    expect(screen.queryByTestId('my-day-2026-11-25')).toBeNull();
    expect(within(card).getByRole('link', { name: 'Naar de planning' })).toHaveAttribute('href', '/planner');
  });

  it('says when nothing is planned, without a link for someone who may not open the planner', async () => {
    open({ answer: () => json(200, { data: plannerList({ entries: [] }) }) });
    expect(await screen.findByText('Je bent deze week en volgende week nog nergens ingepland.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Naar de planning' })).toBeNull();
  });

  it('says when the planning could not be loaded', async () => {
    open({ answer: () => apiError(500, 'INTERNAL') });
    expect(await screen.findByText('Je planning kon niet worden geladen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
