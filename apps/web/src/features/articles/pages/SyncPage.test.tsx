import type { SyncRun } from '@app/shared/articles/articles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { SyncPage } from './SyncPage';

const notify = mockNotify();

const run = (over: Partial<SyncRun>): SyncRun => ({
  id: 1,
  trigger: 'manual',
  triggeredBy: 'Anna de Vries',
  status: 'succeeded',
  phase: 'done',
  fetched: 2500,
  expected: 2500,
  created: 0,
  updated: 0,
  unchanged: 2500,
  deleted: 0,
  error: null,
  errorDetail: null,
  startedAt: '2026-01-05T09:00:00.000Z',
  finishedAt: '2026-01-05T09:00:12.000Z',
  ...over,
});

const page = (data: SyncRun[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

/**
 * A server whose run goes through `steps` (one per poll of GET /runs/:id, the last one repeated),
 * and whose history holds `history` plus the started run.
 */
function openSync(o: { history?: SyncRun[]; start?: () => Response; steps?: SyncRun[] }) {
  let started: SyncRun | null = null;
  let poll = 0;
  const steps = o.steps ?? [];
  const f = mockFetch((req) => {
    if (req.path === '/api/articles/sync' && req.method === 'POST') {
      if (o.start) return o.start();
      started = steps[0] ?? null;
      return json(202, { data: started });
    }
    if (req.path === '/api/articles/sync/runs') {
      const current = started ? [steps[Math.min(poll, steps.length - 1)] as SyncRun] : [];
      return json(200, page([...current, ...(o.history ?? [])]));
    }
    const m = req.path.match(/^\/api\/articles\/sync\/runs\/(\d+)$/);
    if (m) {
      const found = steps.find((s) => s.id === Number(m[1])) ?? o.history?.find((s) => s.id === Number(m[1]));
      if (!found) return apiError(404, 'SYNC_RUN_NOT_FOUND');
      if (steps.length) {
        const step = steps[Math.min(++poll, steps.length - 1)] as SyncRun;
        return json(200, { data: step });
      }
      return json(200, { data: found });
    }
    return undefined;
  });
  const view = renderWithProviders(<SyncPage />, { path: '/sync' });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('SyncPage', () => {
  it('starts a run, shows its progress while it runs, then the result', async () => {
    const steps = [
      run({ id: 9, status: 'queued', phase: 'queued', fetched: 0, expected: null, unchanged: 0, finishedAt: null }),
      run({ id: 9, status: 'running', phase: 'fetching', fetched: 1000, expected: 2500, unchanged: 0, finishedAt: null }),
      run({ id: 9, status: 'running', phase: 'applying', fetched: 2500, expected: 2500, unchanged: 0, finishedAt: null }),
      run({ id: 9, created: 12, updated: 30, unchanged: 2450, deleted: 8 }),
    ];
    const { user, f } = openSync({
      steps,
      history: [run({ id: 4, startedAt: '2026-01-04T02:00:00.000Z', trigger: 'schedule', triggeredBy: null })],
    });
    expect(await screen.findByText('Synchronisatie geslaagd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Artikelen synchroniseren' }));

    await waitFor(() => expect(f.to('/api/articles/sync', 'POST')).toHaveLength(1));
    expect(f.to('/api/articles/sync', 'POST')[0]?.headers['X-XSRF-TOKEN']).toBe('tok');
    const progress = await screen.findByTestId('sync-progress');
    expect(screen.getByRole('button', { name: 'Artikelen synchroniseren' })).toBeDisabled();

    // Polled: the bar follows the fetched count against what the ERP announced.
    expect(await within(progress).findByText('1.000 van 2.500 artikelen opgehaald')).toBeInTheDocument();
    expect(within(progress).getByText('Ophalen uit het ERP')).toBeInTheDocument();
    expect(within(progress).getByRole('progressbar', { name: 'Voortgang van de synchronisatie' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(await within(screen.getByTestId('sync-progress')).findByText('Verwerken')).toBeInTheDocument();

    const result = await screen.findByTestId('sync-result');
    expect(within(result).getByText('Synchronisatie geslaagd')).toBeInTheDocument();
    const counts: [string, string][] = [
      ['Nieuw', '12'],
      ['Bijgewerkt', '30'],
      ['Ongewijzigd', '2.450'],
      ['Verwijderd', '8'],
    ];
    for (const [label, value] of counts) {
      expect(within(result).getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(notify.success).toHaveBeenCalledWith('De synchronisatie is klaar.');
    expect(screen.queryByTestId('sync-progress')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Artikelen synchroniseren' })).toBeEnabled();
    // Polling stopped at the end: one more answer is never asked for.
    const polls = f.to('/api/articles/sync/runs/9').length;
    await new Promise((r) => setTimeout(r, 1500));
    expect(f.to('/api/articles/sync/runs/9')).toHaveLength(polls);
    // The history shows the new run.
    const table = screen.getByRole('table', { name: 'Eerdere synchronisaties' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByText('12 nieuw · 30 bijgewerkt · 2450 ongewijzigd · 8 verwijderd')).toBeInTheDocument();
    expect(within(table).getAllByText('Automatisch').length).toBeGreaterThan(0);
  });

  it('says a sync is already running on 409 and follows that run', async () => {
    const running = run({ id: 5, status: 'running', phase: 'fetching', fetched: 500, expected: 2000, finishedAt: null });
    let conflict = false;
    const f = mockFetch((req) => {
      if (req.path === '/api/articles/sync' && req.method === 'POST') {
        conflict = true;
        return apiError(409, 'ARTICLE_SYNC_RUNNING', { details: { runId: 5 } });
      }
      if (req.path === '/api/articles/sync/runs') return json(200, page(conflict ? [running] : [run({ id: 3 })]));
      if (req.path === '/api/articles/sync/runs/5') return json(200, { data: running });
      return undefined;
    });
    const { user } = renderWithProviders(<SyncPage />, { path: '/sync' });
    await screen.findByText('Synchronisatie geslaagd');

    await user.click(screen.getByRole('button', { name: 'Artikelen synchroniseren' }));

    expect(await screen.findByText('Er loopt al een synchronisatie. Je ziet hieronder hoe ver die is.')).toBeInTheDocument();
    const progress = await screen.findByTestId('sync-progress');
    expect(within(progress).getByText('500 van 2.000 artikelen opgehaald')).toBeInTheDocument();
    expect(f.to('/api/articles/sync/runs/5').length).toBeGreaterThan(0);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the progress of a run that is already going when the page opens', async () => {
    const going = run({ id: 8, status: 'running', phase: 'fetching', fetched: 250, expected: null, finishedAt: null });
    mockFetch((req) => {
      if (req.path === '/api/articles/sync/runs') return json(200, page([going, run({ id: 7 })]));
      if (req.path === '/api/articles/sync/runs/8') return json(200, { data: going });
      return undefined;
    });
    renderWithProviders(<SyncPage />, { path: '/sync' });
    const progress = await screen.findByTestId('sync-progress');
    // Without an announced total the count alone is shown.
    expect(within(progress).getByText('250 artikelen opgehaald')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Artikelen synchroniseren' })).toBeDisabled();
  });

  it('translates why a run stopped: a short ERP list deletes nothing', async () => {
    const steps = [
      run({ id: 11, status: 'queued', phase: 'queued', fetched: 0, expected: null, finishedAt: null }),
      run({ id: 11, status: 'aborted', phase: 'done', fetched: 1200, expected: 2500, unchanged: 0, error: 'SHORT_FEED' }),
    ];
    const { user } = openSync({ steps });
    expect(await screen.findByText(/Er is nog nooit gesynchroniseerd/)).toBeInTheDocument();
    expect(screen.getByText('Nog geen synchronisaties')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Artikelen synchroniseren' }));

    const result = await screen.findByTestId('sync-result');
    expect(within(result).getByText('Synchronisatie afgebroken')).toBeInTheDocument();
    expect(within(result).getByText('De ERP-lijst was te kort; er is niets verwijderd.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('De ERP-lijst was te kort; er is niets verwijderd.');
    const table = screen.getByRole('table', { name: 'Eerdere synchronisaties' });
    expect(await within(table).findByText('ERP-lijst te kort')).toBeInTheDocument();
  });

  it('says a run was interrupted because the server stopped, and that a new sync can start at once', async () => {
    const steps = [
      run({ id: 12, status: 'queued', phase: 'queued', fetched: 0, expected: null, finishedAt: null }),
      run({ id: 12, status: 'failed', phase: 'done', fetched: 500, expected: 2000, unchanged: 0, error: 'INTERRUPTED' }),
    ];
    const { user } = openSync({ steps });
    await screen.findByText(/Er is nog nooit gesynchroniseerd/);
    await user.click(screen.getByRole('button', { name: 'Artikelen synchroniseren' }));
    const result = await screen.findByTestId('sync-result');
    expect(within(result).getByText('Onderbroken: de server stopte tijdens deze synchronisatie.')).toBeInTheDocument();
    expect(
      within(result).getByText('Er is niets aan de artikelen veranderd. Je kunt meteen opnieuw synchroniseren.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Artikelen synchroniseren' })).toBeEnabled();
  });

  it('shows the failure of the start itself', async () => {
    const { user } = openSync({ start: () => apiError(403, 'FORBIDDEN') });
    await screen.findByText(/Er is nog nooit gesynchroniseerd/);
    await user.click(screen.getByRole('button', { name: 'Artikelen synchroniseren' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Je hebt geen toestemming voor deze actie.'));
    expect(screen.queryByTestId('sync-progress')).not.toBeInTheDocument();
  });
});
