import type { TaskList } from '@app/shared/task-list/task-list';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { TaskListPage } from './TaskListPage';

const _notify = mockNotify();

const tree: TaskList['tree'] = [
  { id: 1, kind: 'deck', parentId: null, number: '5', name: 'Dek 5' },
  { id: 2, kind: 'area', parentId: 1, number: '5001', name: 'Hut 5001' },
  { id: 3, kind: 'subarea', parentId: 2, number: '', name: 'Badkamer' },
  { id: 4, kind: 'area', parentId: 1, number: '5002', name: 'Hut 5002' },
  { id: 7, kind: 'area', parentId: null, number: 'A12', name: 'Spa' },
];

const section = (id: number, task: string, subtask: string) => {
  const node = tree.find((n) => n.id === id);
  if (!node) throw new Error('no node');
  return {
    ...node,
    tasks: [
      {
        id: id * 10,
        name: task,
        status: 'pending' as const,
        assignee: null,
        notes: '',
        subtasks: [
          {
            id: id * 100,
            name: subtask,
            amount: 2,
            assembly: 'Met 4 schroeven',
            status: 'open' as const,
            assignee: null,
            notes: '',
            orderLines: [{ id: 1, kind: 'article' as const, code: 'SCR-440', name: 'Schroef RVS', quantity: 8 }],
          },
        ],
      },
    ],
  };
};

function open(url: string) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/projects/3/task-list') {
      const raw = req.query.get('areaIds');
      if (raw === '99') return json(404, { code: 'AREA_NOT_FOUND', message: 'x' });
      const ids = raw === null ? null : raw === '' ? [] : raw.split(',').map(Number);
      const sections = [];
      if (ids === null || ids.includes(1) || ids.includes(2)) sections.push(section(2, 'Bed', 'Frame monteren'));
      if (ids === null || ids.includes(1) || ids.includes(2)) sections.push(section(3, 'Spiegel', 'Spiegel ophangen'));
      if (ids === null || ids.includes(1) || ids.includes(4)) sections.push(section(4, 'Bureau', 'Bureaublad'));
      if (ids === null || ids.includes(7)) sections.push(section(7, 'Sauna', 'Saunabank'));
      return json(200, { data: { project: { id: 3, name: 'MS Noordam refit 2027' }, tree, chosenIds: ids, sections } });
    }
    return undefined;
  });
  const view = renderWithProviders(<TaskListPage />, { path: '/projects/:projectId/task-list', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => setXsrfCookie('tok'));

describe('TaskListPage', () => {
  it('asks for areas first, asking the server for the tree only; printing waits for a choice', async () => {
    const { f } = open('/projects/3/task-list');
    expect(await screen.findByText('Kies de ruimtes')).toBeInTheDocument();
    expect(f.to('/api/projects/3/task-list').at(-1)?.query.get('areaIds')).toBe('');
    expect(screen.getByRole('button', { name: 'Afdrukken' })).toBeDisabled();
    const chooser = screen.getByRole('group', { name: 'Ruimtes voor de montagelijst' });
    // Decks and areas; sub-areas come with their area.
    expect(within(chooser).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(chooser).queryByRole('checkbox', { name: 'Badkamer' })).not.toBeInTheDocument();
  });

  it('puts ticked areas in the URL, a full deck as the deck, and shows their sub-tasks with order lines', async () => {
    const { user, search, f } = open('/projects/3/task-list');
    const chooser = await screen.findByRole('group', { name: 'Ruimtes voor de montagelijst' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Hut 5001' }));
    await waitFor(() => expect(search().get('areas')).toBe('2'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Hut 5001' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Badkamer' })).toBeInTheDocument();
    expect(screen.getByText('Frame monteren')).toBeInTheDocument();
    const line = (_: string, el: Element | null) => el?.tagName === 'DIV' && el.textContent === '8× SCR-440 Schroef RVS';
    expect(screen.getAllByText(line)).toHaveLength(2);
    expect(screen.queryByText('Saunabank')).not.toBeInTheDocument();
    expect(within(chooser).getByRole('checkbox', { name: 'Dek 5' })).toHaveAttribute('data-indeterminate', 'true');

    await user.click(within(chooser).getByRole('checkbox', { name: 'Hut 5002' }));
    await waitFor(() => expect(search().get('areas')).toBe('1'));
    expect(within(chooser).getByRole('checkbox', { name: 'Dek 5' })).toBeChecked();
    expect(await screen.findByText('Bureaublad')).toBeInTheDocument();
    expect(f.to('/api/projects/3/task-list').at(-1)?.query.get('areaIds')).toBe('1');
    expect(screen.getByRole('button', { name: 'Afdrukken' })).toBeEnabled();
  });

  it("'Alles' asks for the whole project, 'Niets' clears the choice", async () => {
    const { user, search, f } = open('/projects/3/task-list?areas=7');
    expect(await screen.findByText('Saunabank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alles' }));
    await waitFor(() => expect(search().get('areas')).toBe('all'));
    expect(await screen.findByText('Frame monteren')).toBeInTheDocument();
    expect(f.to('/api/projects/3/task-list').at(-1)?.query.has('areaIds')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Niets' }));
    await waitFor(() => expect(search().has('areas')).toBe(false));
    expect(await screen.findByText('Kies de ruimtes')).toBeInTheDocument();
  });

  it('prints with the browser', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = open('/projects/3/task-list?areas=7');
    await screen.findByText('Saunabank');
    await user.click(screen.getByRole('button', { name: 'Afdrukken' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('says so when the choice in the URL has more areas than the list takes, and sends only the first 500', async () => {
    const many = [7, ...Array.from({ length: 600 }, (_, i) => 1000 + i)];
    const { f } = open(`/projects/3/task-list?areas=${many.join(',')}`);
    expect(await screen.findByText('Saunabank')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Te veel ruimtes gekozen');
    expect(alert).toHaveTextContent('Er zijn 601 dekken en ruimtes gekozen; de montagelijst neemt er ten hoogste 500.');
    expect(f.to('/api/projects/3/task-list').at(-1)?.query.get('areaIds')?.split(',')).toEqual(many.slice(0, 500).map(String));
  });

  it('shows no such notice for a choice within the limit', async () => {
    open('/projects/3/task-list?areas=7');
    expect(await screen.findByText('Saunabank')).toBeInTheDocument();
    expect(screen.queryByText('Te veel ruimtes gekozen')).not.toBeInTheDocument();
  });

  it('says when a chosen area is not of this project, and clears the choice', async () => {
    const { user, search } = open('/projects/3/task-list?areas=99');
    expect(await screen.findByText('Deze keuze bestaat niet meer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keuze wissen' }));
    await waitFor(() => expect(search().has('areas')).toBe(false));
    expect(await screen.findByText('Kies de ruimtes')).toBeInTheDocument();
  });
});
