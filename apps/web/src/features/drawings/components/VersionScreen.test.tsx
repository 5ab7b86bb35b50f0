import type { DrawingVersion } from '@app/shared/drawings/drawings';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { pdfFile, thread, version } from '../drawings-fixtures';
import { ProjectDrawingVersionPage } from '../pages/DrawingPage';
import { PortalDrawingVersionPage } from '../pages/PortalDrawingPages';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

const BASE = '/api/client/drawings/11/versions/32';

function openClient(v: DrawingVersion, answers: Record<string, () => Response> = {}) {
  const f = mockFetch((req) => {
    const key = `${req.method} ${req.path}`;
    if (answers[key]) return answers[key]();
    if (key === `GET ${BASE}`) return json(200, { data: v });
    if (key === 'GET /api/client/drawings/11/versions/31') {
      return json(200, { data: version({ id: 31, number: 1, status: 'changes_requested', isLatest: false, previous: null }) });
    }
    return undefined;
  });
  const view = renderWithProviders(<PortalDrawingVersionPage />, {
    path: '/drawings/:drawingId/versions/:versionId',
    url: '/drawings/11/versions/32',
  });
  return { ...view, f };
}

describe('the version page', () => {
  it('shows the threads numbered, with replies oldest first, their side and files, and the ZIP advice at the comment form', async () => {
    openClient(version());
    const list = await screen.findByRole('list', { name: 'Opmerkingen bij deze versie' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(1);
    const thread = items[0] as HTMLElement;
    expect(thread).toHaveAccessibleName('Opmerking 1');
    expect(thread).toHaveTextContent('Kan de deur naar links draaien?');
    expect(thread).toHaveTextContent('Klant');
    expect(thread).toHaveTextContent('Over de hele versie');
    const replies = within(thread).getByRole('list', { name: 'Reacties' });
    expect(replies).toHaveTextContent('Komt in versie 2.');
    expect(within(replies).getByRole('link', { name: 'hut-5001-v2.pdf' })).toHaveAttribute('href', '/api/files/70');
    expect(within(thread).getByRole('button', { name: 'Opmerking 1 oplossen' })).toBeEnabled();
    // A ZIP takes no markup: no tools.
    expect(screen.queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();
    expect(screen.getByText(/Veel bestanden\? Comprimeer ze eerst tot één ZIP-bestand\./)).toBeInTheDocument();
    // A ZIP has no preview: a download button.
    expect(screen.getByRole('link', { name: /Downloaden/ })).toHaveAttribute('href', '/api/files/71');
  });

  it('lets the client approve after a confirmation', async () => {
    const approved = version({ status: 'approved', decidedBy: 'Emma Jansen', decidedAt: '2026-03-03T10:00:00.000Z' });
    const { user, f } = openClient(version(), { [`POST ${BASE}/approve`]: () => json(200, { data: approved }) });
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Versie 2 goedkeuren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(f.to(`${BASE}/approve`, 'POST')).toHaveLength(1));
    expect(f.to(`${BASE}/approve`)[0]?.body).toEqual({ body: '' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Versie 2 van ‘Hut 5001 wandkast’ is goedgekeurd.'));
  });

  it('puts the focus on what was decided once the buttons are gone, not on the page', async () => {
    const approved = version({ status: 'approved', decidedBy: 'Emma Jansen', decidedAt: '2026-03-03T10:00:00.000Z' });
    let decided = false;
    const { user } = openClient(version(), {
      [`GET ${BASE}`]: () => json(200, { data: decided ? approved : version() }),
      [`POST ${BASE}/approve`]: () => {
        decided = true;
        return json(200, { data: approved });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    const focused = document.activeElement as HTMLElement;
    expect(focused).toHaveAttribute('role', 'alert');
    expect(focused).toHaveTextContent('Goedgekeurd door Emma Jansen');
  });

  it('asks what should change before sending the version back', async () => {
    const { user, f } = openClient(version(), {
      [`POST ${BASE}/request-changes`]: () => json(200, { data: version({ status: 'changes_requested' }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Wijzigingen vragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen vragen' });
    await user.click(within(dialog).getByRole('button', { name: 'Wijzigingen versturen' }));
    expect(await within(dialog).findByText('Schrijf wat er anders moet.')).toBeInTheDocument();
    expect(f.to(`${BASE}/request-changes`)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Wat moet er anders\?/ }), 'Spiegel breder');
    await user.click(within(dialog).getByRole('button', { name: 'Wijzigingen versturen' }));
    await waitFor(() => expect(f.to(`${BASE}/request-changes`, 'POST')).toHaveLength(1));
    expect(f.to(`${BASE}/request-changes`)[0]?.body).toEqual({ body: 'Spiegel breder', fileIds: [] });
  });

  it('shows the server message when the decision lost a race', async () => {
    const { user } = openClient(version(), { [`POST ${BASE}/approve`]: () => apiError(409, 'DRAWING_VERSION_DECIDED') });
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Over deze versie is al besloten.'));
  });

  it('says the drawing is approved already when it was approved in another tab, not the new-version text', async () => {
    const { user } = openClient(version(), { [`POST ${BASE}/approve`]: () => apiError(409, 'DRAWING_APPROVED') });
    await user.click(await screen.findByRole('button', { name: 'Goedkeuren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Deze tekening is al goedgekeurd.'));
    expect(notify.error).not.toHaveBeenCalledWith(expect.stringContaining('nieuwe versie'));
  });

  it('says what was decided on a decided version, and that an older version is read only', async () => {
    openClient(
      version({
        status: 'changes_requested',
        isLatest: false,
        decidedBy: 'Emma Jansen',
        decidedAt: '2026-03-03T10:00:00.000Z',
        abilities: {
          canComment: true,
          canApprove: false,
          canRequestChanges: false,
          reasons: { canApprove: 'DRAWING_VERSION_LOCKED', canRequestChanges: 'DRAWING_VERSION_LOCKED' },
        },
      }),
    );
    expect(await screen.findByText(/Wijzigingen gevraagd door Emma Jansen op 03-03-2026/)).toBeInTheDocument();
    expect(screen.getByText('Oudere versie')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).not.toBeInTheDocument();
  });

  it('disables the decision with the reason when the server refuses it for a reason other than rights', async () => {
    openClient(
      version({
        abilities: {
          canComment: true,
          canApprove: false,
          canRequestChanges: false,
          reasons: { canApprove: 'DRAWING_APPROVED', canRequestChanges: 'DRAWING_APPROVED' },
        },
      }),
    );
    expect(await screen.findByRole('button', { name: 'Goedkeuren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wijzigingen vragen' })).toBeDisabled();
    expect(screen.getByText('Deze tekening is al goedgekeurd.')).toBeInTheDocument();
  });

  it('shows staff without projects.manage neither the decision nor the comment form', async () => {
    mockFetch((req) => {
      if (req.path === '/api/projects/3') return json(200, { data: project() });
      if (req.path === '/api/projects/3/drawings/11/versions/32') {
        return json(200, {
          data: version({
            abilities: {
              canComment: false,
              canApprove: false,
              canRequestChanges: false,
              reasons: { canComment: 'FORBIDDEN', canApprove: 'FORBIDDEN', canRequestChanges: 'FORBIDDEN' },
            },
          }),
        });
      }
      return undefined;
    });
    renderWithProviders(<ProjectDrawingVersionPage />, {
      path: '/projects/:projectId/drawings/:drawingId/versions/:versionId',
      url: '/projects/3/drawings/11/versions/32',
    });
    expect(await screen.findByText('Kan de deur naar links draaien?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Goedkeuren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reactie plaatsen' })).not.toBeInTheDocument();
  });

  it('posts a comment with its text, and refuses an empty one', async () => {
    const { user, f } = openClient(version(), {
      [`POST ${BASE}/comments`]: () => json(201, { data: { id: 99 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reactie plaatsen' }));
    expect(await screen.findByText('Schrijf eerst een reactie.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Reactie/ }), 'Prima zo');
    await user.click(screen.getByRole('button', { name: 'Reactie plaatsen' }));
    await waitFor(() => expect(f.to(`${BASE}/comments`, 'POST')).toHaveLength(1));
    expect(f.to(`${BASE}/comments`)[0]?.body).toEqual({ body: 'Prima zo', fileIds: [] });
  });

  it('replies to a thread with an attachment, uploaded first and sent with the reply', async () => {
    const { user, f } = openClient(version(), {
      'POST /api/files': () =>
        json(201, { data: [pdfFile({ id: 88, originalName: 'maten.pdf', url: '/api/files/88' })], rejected: [] }),
      [`POST ${BASE}/comments/90/replies`]: () => json(201, { data: thread() }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reageren op opmerking 1' }));
    await user.type(screen.getByRole('textbox', { name: 'Reactie op opmerking 1' }), 'De maten staan erbij');
    await user.upload(
      screen.getByLabelText('Bijlagen toevoegen aan de reactie op opmerking 1'),
      new File(['%PDF-1.7'], 'maten.pdf', { type: 'application/pdf' }),
    );
    const form = screen.getByRole('textbox', { name: 'Reactie op opmerking 1' }).closest('form') as HTMLElement;
    expect(await within(form).findByText('maten.pdf')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Reactie versturen' }));
    await waitFor(() => expect(f.to(`${BASE}/comments/90/replies`, 'POST')).toHaveLength(1));
    expect(f.to(`${BASE}/comments/90/replies`)[0]?.body).toEqual({ body: 'De maten staan erbij', fileIds: [88] });
    expect(notify.success).toHaveBeenCalledWith('Je reactie is geplaatst.');
  });

  it('speaks English to an English reader, every text found', async () => {
    await setTestLanguage('en');
    const { container } = openClient(version());
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Request changes' })).toBeEnabled();
    expect(screen.getByText('Many files? Compress them into one ZIP file first.', { exact: false })).toBeInTheDocument();
    expect(container.textContent).not.toMatch(/drawings\./);
  });

  it('shows the previous version beside this one on request', async () => {
    const { user, f } = openClient(version());
    await user.click(await screen.findByRole('switch', { name: 'Vergelijk met versie 1' }));
    await waitFor(() => expect(f.to('/api/client/drawings/11/versions/31')).toHaveLength(1));
    expect(await screen.findByText('Versie 1')).toBeInTheDocument();
    expect(screen.getByText('Versie 2')).toBeInTheDocument();
  });
});
