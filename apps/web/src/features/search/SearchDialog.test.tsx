import type { SearchGroup } from '@app/shared/search/search';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../test/cookies';
import { json, mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import SearchDialog from './SearchDialog';

const GROUPS: SearchGroup[] = [
  {
    kind: 'project',
    items: [{ kind: 'project', id: 7, title: 'MS Noordam refit 2027', subtitle: 'TR-7', url: '/projects/7' }],
  },
  {
    kind: 'area',
    items: [
      { kind: 'area', id: 70, title: '5001 Noordam suite', subtitle: 'MS Noordam refit 2027', url: '/projects/7/areas/70' },
      { kind: 'area', id: 71, title: '5002 Noordam lounge', subtitle: 'MS Noordam refit 2027', url: '/projects/7/areas/71' },
    ],
  },
];

function open() {
  const f = mockFetch((req) => {
    if (req.path === '/api/search') {
      const q = req.query.get('q') ?? '';
      return json(200, { data: { groups: q.startsWith('noor') ? GROUPS : [] } });
    }
    return undefined;
  });
  const r = renderWithProviders(<SearchDialog opened onClose={() => {}} portal={false} />, { path: '/' });
  return { ...r, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('SearchDialog', () => {
  it('asks from two characters on, groups the hits, and opens the one the arrows chose with Enter', async () => {
    const { user, f, router } = open();
    const input = screen.getByRole('combobox', { name: 'Zoek in alles' });
    expect(screen.getByText('Typ minstens 2 tekens')).toBeInTheDocument();
    await user.type(input, 'n');
    expect(f.to('/api/search')).toHaveLength(0);
    await user.type(input, 'oor');
    const project = await screen.findByRole('option', { name: /^MS Noordam refit 2027/ });
    expect(f.to('/api/search').every((r) => (r.query.get('q') ?? '').length >= 2)).toBe(true);
    expect(screen.getByRole('group', { name: 'Projecten' })).toContainElement(project);
    expect(screen.getByRole('group', { name: 'Ruimtes' })).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    expect(project).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', project.id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const lounge = screen.getByRole('option', { name: /^5002 Noordam lounge/ });
    expect(lounge).toHaveAttribute('aria-selected', 'true');
    // Past the last hit back to the first; up from the first to the last.
    await user.keyboard('{ArrowDown}');
    expect(project).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(lounge).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/7/areas/71'));
  });

  it('says when nothing is found', async () => {
    const { user } = open();
    await user.type(screen.getByRole('combobox', { name: 'Zoek in alles' }), 'xyz');
    expect(await screen.findByText('Geen resultaten voor “xyz”')).toBeInTheDocument();
    expect(screen.queryByRole('option')).toBeNull();
  });
});
