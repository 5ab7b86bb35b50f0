import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { mockUploads } from '../../../../test/uploads';
import { pageOf } from '../../projects/project-fixtures';
import { drawing, drawingItem, pdfFile } from '../drawings-fixtures';
import { PortalDrawingCreatePage, PortalDrawingEditPage, PortalDrawingPage, PortalDrawingsPage } from './PortalDrawingPages';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

const projects = [
  { id: 3, name: 'MS Noordam refit 2027' },
  { id: 4, name: 'MS Zuiderdam 2028' },
];

describe('the portal drawings', () => {
  it('lists the company’s drawings with their project, and filters by project through the address', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/client/projects') return json(200, pageOf(projects));
      if (req.path === '/api/client/drawings') return json(200, pageOf([drawingItem()]));
      return undefined;
    });
    const { user, router } = renderWithProviders(<PortalDrawingsPage />, { path: '/drawings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tekeningen' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hut 5001 wandkast' })).toHaveAttribute('href', '/drawings/11');
    expect(screen.getAllByRole('link', { name: 'Versie 2' })[0]).toHaveAttribute('href', '/drawings/11/versions/32');
    expect(screen.getAllByText('MS Noordam refit 2027').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MS Zuiderdam 2028' }));
    await waitFor(() => expect(new URLSearchParams(router?.state.location.search).get('project')).toBe('4'));
    await waitFor(() => expect(f.to('/api/client/drawings').at(-1)?.query.get('projectId')).toBe('4'));
  });

  it('shows one drawing in tabs: its details with the area, its versions newest first', async () => {
    const staffMade = drawing({
      abilities: {
        canEdit: false,
        canDelete: false,
        canAddVersion: false,
        reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN', canAddVersion: 'DRAWING_PENDING' },
      },
    });
    mockFetch((req) => (req.path === '/api/client/drawings/11' ? json(200, { data: staffMade }) : undefined));
    const { user } = renderWithProviders(<PortalDrawingPage />, { path: '/drawings/:drawingId', url: '/drawings/11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hut 5001 wandkast' })).toBeInTheDocument();
    expect(screen.getByText('Wandkast met spiegeldeur')).toBeInTheDocument();
    expect(screen.getAllByText('5001 Hut').length).toBeGreaterThan(0);
    // A drawing staff made: no edit for the client.
    expect(screen.queryByRole('link', { name: 'Bewerken' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Versies (2)' }));
    const links = within(await screen.findByRole('list', { name: 'Versies' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/drawings/11/versions/32', '/drawings/11/versions/31']);
    // While a version waits, a new version is refused with the specification's message.
    expect(screen.getByRole('button', { name: 'Nieuwe versie' })).toBeDisabled();
    expect(
      screen.getByText('Er kan geen nieuwe versie worden gemaakt: de laatste versie wacht nog op goedkeuring.'),
    ).toBeInTheDocument();
  });

  it('offers edit and a new version on the options of a drawing the company made, and says why it can no longer be deleted', async () => {
    const own = drawing({
      origin: 'client',
      status: 'open',
      abilities: { canEdit: true, canDelete: false, canAddVersion: true, reasons: { canDelete: 'DRAWING_HAS_DECISIONS' } },
    });
    mockFetch((req) => (req.path === '/api/client/drawings/11' ? json(200, { data: own }) : undefined));
    renderWithProviders(<PortalDrawingPage />, { path: '/drawings/:drawingId', url: '/drawings/11?tab=options' });
    expect(await screen.findByRole('button', { name: 'Nieuwe versie' })).toBeEnabled();
    expect(screen.getAllByRole('link', { name: 'Bewerken' })[0]).toHaveAttribute('href', '/drawings/11/edit');
    expect(screen.getByRole('button', { name: 'Tekening verwijderen' })).toBeDisabled();
    expect(
      screen.getByText('Over een versie van deze tekening is al besloten: de tekening kan niet meer worden verwijderd.'),
    ).toBeInTheDocument();
  });

  it('creates a drawing: project, an area of that project, a file; the server asks for an area the company sees', async () => {
    const areas = [
      { id: 20, name: 'Dek 5', kind: 'deck', parentId: null },
      { id: 21, name: '5001 Hut', kind: 'area', parentId: 20 },
    ];
    let attempt = 0;
    const f = mockFetch((req) => {
      if (req.path === '/api/client/projects') return json(200, pageOf(projects));
      if (req.path === '/api/client/projects/4/drawing-areas') return json(200, { data: areas });
      if (req.path === '/api/client/drawings' && req.method === 'POST') {
        attempt += 1;
        return attempt === 1
          ? apiError(400, 'VALIDATION_FAILED', { fieldErrors: { areaId: { code: 'area_not_visible' } } })
          : json(201, { data: drawing({ id: 12, origin: 'client' }) });
      }
      return undefined;
    });
    const { user, router } = renderWithProviders(<PortalDrawingCreatePage />, { path: '/drawings/new', url: '/drawings/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nieuwe tekening' })).toBeInTheDocument();
    expect(screen.getByText(/Veel bestanden\? Comprimeer ze eerst tot één ZIP-bestand\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tekening aanmaken' }));
    expect((await screen.findAllByText('Dit veld is verplicht.')).length).toBeGreaterThanOrEqual(2);
    expect(f.to('/api/client/drawings', 'POST')).toHaveLength(0);

    mockUploads(() => ({ status: 201, body: { data: [pdfFile({ id: 77, originalName: 'kast.pdf' })], rejected: [] } }));
    await user.type(screen.getByRole('textbox', { name: 'Naam' }), 'Kast hut 5002');
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MS Zuiderdam 2028' }));
    await user.click(screen.getByRole('combobox', { name: 'Ruimte' }));
    await user.click(await screen.findByRole('option', { name: 'Dek 5 › 5001 Hut' }));
    await user.upload(
      screen.getByLabelText('Bestand kiezen voor Tekening'),
      new File(['%PDF-1.7'], 'kast.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('kast.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tekening aanmaken' }));
    expect(await screen.findByText('Kies een van de ruimtes die dit bedrijf ziet.')).toBeInTheDocument();
    expect(f.to('/api/client/drawings', 'POST')[0]?.body).toMatchObject({
      name: 'Kast hut 5002',
      projectId: 4,
      areaId: 21,
      fileId: 77,
    });
    await user.click(screen.getByRole('button', { name: 'Tekening aanmaken' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/drawings/12'));
    expect(notify.success).toHaveBeenCalledWith('Tekening ‘Hut 5001 wandkast’ is aangemaakt. Ons team beoordeelt haar.');
  });

  it('edits a drawing the company made at the version it was based on', async () => {
    const own = drawing({ origin: 'client', abilities: { canEdit: true, canDelete: true, canAddVersion: false, reasons: {} } });
    const f = mockFetch((req) => {
      if (req.path === '/api/client/projects/3/drawing-areas')
        return json(200, { data: [{ id: 7, name: '5001 Hut', kind: 'area', parentId: null }] });
      if (req.path === '/api/client/drawings/11' && req.method === 'GET') return json(200, { data: own });
      if (req.path === '/api/client/drawings/11' && req.method === 'PUT')
        return json(200, { data: { ...own, name: 'Nieuw', version: 4 } });
      return undefined;
    });
    const { user } = renderWithProviders(<PortalDrawingEditPage />, {
      path: '/drawings/:drawingId/edit',
      url: '/drawings/11/edit',
    });
    expect(await screen.findByRole('heading', { level: 1, name: '‘Hut 5001 wandkast’ bewerken' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Naam' });
    await user.clear(name);
    await user.type(name, 'Nieuw');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/client/drawings/11', 'PUT')).toHaveLength(1));
    expect(f.to('/api/client/drawings/11', 'PUT')[0]?.body).toEqual({
      name: 'Nieuw',
      description: 'Wandkast met spiegeldeur',
      areaId: 7,
      drawingDate: '2026-03-01',
      version: 3,
    });
  });
});
