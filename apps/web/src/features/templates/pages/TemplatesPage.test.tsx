import type { Permission } from '@app/shared/platform/permissions';
import type { TemplateApplication, TemplateSummary } from '@app/shared/templates/templates';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { project } from '../../projects/project-fixtures';
import { skippedList } from '../components/ApplicationProgress';
import { TemplatesPage } from './TemplatesPage';

const notify = mockNotify();

const abilities = (yes: boolean) => ({
  canEdit: yes,
  canDelete: yes,
  canApply: yes,
  reasons: yes ? {} : { canEdit: 'FORBIDDEN' as const, canDelete: 'FORBIDDEN' as const, canApply: 'FORBIDDEN' as const },
});

const template = (over: Partial<TemplateSummary> = {}): TemplateSummary => ({
  id: 7,
  title: 'Hutdek cruiseschip',
  areaCount: 2010,
  createdBy: 'Petra Manders',
  version: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  abilities: abilities(true),
  ...over,
});

const application = (over: Partial<TemplateApplication> = {}): TemplateApplication => ({
  id: 11,
  projectId: 3,
  templateId: 7,
  templateTitle: 'Hutdek cruiseschip',
  status: 'running',
  total: 2010,
  processed: 1005,
  created: 1005,
  skipped: 0,
  skippedSample: [],
  error: null,
  resumed: 0,
  startedAt: '2026-11-24T10:00:00.000Z',
  finishedAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

const pageOf = <T,>(rows: T[]) => ({ data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });

function open(o: { permissions?: Permission[]; templates?: TemplateSummary[]; applications?: TemplateApplication[][] } = {}) {
  const polls = [...(o.applications ?? [[]])];
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/templates' && req.method === 'GET') {
      const q = req.query.get('q');
      const rows = o.templates ?? [template()];
      return json(200, pageOf(q ? rows.filter((r) => r.title.includes(q)) : rows));
    }
    if (req.path === '/api/projects/3/template-applications' && req.method === 'GET') {
      const next = polls.length > 1 ? polls.shift() : polls[0];
      return json(200, pageOf(next ?? []));
    }
    if (req.path === '/api/projects/3/template-applications' && req.method === 'POST') {
      return json(202, { data: application({ status: 'queued', processed: 0, created: 0 }) });
    }
    if (req.path === '/api/projects/3/templates' && req.method === 'POST') {
      return json(201, { data: { ...template({ id: 8, title: 'Nieuw', areaCount: 3 }), areas: [] } });
    }
    if (req.path === '/api/templates/7' && req.method === 'DELETE') return noContent();
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['projects.view', 'projects.manage']);
  const view = renderWithProviders(<TemplatesPage />, {
    path: '/projects/:projectId/templates',
    url: '/projects/3/templates',
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('TemplatesPage', () => {
  it('lists the templates with their area counts and actions', async () => {
    open();
    expect(await screen.findByRole('button', { name: 'Hutdek cruiseschip' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sjabloon Hutdek cruiseschip toepassen op dit project' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Sjabloon Hutdek cruiseschip hernoemen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opslaan als sjabloon' })).toBeInTheDocument();
  });

  it('applies a template after a confirmation, then shows the progress bar moving to the summary', async () => {
    const { user, f } = open({
      applications: [
        [],
        [application({ status: 'queued', processed: 0, created: 0 })],
        [application()],
        [application({ status: 'done', processed: 2010, created: 2008, skipped: 2, skippedSample: ['5001', '5002'] })],
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Sjabloon Hutdek cruiseschip toepassen op dit project' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/2010 dekken en ruimtes uit “Hutdek cruiseschip”/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Toepassen' }));
    await waitFor(() => expect(f.to('/api/projects/3/template-applications').some((r) => r.method === 'POST')).toBe(true));
    const post = f.to('/api/projects/3/template-applications').find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ templateId: 7 });
    expect(notify.info).toHaveBeenCalledWith('Sjabloon “Hutdek cruiseschip” wordt toegepast.');
    const bar = await screen.findByRole('progressbar', { name: 'Voortgang van sjabloon Hutdek cruiseschip' });
    expect(bar).toBeInTheDocument();
    expect(await screen.findByText('1005 van 2010 verwerkt (50%)', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText('2008 aangemaakt, 2 overgeslagen (5001, 5002)', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Sjabloon “Hutdek cruiseschip” is toegepast')).toBeInTheDocument();
    // Only the small live region is announced: the status and, at the end, the summary (not the card with each poll).
    expect(screen.getByTestId('template-application')).not.toHaveAttribute('aria-live');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Sjabloon “Hutdek cruiseschip” is toegepast. 2008 aangemaakt, 2 overgeslagen (5001, 5002)',
    );
  });

  it('announces only the status while an application runs, not its counts', async () => {
    open({ applications: [[application()]] });
    expect(await screen.findByText('1005 van 2010 verwerkt (50%)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Sjabloon “Hutdek cruiseschip” wordt toegepast…$/);
  });

  it('shows why an application failed in the language of the page (the server sends a code)', async () => {
    open({ applications: [[application({ status: 'failed', error: 'template_deleted', templateTitle: null })]] });
    expect(
      await screen.findByText(
        'Wat al is aangemaakt blijft staan; pas het sjabloon opnieuw toe om de rest toe te voegen. (het sjabloon is verwijderd)',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/Sjabloon “\(verwijderd sjabloon\)” toepassen is mislukt/);
  });

  it('says an application was resumed after the server running it stopped', async () => {
    open({ applications: [[application({ resumed: 1 })]] });
    expect(
      await screen.findByText('Hervat: de server stopte tijdens het toepassen, en het ging verder waar het was gebleven.'),
    ).toBeInTheDocument();
  });

  it('says an application failed because the server stopped, when it could not be resumed', async () => {
    open({ applications: [[application({ status: 'failed', error: 'interrupted', resumed: 1 })]] });
    expect(
      await screen.findByText(
        'Wat al is aangemaakt blijft staan; pas het sjabloon opnieuw toe om de rest toe te voegen. (de server stopte tijdens het toepassen en het kon niet worden hervat)',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('template-resumed')).not.toBeInTheDocument();
  });

  it('saves the project as a template with a title', async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('button', { name: 'Opslaan als sjabloon' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Titel/ }), 'Hotelverdieping');
    await user.click(within(dialog).getByRole('button', { name: 'Sjabloon opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/3/templates')).toHaveLength(1));
    expect(f.to('/api/projects/3/templates')[0]?.body).toEqual({ title: 'Hotelverdieping' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Sjabloon “Nieuw” is opgeslagen.'));
  });

  it('asks before deleting a template and sends its version', async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('button', { name: 'Sjabloon Hutdek cruiseschip verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/templates/7')).toHaveLength(1));
    expect(f.to('/api/templates/7')[0]?.query.get('version')).toBe('1');
  });

  it('shows no save, apply, rename or delete to a viewer, and an empty state without templates', async () => {
    open({ permissions: ['projects.view'], templates: [] });
    expect(await screen.findByText('Nog geen sjablonen')).toBeInTheDocument();
    expect(screen.getByText('Er zijn nog geen sjablonen opgeslagen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan als sjabloon' })).not.toBeInTheDocument();
  });

  it('says what was skipped, with an ellipsis when more were skipped than kept', () => {
    expect(skippedList({ skipped: 2, skippedSample: ['5001', '5002'] })).toBe('5001, 5002');
    expect(skippedList({ skipped: 30, skippedSample: ['5001', '5002'] })).toBe('5001, 5002, …');
  });
});
