import type { EmployeeContract } from '@app/shared/hr-documents/contracts';
import type { EmployeeDocument, ExpiringItem } from '@app/shared/hr-documents/documents';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { employeeKeys } from '../../users/employees-api';
import { employee, signInEmployee } from '../../users/pages/employees.fixtures';
import { ContractsPage } from './ContractsPage';
import { DocumentsPage } from './DocumentsPage';
import { ExpiringPage } from './ExpiringPage';

const notify = mockNotify();

/** The person whose record it is: what GET /api/users/7 answers to the record's header (UserHeader); a document of his runs out. */
const bram = employee({ id: 7, firstName: 'Bram', insertion: null, lastName: 'de Jong', name: 'Bram de Jong', expiring: true });
const isBram = (path: string) => path === '/api/users/7';

beforeEach(() => {
  setXsrfCookie('tok');
  notify.success.mockClear();
});

const allowed = { canEdit: true, canDelete: true, reasons: {} };
const denied = { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } } as const;
const file = (id: number, name: string) => ({
  id,
  originalName: name,
  mime: 'application/pdf',
  size: 2048,
  url: `/api/files/${id}`,
  uploadedBy: 'Ilse HR',
  createdAt: '2026-01-05T10:00:00.000Z',
});
const doc = (o: Partial<EmployeeDocument> = {}): EmployeeDocument => ({
  id: 5,
  employeeId: 7,
  type: 'vca',
  title: 'VCA-basis',
  expiresOn: '2026-12-01',
  status: 'expiring',
  notes: 'Herexamen plannen',
  file: file(41, 'vca-basis.pdf'),
  version: 3,
  createdAt: '2026-01-05T10:00:00.000Z',
  abilities: allowed,
  ...o,
});
const contract = (o: Partial<EmployeeContract> = {}): EmployeeContract => ({
  id: 9,
  employeeId: 7,
  startsOn: '2026-01-01',
  endsOn: null,
  minutesPerWeek: 2280,
  status: 'current',
  notes: '',
  file: null,
  version: 1,
  createdAt: '2026-01-05T10:00:00.000Z',
  abilities: allowed,
  ...o,
});

function openDocuments(
  canCreate = true,
  data = [
    doc(),
    doc({
      id: 6,
      type: 'identity',
      title: 'Paspoort',
      expiresOn: null,
      status: 'none',
      notes: '',
      file: file(42, 'paspoort.jpg'),
    }),
  ],
) {
  const f = mockFetch((req) => {
    if (isBram(req.path)) return json(200, { data: bram });
    if (req.path === '/api/users/7/documents' && req.method === 'GET') {
      return json(200, {
        data: canCreate ? data : data.map((d) => ({ ...d, abilities: denied })),
        today: '2026-11-21',
        abilities: canCreate ? { canCreate: true, reasons: {} } : { canCreate: false, reasons: { canCreate: 'FORBIDDEN' } },
      });
    }
    if (req.path === '/api/users/7/documents/5' && req.method === 'PUT')
      return json(200, { data: doc({ title: 'VCA-VOL', version: 4 }) });
    if (req.path === '/api/users/7/documents/5' && req.method === 'DELETE') return noContent();
    return undefined;
  });
  // HR with documents.manage, or (read-only) Bram himself.
  const queryClient = createTestQueryClient();
  if (canCreate) signInEmployee(queryClient, ['documents.manage']);
  else signInEmployee(queryClient, [], { employeeId: 7 });
  const view = renderWithProviders(<DocumentsPage />, {
    path: '/users/:userId/documents',
    url: '/users/7/documents',
    queryClient,
  });
  return { ...view, f };
}

describe('DocumentsPage', () => {
  it('lists the documents with their expiry status and a download link', async () => {
    openDocuments();
    expect(await screen.findByText('VCA-basis')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Documenten' })).toBeInTheDocument();
    expect(screen.getByText('01-12-2026')).toBeInTheDocument();
    expect(screen.getByText('Verloopt binnenkort')).toBeInTheDocument();
    expect(screen.getAllByText('Verloopt niet').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'vca-basis.pdf' })).toHaveAttribute('href', '/api/files/41');
    expect(screen.getByRole('button', { name: 'Document toevoegen' })).toBeInTheDocument();
  });

  it("shows 'Verloopt' beside the title: the documents tab is where it belongs", async () => {
    openDocuments();
    expect(await screen.findByText('Verloopt')).toBeInTheDocument();
  });

  it('changes a document with the version it was based on', async () => {
    const { user, f } = openDocuments();
    await user.click(await screen.findByRole('button', { name: 'VCA-basis wijzigen' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: /Titel/ });
    await user.clear(title);
    await user.type(title, 'VCA-VOL');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/users/7/documents/5', 'PUT')).toHaveLength(1));
    expect(f.to('/api/users/7/documents/5', 'PUT')[0]?.body).toEqual({
      type: 'vca',
      title: 'VCA-VOL',
      expiresOn: '2026-12-01',
      notes: 'Herexamen plannen',
      fileId: 41,
      version: 3,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('VCA-VOL is opgeslagen.'));
  });

  it('asks for a type and a file before adding', async () => {
    const { user, f } = openDocuments();
    await user.click(await screen.findByRole('button', { name: 'Document toevoegen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Document toevoegen' }));
    expect((await within(dialog).findAllByText('Dit veld is verplicht.')).length).toBeGreaterThanOrEqual(2);
    expect(f.to('/api/users/7/documents', 'POST')).toHaveLength(0);
  });

  it('asks before deleting, then deletes with the version', async () => {
    const { user, f } = openDocuments();
    await user.click(await screen.findByRole('button', { name: 'VCA-basis verwijderen' }));
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/users/7/documents/5', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/users/7/documents/5', 'DELETE')[0]?.query.get('version')).toBe('3');
  });

  it('is read-only for the employee themselves', async () => {
    openDocuments(false);
    expect(await screen.findByText('VCA-basis')).toBeInTheDocument();
    expect(screen.getByText(/Je documenten zoals HR ze heeft vastgelegd/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Document toevoegen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'VCA-basis wijzigen' })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    openDocuments(false, []);
    expect(await screen.findByText('Nog geen documenten')).toBeInTheDocument();
    expect(screen.getByText('HR heeft nog geen documenten van je vastgelegd.')).toBeInTheDocument();
  });
});

describe('ContractsPage', () => {
  function open() {
    const f = mockFetch((req) => {
      if (isBram(req.path)) return json(200, { data: bram });
      if (req.path === '/api/users/7/contracts' && req.method === 'GET') {
        return json(200, {
          data: [
            contract(),
            contract({ id: 8, startsOn: '2025-01-01', endsOn: '2025-12-31', status: 'ended', minutesPerWeek: 1950 }),
          ],
          today: '2026-11-21',
          abilities: { canCreate: true, reasons: {} },
        });
      }
      if (req.path === '/api/users/7/contracts' && req.method === 'POST') return json(201, { data: contract({ id: 10 }) });
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signInEmployee(queryClient, ['contracts.manage']);
    const view = renderWithProviders(<ContractsPage />, {
      path: '/users/:userId/contracts',
      url: '/users/7/contracts',
      queryClient,
    });
    return { ...view, f, queryClient };
  }

  it('lists the contracts with period, hours as h:mm and status', async () => {
    const { queryClient } = open();
    expect(await screen.findByText('Vanaf 01-01-2026 (vast)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Contracten' })).toBeInTheDocument();
    // The person's documents run out, but that badge is the documents tab's, not every tab's.
    await waitFor(() => expect(queryClient.getQueryState(employeeKeys.detail(7))?.status).toBe('success'));
    expect(screen.queryByText('Verloopt')).not.toBeInTheDocument();
    expect(screen.getByText('01-01-2025 t/m 31-12-2025')).toBeInTheDocument();
    expect(screen.getByText('38:00 uur')).toBeInTheDocument();
    expect(screen.getByText('32:30 uur')).toBeInTheDocument();
    expect(screen.getByText('Afgelopen')).toBeInTheDocument();
  });

  it('adds a contract with hours like 32,5 sent as minutes, and refuses an end before the start', async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('button', { name: 'Contract toevoegen' }));
    const dialog = await screen.findByRole('dialog');
    const start = within(dialog).getByLabelText(/Ingangsdatum/);
    const end = within(dialog).getByLabelText(/Einddatum/);
    await user.type(start, '2027-01-01');
    await user.type(end, '2026-12-31');
    await user.type(within(dialog).getByLabelText(/Uren per week/), '32,5');
    await user.click(within(dialog).getByRole('button', { name: 'Contract toevoegen' }));
    expect(await within(dialog).findByText('Het einde moet na het begin liggen.')).toBeInTheDocument();
    expect(f.to('/api/users/7/contracts', 'POST')).toHaveLength(0);
    await user.clear(end);
    await user.click(within(dialog).getByRole('button', { name: 'Contract toevoegen' }));
    await waitFor(() => expect(f.to('/api/users/7/contracts', 'POST')).toHaveLength(1));
    expect(f.to('/api/users/7/contracts', 'POST')[0]?.body).toEqual({
      startsOn: '2027-01-01',
      endsOn: null,
      minutesPerWeek: 1950,
      notes: '',
      fileId: null,
    });
  });
});

describe('ExpiringPage', () => {
  const items: ExpiringItem[] = [
    {
      kind: 'document',
      id: 1,
      employee: { id: 3, name: 'Bram de Jong' },
      date: '2026-10-01',
      status: 'expired',
      type: 'vca',
      title: 'VCA-basis',
    },
    {
      kind: 'contract',
      id: 2,
      employee: { id: 4, name: 'Lotte Smit' },
      date: '2026-12-05',
      status: 'ending',
      startsOn: '2026-01-01',
      minutesPerWeek: 1440,
    },
  ];
  function open(parts = { documents: true, contracts: true }, data = items) {
    mockFetch((req) => (req.path === '/api/hr/expiring' ? json(200, { data, today: '2026-11-21', parts }) : undefined));
    return renderWithProviders(<ExpiringPage />, { path: '/users/expiring', url: '/users/expiring' });
  }

  it('lists documents and contracts by date, each linking to the person', async () => {
    open();
    expect(await screen.findByRole('link', { name: 'Bram de Jong' })).toHaveAttribute('href', '/users/3/documents');
    expect(screen.getByRole('link', { name: 'Lotte Smit' })).toHaveAttribute('href', '/users/4/contracts');
    expect(screen.getByText('Verlopen')).toBeInTheDocument();
    expect(screen.getByText('Eindigt binnenkort')).toBeInTheDocument();
    expect(screen.getByText('Sinds 01-01-2026, 24:00 uur per week')).toBeInTheDocument();
  });

  it('filters by kind', async () => {
    const { user } = open();
    await screen.findByRole('link', { name: 'Bram de Jong' });
    await user.click(screen.getByText('Contracten'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Bram de Jong' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Lotte Smit' })).toBeInTheDocument();
  });

  it('says all is in order when nothing needs attention', async () => {
    open({ documents: true, contracts: false }, []);
    expect(await screen.findByText('Alles is op orde')).toBeInTheDocument();
    expect(screen.queryByText('Contracten')).not.toBeInTheDocument();
  });
});
