import type { Permission } from '@app/shared/platform/permissions';
import type { EmployeeRow } from '@app/shared/users/employees';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { EmployeesPage } from './EmployeesPage';
import { employeeRow, signInEmployee } from './employees.fixtures';

const page = (rows: EmployeeRow[]) => ({ data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });

function openList(o: { rows?: EmployeeRow[]; deleted?: EmployeeRow[]; url?: string; permissions?: Permission[] } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/users') {
      if (req.query.get('q') === 'zzz') return json(200, page([]));
      return json(200, page(req.query.get('tab') === 'deleted' ? (o.deleted ?? []) : (o.rows ?? [])));
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, o.permissions ?? ['users.manage', 'documents.manage']);
  const view = renderWithProviders(<EmployeesPage />, { path: '/users', url: o.url ?? '/users', queryClient });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('EmployeesPage', () => {
  it('lists the active employees with function, role, e-mail, phone and the expiring badge', async () => {
    openList({
      rows: [
        employeeRow({ id: 21, expiring: true }),
        employeeRow({ id: 22, name: 'Bram Smit', email: 'bram@outfitting.test', function: null, role: null, phone: null }),
      ],
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Medewerkers' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Sanne de Vries' })).toHaveAttribute('href', '/users/21');
    expect(screen.getByText('Verloopt')).toBeInTheDocument();
    expect(screen.getByText('Monteurs')).toBeInTheDocument();
    expect(screen.getByText('Geen rol')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+31 6 1234 5678' })).toHaveAttribute('href', 'tel:+31612345678');
    expect(screen.getByRole('link', { name: 'Nieuwe medewerker' })).toHaveAttribute('href', '/users/new');
    expect(screen.getByRole('link', { name: 'Verlopen documenten en contracten' })).toHaveAttribute('href', '/users/expiring');
  });

  it('switches to the deactivated tab in the URL and asks the server for it', async () => {
    const { user, f } = openList({
      rows: [employeeRow()],
      deleted: [employeeRow({ id: 30, name: 'Oud Gediende', deletedAt: '2026-10-01T10:00:00.000Z' })],
    });
    await screen.findByRole('link', { name: 'Sanne de Vries' });
    expect(f.to('/api/users')[0]?.query.get('tab')).toBe('active');
    await user.click(screen.getByText('Gedeactiveerd'));
    expect(await screen.findByRole('link', { name: 'Oud Gediende' })).toBeInTheDocument();
    expect(f.to('/api/users').at(-1)?.query.get('tab')).toBe('deleted');
  });

  it('searches on the server and says when nothing matches', async () => {
    const { user, f } = openList({ rows: [employeeRow()] });
    await screen.findByRole('link', { name: 'Sanne de Vries' });
    await user.type(screen.getByRole('textbox', { name: 'Zoek op naam, e-mail of functie' }), 'zzz');
    expect(await screen.findByText('Geen medewerkers gevonden')).toBeInTheDocument();
    await waitFor(() => expect(f.to('/api/users').at(-1)?.query.get('q')).toBe('zzz'));
  });

  it('hides the create button and the expiring link without the rights', async () => {
    openList({ rows: [], permissions: ['hours.manage'] });
    expect(await screen.findByText('Nog geen medewerkers')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nieuwe medewerker' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verlopen documenten en contracten' })).not.toBeInTheDocument();
  });
});
