import { projectTaskListQuerySchema } from '@app/shared/projects/tasks';
import { ticketListQuerySchema } from '@app/shared/tickets/tickets';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { readListQuery, useListParams } from './use-list-params';

const SORTS = ['name', '-name', 'users', '-users'] as const;

function setup(url: string) {
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const view = renderHook(() => useListParams(SORTS, 'name'), { wrapper });
  const search = () => router?.state.location.search;
  return { ...view, search };
}

describe('useListParams', () => {
  it('reads page, sort and search from the URL', () => {
    const { result } = setup('/list?page=3&sort=-users&q=werf');
    expect(result.current).toMatchObject({ page: 3, sort: '-users', q: 'werf', search: 'werf' });
  });

  it.each([
    ['?page=0', 1],
    ['?page=-4', 1],
    ['?page=abc', 1],
    ['?page=2.5', 2],
    ['', 1],
  ])('reads %j as page %i (the server takes positive integers only)', (qs, page) => {
    const { result } = setup(`/list${qs}`);
    expect(result.current.page).toBe(page);
  });

  it('falls back to the default sort for a sort it does not know', () => {
    const { result } = setup('/list?sort=password');
    expect(result.current.sort).toBe('name');
  });

  it('sorting and filtering go back to page 1; the default sort leaves the URL', async () => {
    const { result, search } = setup('/list?page=4');
    act(() => result.current.setSort('-name'));
    await waitFor(() => expect(search()).toBe('?sort=-name'));
    act(() => result.current.setPage(2));
    await waitFor(() => expect(search()).toBe('?sort=-name&page=2'));
    act(() => result.current.setFilters({ status: 'active' }));
    await waitFor(() => expect(search()).toBe('?sort=-name&status=active'));
    act(() => result.current.setSort('name'));
    await waitFor(() => expect(search()).toBe('?status=active'));
  });

  it('a new search term (debounced, trimmed) goes back to page 1', async () => {
    const { result, search } = setup('/list?page=4');
    act(() => result.current.setSearch('  jacht '));
    expect(search()).toBe('?page=4');
    await waitFor(() => expect(search()).toBe('?q=jacht'));
    // The router has the new URL; the hook reads it on its next render.
    await waitFor(() => expect(result.current.q).toBe('jacht'));
    act(() => result.current.setSearch(''));
    await waitFor(() => expect(search()).toBe(''));
  });

  it('a filter chosen before the typed search is applied writes both at once, so the late search cannot undo it', async () => {
    const { result, search } = setup('/list');
    const params = () => Object.fromEntries(new URLSearchParams(search()));
    act(() => result.current.setSearch('FIN-34'));
    act(() => result.current.setFilters({ tab: 'deleted' }));
    // Within the debounce: the filter's own update already carries the search.
    await waitFor(() => expect(params()).toEqual({ q: 'FIN-34', tab: 'deleted' }), { timeout: 200 });
    await new Promise((r) => setTimeout(r, 400));
    expect(params()).toEqual({ q: 'FIN-34', tab: 'deleted' });
    act(() => result.current.setSearch('GRP'));
    act(() => result.current.setSort('-name'));
    await waitFor(() => expect(params()).toEqual({ q: 'GRP', tab: 'deleted', sort: '-name' }), { timeout: 200 });
  });
});

describe('useListParams with a list query schema', () => {
  function withSchema(url: string) {
    let router: ReturnType<typeof createMemoryRouter> | undefined;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
      return <RouterProvider router={router} />;
    };
    const view = renderHook(() => useListParams(ticketListQuerySchema), { wrapper });
    return { ...view, search: () => router?.state.location.search };
  }

  it('reads every field through the shared schema: defaults for what is missing', () => {
    const { result } = withSchema('/list');
    expect(result.current.sort).toBe('-created');
    expect(result.current.query).toMatchObject({ page: 1, tab: 'open', sort: '-created', q: undefined, priority: undefined });
  });

  it('reads the values the schema takes', () => {
    const { result } = withSchema('/list?tab=closed&priority=high&sort=priority&page=2&q=lek&projectId=12');
    expect(result.current.sort).toBe('priority');
    expect(result.current.query).toMatchObject({
      page: 2,
      tab: 'closed',
      priority: 'high',
      sort: 'priority',
      q: 'lek',
      projectId: 12,
    });
  });

  it('a value the schema refuses, or an empty one, reads as the default (or as nothing)', () => {
    const { result } = withSchema('/list?tab=password&priority=&sort=-password&projectId=0x10&taskId=1.5');
    expect(result.current.sort).toBe('-created');
    expect(result.current.query).toMatchObject({ tab: 'open', sort: '-created' });
    expect(result.current.query.priority).toBeUndefined();
    expect(result.current.query.projectId).toBeUndefined();
    expect(result.current.query.taskId).toBeUndefined();
  });

  it("the schema's default sort leaves the URL", async () => {
    const { result, search } = withSchema('/list?sort=priority');
    act(() => result.current.setSort('-created'));
    await waitFor(() => expect(search()).toBe(''));
  });
});

describe('readListQuery', () => {
  it('reads any list schema field by field', () => {
    const params = new URLSearchParams('status=completed&areaId=7&assigneeId=x');
    expect(readListQuery(projectTaskListQuerySchema, params)).toMatchObject({
      page: 1,
      perPage: 25,
      sort: 'area',
      status: 'completed',
      areaId: 7,
      assigneeId: undefined,
    });
  });
});
