import type { Permission } from '@app/shared/platform/permissions';
import type { ProjectListItem } from '@app/shared/projects/projects';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { pageOf, project, projectItem } from '../project-fixtures';
import { ProjectsPage } from './ProjectsPage';

const notify = mockNotify();

function openProjects(
  rows: ProjectListItem[],
  url = '/projects',
  permissions: Permission[] = ['projects.view', 'projects.manage'],
) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects' && req.method === 'GET') return json(200, pageOf(rows));
    if (req.path === '/api/projects/3' && req.method === 'DELETE') return noContent();
    if (req.path === '/api/projects/3' && req.method === 'GET') return json(200, { data: project({ version: 5 }) });
    if (req.path === '/api/projects/3/restore') return json(200, { data: project({ version: 6 }) });
    if (req.path === '/api/projects/3/archive') return json(200, { data: project({ version: 5, status: 'inactive' }) });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, permissions);
  const view = renderWithProviders(<ProjectsPage />, { path: '/projects', url, queryClient });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

const lastListQuery = (f: ReturnType<typeof openProjects>['f']) => f.to('/api/projects', 'GET').at(-1)?.query;

beforeEach(() => setXsrfCookie('tok'));

describe('ProjectsPage', () => {
  it('reads the tab and the sort from the URL and asks the server for them', async () => {
    const { f } = openProjects([projectItem({ status: 'inactive' })], '/projects?tab=archived&sort=name');
    expect(await screen.findByRole('link', { name: 'MS Noordam refit 2027' })).toHaveAttribute('href', '/projects/3/areas');
    expect(screen.getByRole('tab', { name: 'Gearchiveerd' })).toHaveAttribute('aria-selected', 'true');
    expect(lastListQuery(f)?.get('tab')).toBe('archived');
    expect(lastListQuery(f)?.get('sort')).toBe('name');
  });

  it('puts a new tab and a new sort in the URL, back on page 1', async () => {
    const { user, f, search } = openProjects([projectItem()], '/projects?page=2');
    await screen.findByRole('link', { name: 'MS Noordam refit 2027' });
    await user.click(screen.getByRole('tab', { name: 'Verwijderd' }));
    await waitFor(() => expect(search().get('tab')).toBe('deleted'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastListQuery(f)?.get('tab')).toBe('deleted'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sorteren op' }), 'Nieuwst aangemaakt');
    await waitFor(() => expect(search().get('sort')).toBe('-created'));
    await waitFor(() => expect(lastListQuery(f)?.get('sort')).toBe('-created'));
    expect(search().get('tab')).toBe('deleted');
  });

  it('shows per row only the actions the server allows', async () => {
    openProjects([
      projectItem(),
      projectItem({
        id: 8,
        name: 'Hotel De Dunes',
        deletedAt: '2026-02-02T09:00:00.000Z',
        abilities: {
          canEdit: false,
          canArchive: false,
          canRestore: true,
          canDelete: false,
          reasons: { canEdit: 'PROJECT_DELETED', canArchive: 'PROJECT_DELETED', canDelete: 'PROJECT_DELETED' },
        },
      }),
    ]);
    await screen.findByRole('link', { name: 'MS Noordam refit 2027' });
    expect(screen.getByRole('link', { name: 'MS Noordam refit 2027 bewerken' })).toHaveAttribute('href', '/projects/3/details');
    expect(screen.getByRole('button', { name: 'MS Noordam refit 2027 archiveren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'MS Noordam refit 2027 verwijderen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'MS Noordam refit 2027 terugzetten' })).not.toBeInTheDocument();

    expect(screen.getByRole('button', { name: 'Hotel De Dunes terugzetten' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Hotel De Dunes bewerken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hotel De Dunes verwijderen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Project aanmaken' })).toHaveAttribute('href', '/projects/create');
  });

  it('offers no create button and no actions to someone who may only view', async () => {
    const denied = { canEdit: false, canArchive: false, canRestore: false, canDelete: false, reasons: {} };
    openProjects([projectItem({ abilities: denied })], '/projects', ['projects.view']);
    await screen.findByRole('link', { name: 'MS Noordam refit 2027' });
    expect(screen.queryByRole('link', { name: 'Project aanmaken' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /verwijderen|archiveren/ })).not.toBeInTheDocument();
  });

  it('asks before deleting, sends the version, and undoes with a restore of the newest version', async () => {
    const { user, f } = openProjects([projectItem()]);
    await user.click(await screen.findByRole('button', { name: 'MS Noordam refit 2027 verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project verwijderen?' });
    expect(f.to('/api/projects/3', 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/projects/3', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/projects/3', 'DELETE')[0]?.query.get('version')).toBe('4');

    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    const [message, options] = notify.success.mock.calls.at(-1) as [string, { action: { label: string; onClick: () => void } }];
    expect(message).toBe('MS Noordam refit 2027 is verwijderd.');
    expect(options.action.label).toBe('Ongedaan maken');
    options.action.onClick();
    await waitFor(() => expect(f.to('/api/projects/3/restore', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/restore', 'POST')[0]?.body).toEqual({ version: 5 });
    await waitFor(() => expect(notify.success).toHaveBeenLastCalledWith('MS Noordam refit 2027 is teruggezet.'));
  });

  it('asks before archiving and does nothing when the question is cancelled', async () => {
    const { user, f } = openProjects([projectItem()]);
    await user.click(await screen.findByRole('button', { name: 'MS Noordam refit 2027 archiveren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project archiveren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.to('/api/projects/3/archive')).toHaveLength(0);
  });

  it('says what to do when a tab is empty', async () => {
    openProjects([], '/projects?tab=archived');
    expect(await screen.findByText('Geen gearchiveerde projecten')).toBeInTheDocument();
  });
});
