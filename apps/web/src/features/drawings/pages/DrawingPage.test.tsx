import type { Drawing } from '@app/shared/drawings/drawings';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { mockUploads } from '../../../../test/uploads';
import { employees, project } from '../../projects/project-fixtures';
import { drawing, pdfFile } from '../drawings-fixtures';
import { DrawingPage } from './DrawingPage';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

const BASE = '/api/projects/3/drawings/11';

function openDrawing(d: Drawing, tab: string, answers: Record<string, () => Response> = {}) {
  const f = mockFetch((req) => {
    const key = `${req.method} ${req.path}`;
    if (answers[key]) return answers[key]();
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    if (key === `GET ${BASE}`) return json(200, { data: d });
    return undefined;
  });
  const view = renderWithProviders(<DrawingPage />, {
    path: '/projects/:projectId/drawings/:drawingId',
    url: `/projects/3/drawings/11?tab=${tab}`,
  });
  return { ...view, f };
}

describe('DrawingPage', () => {
  it('lists the versions newest first, each to its page', async () => {
    openDrawing(drawing(), 'versions');
    const list = await screen.findByRole('list', { name: 'Versies' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Versie 2', 'Versie 1']);
    expect(links[0]).toHaveAttribute('href', '/projects/3/drawings/11/versions/32');
  });

  it('disables "Nieuwe versie" while a version waits, and says why', async () => {
    openDrawing(drawing(), 'versions');
    const button = await screen.findByRole('button', { name: 'Nieuwe versie' });
    expect(button).toBeDisabled();
    expect(
      screen.getByText('Er kan geen nieuwe versie worden gemaakt: de laatste versie wacht nog op goedkeuring.'),
    ).toBeInTheDocument();
  });

  it('shows the server refusal when a new version is refused anyway', async () => {
    // The file goes up with XMLHttpRequest (drawings/upload.ts), for its progress.
    const uploads = mockUploads(() => ({
      status: 201,
      body: { data: [pdfFile({ id: 80, originalName: 'v3.pdf' })], rejected: [] },
    }));
    const open = drawing({
      status: 'open',
      abilities: { canEdit: true, canDelete: true, canAddVersion: true, reasons: {} },
    });
    const { user, f } = openDrawing(open, 'versions', {
      [`POST ${BASE}/versions`]: () => apiError(409, 'DRAWING_APPROVED'),
    });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe versie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe versie (versie 3)' });
    expect(within(dialog).getByText(/Veel bestanden\? Comprimeer ze eerst tot één ZIP-bestand\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Versie plaatsen' }));
    expect(await within(dialog).findByText('Kies het bestand van de nieuwe versie.')).toBeInTheDocument();
    await user.upload(
      within(dialog).getByLabelText('Bestand kiezen voor Tekening'),
      new File(['%PDF'], 'v3.pdf', { type: 'application/pdf' }),
    );
    await within(dialog).findByText('v3.pdf');
    expect(uploads.requests).toHaveLength(1);
    expect(uploads.requests[0]).toMatchObject({ method: 'POST', url: '/api/files?purpose=drawing' });
    expect(uploads.requests[0]?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(uploads.requests[0]?.files.map((file) => file.name)).toEqual(['v3.pdf']);
    await user.click(within(dialog).getByRole('button', { name: 'Versie plaatsen' }));
    await waitFor(() => expect(f.to(`${BASE}/versions`, 'POST')).toHaveLength(1));
    expect(f.to(`${BASE}/versions`)[0]?.body).toEqual({ fileId: 80, notes: '' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Er kan geen nieuwe versie worden gemaakt: de tekening is al goedgekeurd.');
    expect(notify.error).toHaveBeenCalledWith(
      'Het opslaan van de nieuwe versie is mislukt: Er kan geen nieuwe versie worden gemaakt: de tekening is al goedgekeurd.',
    );
  });

  it('saves the details with the version, and deletes after a confirmation', async () => {
    const { user, f, router } = openDrawing(drawing(), 'details', {
      [`PUT ${BASE}`]: () => json(200, { data: drawing({ name: 'Wandkast v2', version: 4 }) }),
      [`DELETE ${BASE}`]: () => new Response(null, { status: 204 }),
    });
    const name = await screen.findByRole('textbox', { name: 'Naam' });
    await user.clear(name);
    await user.type(name, 'Wandkast v2');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to(BASE, 'PUT')).toHaveLength(1));
    expect(f.to(BASE, 'PUT')[0]?.body).toMatchObject({
      name: 'Wandkast v2',
      companyId: 5,
      drawingDate: '2026-03-01',
      version: 3,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Tekening ‘Wandkast v2’ is opgeslagen.'));

    await user.click(screen.getByRole('tab', { name: 'Opties' }));
    await user.click(await screen.findByRole('button', { name: 'Tekening verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tekening verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to(BASE, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/3/drawings'));
  });
});
