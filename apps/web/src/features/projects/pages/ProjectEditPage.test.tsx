import type { Project, ProjectInput, ProjectUpdate } from '@app/shared/projects/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { employees, project } from '../project-fixtures';
import { ProjectCreatePage, ProjectDetailsPage } from './ProjectEditPage';

const _notify = mockNotify();

const companies = [
  { id: 5, name: 'Nordic Star Cruises' },
  { id: 6, name: 'Dunes Leisure Resorts' },
].map((c) => ({
  ...c,
  logo: null,
  primaryColor: '#123456',
  secondaryColor: '#c8a45c',
  sector: 'cruise',
  city: '',
  country: 'NL',
  usersCount: 1,
  abilities: { canEdit: true, canActAs: true, canArchive: true, canRestore: false, reasons: {} },
}));

function openEditor(o: { create?: boolean; loaded?: Project } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    if (req.path === '/api/companies/options') return json(200, { data: companies });
    if (req.path === '/api/projects/3' && req.method === 'GET') return json(200, { data: o.loaded ?? project() });
    if (req.path === '/api/projects/3' && req.method === 'PATCH') {
      return json(200, { data: project({ ...(o.loaded ?? {}), version: 5 }) });
    }
    if (req.path === '/api/projects' && req.method === 'POST') {
      const body = req.body as ProjectInput;
      return json(201, { data: project({ id: 12, name: body.name }) });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['projects.view', 'projects.manage']);
  const view = renderWithProviders(null, {
    url: o.create ? '/projects/create' : '/projects/3/details',
    queryClient,
    routes: [
      { path: '/projects/create', element: <ProjectCreatePage /> },
      { path: '/projects/:projectId/details', element: <ProjectDetailsPage /> },
      { path: '/projects/:projectId/areas', element: <p data-testid="areas">areas</p> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('ProjectEditPage', () => {
  it('says in words that a name and a project manager are needed, and sends nothing', async () => {
    const { user, f } = openEditor({ create: true });
    await user.click(await screen.findByRole('button', { name: 'Project aanmaken' }));
    expect(await screen.findByText('Geef het project een naam.')).toBeInTheDocument();
    expect(screen.getByText('Kies minstens één projectleider.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Naam/ })).toHaveAttribute('aria-invalid', 'true');
    expect(f.to('/api/projects', 'POST')).toHaveLength(0);
  });

  it('says the same in English', async () => {
    const { i18n } = await import('../../../../test/i18n');
    await i18n.changeLanguage('en');
    const { user } = openEditor({ create: true });
    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    expect(await screen.findByText('Give the project a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one project manager.')).toBeInTheDocument();
  });

  it('creates a project with a name and a manager and opens its areas', async () => {
    const { user, f } = openEditor({ create: true });
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Hotel');
    await user.click(screen.getByRole('combobox', { name: /Projectleiders/ }));
    await user.click(await screen.findByRole('option', { name: 'Petra Manders' }));
    await user.click(screen.getByRole('button', { name: 'Project aanmaken' }));
    await waitFor(() => expect(f.to('/api/projects', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects', 'POST')[0]?.body).toMatchObject({
      name: 'Hotel',
      managerIds: [1],
      companyIds: [],
      status: 'active',
      type: 'standard',
      featuredMediaId: null,
      attachmentIds: [],
    });
    expect(await screen.findByTestId('areas')).toBeInTheDocument();
  });

  it('asks before detaching a company the project is attached to, and keeps it when cancelled', async () => {
    const { user, f } = openEditor();
    const input = await screen.findByRole('combobox', { name: 'Klanten' });
    const pill = () => screen.queryByText('Nordic Star Cruises', { selector: '.mantine-Pill-label' });
    await waitFor(() => expect(pill()).toBeInTheDocument());
    await user.click(input);
    await user.keyboard('{Backspace}');
    let dialog = await screen.findByRole('dialog', { name: 'Klant loskoppelen?' });
    expect(dialog).toHaveTextContent('Nordic Star Cruises ziet MS Noordam refit 2027 niet meer in het portaal');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pill()).toBeInTheDocument();

    await user.click(input);
    await user.keyboard('{Backspace}');
    dialog = await screen.findByRole('dialog', { name: 'Klant loskoppelen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Loskoppelen' }));
    await waitFor(() => expect(pill()).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/3', 'PATCH')).toHaveLength(1));
    const body = f.to('/api/projects/3', 'PATCH')[0]?.body as ProjectUpdate;
    expect(body.companyIds).toEqual([]);
    expect(body.version).toBe(4);
  });

  it('adds a company without asking', async () => {
    const { user } = openEditor();
    const input = await screen.findByRole('combobox', { name: 'Klanten' });
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'Dunes Leisure Resorts' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks the fields of a deleted project and says why', async () => {
    openEditor({
      loaded: project({
        deletedAt: '2026-02-02T09:00:00.000Z',
        abilities: {
          canEdit: false,
          canArchive: false,
          canRestore: true,
          canDelete: false,
          reasons: { canEdit: 'PROJECT_DELETED', canArchive: 'PROJECT_DELETED', canDelete: 'PROJECT_DELETED' },
        },
      }),
    });
    expect(await screen.findByText('Dit project is verwijderd. Zet het eerst terug.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Naam/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terugzetten' })).toBeInTheDocument();
  });
});
