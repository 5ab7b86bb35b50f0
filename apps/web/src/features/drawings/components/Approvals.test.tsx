import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { ApproversBlock } from '../../../components/approvals/ApproversBlock';
import { clientViewer, order } from '../../orders/order-fixtures';
import { WaitingForYouBlock } from '../../portal/components/WaitingForYouBlock';
import { pageOf } from '../../projects/project-fixtures';
import { drawing, drawingItem } from '../drawings-fixtures';
import { PortalDrawingPage, PortalDrawingsPage } from '../pages/PortalDrawingPages';
import { ProjectApprovals } from './ProjectApprovals';

beforeEach(() => setXsrfCookie('tok'));

const approvers = [
  { id: 81, name: 'Emma Jansen', state: 'approved' as const, decidedAt: '2026-11-20T10:00:00.000Z' },
  { id: 82, name: 'Noor Goedkeurder', state: 'waiting' as const, decidedAt: null },
];

describe('deadlines and named approvers on the screens', () => {
  it('shows the due date, the rule and each approver’s state, marked overdue', async () => {
    renderWithProviders(
      <ApproversBlock record={drawing({ dueDate: '2026-11-19', overdue: true, approvalRule: 'all', approvers })} />,
    );
    const block = await screen.findByRole('region', { name: 'Goedkeuring' });
    expect(within(block).getByText('Te laat')).toBeInTheDocument();
    expect(within(block).getByText('19-11-2026')).toBeInTheDocument();
    expect(
      within(block).getByText('Alle goedkeurders moeten goedkeuren; één verzoek om wijzigingen beslist.'),
    ).toBeInTheDocument();
    const items = within(block).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Emma Jansen');
    expect(items[0]).toHaveTextContent('Goedgekeurd');
    expect(items[1]).toHaveTextContent('Wacht');
  });

  it('says anyone decides when nobody is named, in English too', async () => {
    await setTestLanguage('en');
    try {
      const { container } = renderWithProviders(<ApproversBlock record={drawing()} />);
      expect(await screen.findByText("No approvers named: any of the client's users can decide.")).toBeInTheDocument();
      expect(screen.getByText('None')).toBeInTheDocument();
      expect(container.textContent).not.toMatch(/approvals\./);
    } finally {
      await setTestLanguage('nl');
    }
  });

  it('the portal’s “waiting for you” switch filters the list through the address, and marks the rows', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/client/projects') return json(200, pageOf([]));
      if (req.path === '/api/client/drawings')
        return json(200, pageOf([drawingItem({ overdue: true, dueDate: '2026-11-19', waitingForYou: true })]));
      return undefined;
    });
    const { user, router } = renderWithProviders(<PortalDrawingsPage />, { path: '/drawings' });
    expect(await screen.findByText('Te laat')).toBeInTheDocument();
    expect(screen.getByText('Wacht op jou')).toBeInTheDocument();
    expect(screen.getByText('Uiterlijk 19-11-2026')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Alleen wat op jou wacht' }));
    await waitFor(() => expect(new URLSearchParams(router?.state.location.search).get('waiting')).toBe('me'));
    await waitFor(() => expect(f.to('/api/client/drawings').at(-1)?.query.get('waiting')).toBe('me'));
  });

  it('the portal’s drawing page shows the approval block', async () => {
    mockFetch((req) =>
      req.path === '/api/client/drawings/11' ? json(200, { data: drawing({ approvers, approvalRule: 'all' }) }) : undefined,
    );
    renderWithProviders(<PortalDrawingPage />, { path: '/drawings/:drawingId', url: '/drawings/11' });
    expect(await screen.findByRole('region', { name: 'Goedkeuring' })).toHaveTextContent('Noor Goedkeurder');
  });

  it('lists a project’s drawings and orders with their state and an empty state', async () => {
    mockFetch((req) => {
      if (req.path === '/api/client/drawings')
        return json(
          200,
          pageOf(req.query.get('tab') === 'pending' ? [drawingItem({ overdue: true, dueDate: '2026-11-19' })] : []),
        );
      if (req.path === '/api/client/orders') return json(200, pageOf([]));
      return undefined;
    });
    renderWithProviders(<ProjectApprovals side="client" projectId={3} />, { path: '/project/3' });
    const drawings = await screen.findByRole('list', { name: 'Tekeningen' });
    expect(within(drawings).getByRole('link', { name: 'Hut 5001 wandkast' })).toHaveAttribute('href', '/drawings/11');
    expect(within(drawings).getByText('Te laat')).toBeInTheDocument();
    expect(await screen.findByText('Er zijn nog geen bestellingen voor dit project.')).toBeInTheDocument();
  });

  it('the dashboard block lists the drawings and orders waiting for the signed-in user, overdue first', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/client/drawings')
        return json(200, pageOf([drawingItem({ dueDate: '2026-12-19', waitingForYou: true })]));
      if (req.path === '/api/client/orders')
        return json(
          200,
          pageOf([order('pending_approval', clientViewer, { overdue: true, dueDate: '2026-11-19', waitingForYou: true })]),
        );
      return undefined;
    });
    renderWithProviders(<WaitingForYouBlock />, { path: '/' });
    const block = await screen.findByRole('region', { name: /Wacht op jou/ });
    expect(await within(block).findByRole('link', { name: 'Barkruk Nordic' })).toHaveAttribute('href', '/orders/12');
    const links = within(block).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Tekeningen die op jou wachten',
      'Barkruk Nordic',
      'Hut 5001 wandkast',
      'Bestellingen die op jou wachten',
    ]);
    expect(within(block).getByText('Te laat')).toBeInTheDocument();
    expect(within(block).getByText('2')).toBeInTheDocument();
    expect(f.to('/api/client/drawings')[0]?.query.get('waiting')).toBe('me');
    expect(f.to('/api/client/orders')[0]?.query.get('waiting')).toBe('me');
  });

  it('the dashboard block says when nothing waits', async () => {
    mockFetch((req) =>
      req.path === '/api/client/drawings' || req.path === '/api/client/orders' ? json(200, pageOf([])) : undefined,
    );
    renderWithProviders(<WaitingForYouBlock />, { path: '/' });
    expect(await screen.findByText('Er wacht niets op jouw besluit.')).toBeInTheDocument();
  });
});
