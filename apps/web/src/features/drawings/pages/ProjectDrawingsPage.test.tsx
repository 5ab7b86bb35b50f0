import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { mockUploads } from '../../../../test/uploads';
import { employees, pageOf, project } from '../../projects/project-fixtures';
import { drawing, drawingItem, pdfFile } from '../drawings-fixtures';
import { DrawingCreatePage, ProjectDrawingsPage } from './ProjectDrawingsPage';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function openList(url = '/projects/3/drawings', canEdit = true) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') {
      return json(200, {
        data: project({ abilities: { canEdit, canArchive: true, canRestore: false, canDelete: true, reasons: {} } }),
      });
    }
    if (req.path === '/api/projects/3/drawings') {
      const tab = req.query.get('tab');
      const fromClient = drawingItem({ id: 12, name: 'Eigen schets', area: null, waitingFor: 'staff' });
      return json(200, pageOf(tab === 'approved' ? [] : [drawingItem(), fromClient]));
    }
    return undefined;
  });
  const view = renderWithProviders(<ProjectDrawingsPage />, { path: '/projects/:projectId/drawings', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

describe('ProjectDrawingsPage', () => {
  it('lists the drawings with client, status and latest version, and asks for the pending tab', async () => {
    const { f } = openList();
    expect(await screen.findByRole('link', { name: 'Hut 5001 wandkast' })).toHaveAttribute('href', '/projects/3/drawings/11');
    expect(screen.getAllByRole('link', { name: 'Versie 2' })[0]).toHaveAttribute('href', '/projects/3/drawings/11/versions/32');
    expect(screen.getAllByText('Nordic Star Cruises').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Wacht op goedkeuring').length).toBeGreaterThan(0);
    expect(f.to('/api/projects/3/drawings').at(-1)?.query.get('tab')).toBe('pending');
    expect(screen.getByRole('link', { name: 'Nieuwe tekening' })).toHaveAttribute('href', '/projects/3/drawings/new');
  });

  it('shows the area, and a version the client uploaded as waiting for staff', async () => {
    openList();
    await screen.findByRole('link', { name: 'Eigen schets' });
    expect(screen.getAllByText('5001 Hut').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Wacht op jullie beoordeling').length).toBeGreaterThan(0);
  });

  it('keeps the tab in the URL and shows the empty state of the approved tab', async () => {
    const { user, f, search } = openList();
    await screen.findByRole('link', { name: 'Hut 5001 wandkast' });
    await user.click(screen.getByRole('tab', { name: 'Goedgekeurd' }));
    await waitFor(() => expect(search().get('tab')).toBe('approved'));
    await waitFor(() => expect(f.to('/api/projects/3/drawings').at(-1)?.query.get('tab')).toBe('approved'));
    expect(await screen.findByText('Nog niets goedgekeurd')).toBeInTheDocument();
  });

  it('offers no new drawing without the right to change the project', async () => {
    openList('/projects/3/drawings', false);
    await screen.findByRole('link', { name: 'Hut 5001 wandkast' });
    expect(screen.queryByRole('link', { name: 'Nieuwe tekening' })).not.toBeInTheDocument();
  });
});

describe('DrawingCreatePage', () => {
  function openCreate() {
    const f = mockFetch((req) => {
      if (req.path === '/api/projects/3') return json(200, { data: project() });
      if (req.path === '/api/employees/options') return json(200, { data: employees });
      if (req.path === '/api/projects/3/drawings' && req.method === 'POST') return json(201, { data: drawing({ id: 12 }) });
      return undefined;
    });
    const view = renderWithProviders(<DrawingCreatePage />, {
      path: '/projects/:projectId/drawings/new',
      url: '/projects/3/drawings/new',
    });
    return { ...view, f };
  }

  it('advises a ZIP for many files and names the drawing types and size', async () => {
    openCreate();
    expect(await screen.findByText(/Veel bestanden\? Comprimeer ze eerst tot één ZIP-bestand\./)).toBeInTheDocument();
    expect(screen.getByText(/PDF, PNG, JPEG, WebP of ZIP, één bestand tot 500 MB/)).toBeInTheDocument();
  });

  it('needs a name and a file, then creates the drawing with the uploaded file and the only client', async () => {
    const { user, f, router } = openCreate();
    await screen.findByRole('textbox', { name: 'Naam' });
    await user.click(screen.getByRole('button', { name: 'Tekening aanmaken' }));
    expect(await screen.findAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(f.to('/api/projects/3/drawings', 'POST')).toHaveLength(0);

    // The file goes up with XMLHttpRequest (drawings/upload.ts), for its progress.
    const uploads = mockUploads(() => ({
      status: 201,
      body: { data: [pdfFile({ id: 77, originalName: 'kast.pdf' })], rejected: [] },
    }));
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Kast hut 5002');
    await user.upload(
      screen.getByLabelText('Bestand kiezen voor Tekening'),
      new File(['%PDF-1.7'], 'kast.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('kast.pdf')).toBeInTheDocument();
    expect(uploads.requests).toHaveLength(1);
    expect(uploads.requests[0]).toMatchObject({ method: 'POST', url: '/api/files?purpose=drawing' });
    expect(uploads.requests[0]?.files.map((file) => file.name)).toEqual(['kast.pdf']);
    await user.click(screen.getByRole('button', { name: 'Tekening aanmaken' }));
    await waitFor(() => expect(f.to('/api/projects/3/drawings', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/drawings', 'POST')[0]?.body).toMatchObject({
      name: 'Kast hut 5002',
      companyId: 5,
      areaId: null,
      fileId: 77,
      employeeId: null,
    });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/3/drawings/12'));
    expect(notify.success).toHaveBeenCalledWith('Tekening ‘Hut 5001 wandkast’ is aangemaakt en staat klaar voor de klant.');
  });
});
