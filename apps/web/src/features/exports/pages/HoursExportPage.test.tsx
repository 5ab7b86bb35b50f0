import type { ExportRun } from '@app/shared/exports/exports';
import { lastMonth } from '@app/shared/exports/exports.rules';
import type { HourLock } from '@app/shared/hours/hours';
import { localDateString } from '@app/shared/platform/iso-week';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { ExportPanel } from '../components/ExportPanel';
import { HoursExportPage } from './HoursExportPage';

const notify = mockNotify();

const run = (over: Partial<ExportRun> = {}): ExportRun => ({
  id: 21,
  kind: 'hours',
  format: 'xlsx',
  from: '2026-10-01',
  to: '2026-10-31',
  employeeIds: null,
  approvedOnly: false,
  status: 'done',
  done: 4600,
  total: 4600,
  fileName: 'uren-2026-10-01-2026-10-31.xlsx',
  size: 120_000,
  error: null,
  fileUrl: '/api/exports/21/file',
  createdAt: '2026-11-02T09:15:00.000Z',
  finishedAt: '2026-11-02T09:15:04.000Z',
  ...over,
});

function open(
  o: {
    permissions?: Permission[];
    recent?: ExportRun[];
    polls?: ExportRun[];
    lock?: HourLock;
    postError?: { status: number; body: unknown };
  } = {},
) {
  const polls = [...(o.polls ?? [run()])];
  let lock: HourLock = o.lock ?? { lockedThrough: null, setBy: null, setAt: null };
  const f = mockFetch((req) => {
    if (req.path === '/api/notifications')
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 5, total: 0 } });
    if (req.path === '/api/exports' && req.method === 'GET') return json(200, { data: o.recent ?? [] });
    if (req.path === '/api/exports' && req.method === 'POST') {
      if (o.postError) return json(o.postError.status, o.postError.body);
      const body = req.body as { from: string; to: string; format: 'xlsx' | 'csv' };
      return json(202, {
        data: run({ ...body, id: 21, status: 'queued', done: 0, total: 0, fileName: null, fileUrl: null, size: null }),
      });
    }
    if (req.path === '/api/exports/21') {
      const next = polls.length > 1 ? polls.shift() : polls[0];
      return json(200, { data: next });
    }
    if (req.path === '/api/hours/lock' && req.method === 'GET') return json(200, { data: lock });
    if (req.path === '/api/hours/lock' && req.method === 'PUT') {
      const body = req.body as { lockedThrough: string | null };
      lock = { lockedThrough: body.lockedThrough, setBy: 'Petra Manders', setAt: '2026-11-02T10:00:00.000Z' };
      return json(200, { data: lock });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['hours.export']);
  const view = renderWithProviders(<HoursExportPage />, {
    path: '/settings/hours/export',
    url: '/settings/hours/export',
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('HoursExportPage', () => {
  it('exports last month as Excel by default, follows the progress and offers the download', async () => {
    const { user, f } = open({
      polls: [run({ status: 'running', done: 2000, total: 4600, fileName: null, fileUrl: null }), run()],
    });
    expect(await screen.findByRole('heading', { name: 'Uren exporteren' })).toBeInTheDocument();
    expect(await screen.findByText('Nog geen exports')).toBeInTheDocument();
    // No lock without hours.manage.
    expect(screen.queryByRole('heading', { name: 'Periode afsluiten' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(f.to('/api/exports', 'POST')).toHaveLength(1));
    const period = lastMonth(localDateString(new Date()));
    expect(f.to('/api/exports', 'POST')[0]?.body).toEqual({ kind: 'hours', format: 'xlsx', ...period });
    expect(notify.success).toHaveBeenCalledWith('De export is gestart.');
    expect(await screen.findByText('2.000 van 4.600 regels (43%)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Voortgang van de export' })).toBeInTheDocument();
    const download = await screen.findByRole('link', { name: 'Downloaden' }, { timeout: 4000 });
    expect(download).toHaveAttribute('href', '/api/exports/21/file');
    expect(screen.getByRole('status')).toHaveTextContent('De export is klaar');
  });

  it('exports a custom period as CSV, and checks the period before asking the server', async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('radio', { name: 'Eigen periode' }));
    await user.click(screen.getByRole('radio', { name: 'CSV' }));
    const from = screen.getByLabelText(/^Van/);
    const to = screen.getByLabelText(/^Tot en met/);
    await user.clear(from);
    await user.type(from, '2026-10-31');
    await user.clear(to);
    await user.type(to, '2026-10-01');
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum.')).toBeInTheDocument();
    expect(f.to('/api/exports', 'POST')).toHaveLength(0);
    await user.clear(to);
    await user.type(to, '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Exporteren' }));
    await waitFor(() => expect(f.to('/api/exports', 'POST')).toHaveLength(1));
    expect(f.to('/api/exports', 'POST')[0]?.body).toEqual({ kind: 'hours', format: 'csv', from: '2026-10-31', to: '2026-11-15' });
  });

  it('shows the server’s field errors on the form', async () => {
    const { user } = open({
      postError: { status: 400, body: { code: 'VALIDATION_FAILED', fieldErrors: { to: { code: 'span_too_long' } } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    expect(await screen.findByText('Kies een periode van hoogstens een jaar.')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalled();
  });

  it('says why an export failed and starts it again with "Opnieuw"', async () => {
    const { user, f } = open({ polls: [run({ status: 'failed', error: 'failed', fileUrl: null, fileName: null })] });
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    expect(await screen.findByText('Er ging iets mis bij het maken van het bestand. Probeer het opnieuw.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opnieuw' }));
    await waitFor(() => expect(f.to('/api/exports', 'POST')).toHaveLength(2));
    expect(f.to('/api/exports', 'POST')[1]?.body).toEqual({
      kind: 'hours',
      format: 'xlsx',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });

  it('lists the recent exports with their status and download links', async () => {
    open({ recent: [run(), run({ id: 20, status: 'failed', format: 'csv', error: 'failed', fileUrl: null, fileName: null })] });
    const list = await screen.findByTestId('recent-exports');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('01-10-2026 t/m 31-10-2026 · Excel (.xlsx)')).toBeInTheDocument();
    expect(
      within(items[0] as HTMLElement).getByRole('link', { name: 'uren-2026-10-01-2026-10-31.xlsx downloaden' }),
    ).toHaveAttribute('href', '/api/exports/21/file');
    expect(within(items[1] as HTMLElement).getByText('Mislukt')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says in the list and on the card that an export was cut off because the server stopped', async () => {
    const text = 'Onderbroken: de server stopte tijdens deze export. Er is geen bestand bewaard; exporteer opnieuw.';
    const interrupted = run({ id: 22, status: 'failed', error: 'interrupted', fileUrl: null, fileName: null });
    const { user } = open({ recent: [interrupted], polls: [interrupted] });
    const list = await screen.findByTestId('recent-exports');
    expect(within(list).getByText(text)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    const card = await screen.findByTestId('export-progress');
    expect(await within(card).findByText(text)).toBeInTheDocument();
  });

  it('closes a period after a confirmation (hours.manage)', async () => {
    const { user, f } = open({
      permissions: ['hours.export', 'hours.manage'],
      lock: { lockedThrough: '2026-09-30', setBy: 'Petra Manders', setAt: '2026-10-05T08:00:00.000Z' },
    });
    expect(await screen.findByText('Afgesloten tot en met 30-09-2026')).toBeInTheDocument();
    const date = screen.getByLabelText(/^Afsluiten tot en met/);
    await user.clear(date);
    await user.type(date, '2026-10-31');
    await user.click(screen.getByRole('button', { name: 'Periode afsluiten' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Uren op of voor deze datum kunnen daarna niet meer worden gewijzigd.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Periode afsluiten' }));
    await waitFor(() => expect(f.to('/api/hours/lock', 'PUT')).toHaveLength(1));
    expect(f.to('/api/hours/lock', 'PUT')[0]?.body).toEqual({ lockedThrough: '2026-10-31' });
    expect(await screen.findByText('Afgesloten tot en met 31-10-2026')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Uren afgesloten tot en met 31-10-2026.');
  });

  it('says when no period is closed, and sends nothing when the confirmation is cancelled', async () => {
    const { user, f } = open({ permissions: ['hours.export', 'hours.manage'] });
    expect(await screen.findByText('Geen periode afgesloten')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Alles heropenen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Periode afsluiten' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.to('/api/hours/lock', 'PUT')).toHaveLength(0);
  });
});

describe('ExportPanel', () => {
  it('shows nothing to someone without the export rights', async () => {
    const f = mockFetch(() => undefined);
    const queryClient = createTestQueryClient();
    signIn(queryClient, ['hours.manage']);
    renderWithProviders(<ExportPanel kind="overnights" />, { queryClient });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button', { name: 'Exporteren' })).not.toBeInTheDocument();
    expect(screen.queryByText('Recente exports')).not.toBeInTheDocument();
    expect(f.requests).toHaveLength(0);
  });
});
