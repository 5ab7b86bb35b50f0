import type { Page } from '@app/shared/platform/http';
import type { TaskSummary } from '@app/shared/projects/tasks';
import type { Ticket, TicketInput, TicketListQuery, TicketUpdate } from '@app/shared/tickets/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the tickets feature:
 *
 *   ['tickets']                              every ticket list and ticket
 *   ['tickets', 'list', query]               a list: the global one (/api/tickets) or, with
 *                                            projectId in the query, one project's (/api/projects/:projectId/tickets)
 *   ['tickets', 'detail', ticketId]          one ticket
 *   ['projects', projectId, 'ticket-tasks', q]  the task picker's search in one project
 *
 * A ticket change (create, save, close, reopen) invalidates ['tickets'] and ['projects', projectId]:
 * the project's open-ticket count, its feed, and its tasks (an open ticket puts its task in
 * open_ticket; the task screens keep their keys under ['projects', projectId, …]).
 */
export const ticketKeys = {
  all: ['tickets'] as const,
  list: (q: TicketListParams) => ['tickets', 'list', q] as const,
  detail: (id: number) => ['tickets', 'detail', id] as const,
  taskSearch: (projectId: number, q: string) => ['projects', projectId, 'ticket-tasks', q] as const,
};

export type TicketListParams = Partial<TicketListQuery> & Pick<TicketListQuery, 'page' | 'perPage'>;

/** Tickets across projects (GET /api/tickets), or one project's when `projectId` is set (GET /api/projects/:projectId/tickets). */
export const useTickets = (q: TicketListParams) =>
  useQuery({
    queryKey: ticketKeys.list(q),
    queryFn: ({ signal }) => {
      const { projectId, ...rest } = q;
      const path = projectId ? `/api/projects/${projectId}/tickets` : '/api/tickets';
      return api.get<Page<Ticket>>(path, { query: { ...rest }, signal });
    },
    placeholderData: keepPreviousData,
  });

/** One ticket: through its project when the page knows it (the project's tickets tab), else by id alone. */
export const useTicket = (id: number, projectId?: number) =>
  useQuery({
    queryKey: ticketKeys.detail(id),
    queryFn: ({ signal }) =>
      api
        .get<{ data: Ticket }>(projectId ? `/api/projects/${projectId}/tickets/${id}` : `/api/tickets/${id}`, { signal })
        .then((r) => r.data),
  });

/** The project's tasks matching a search, for the ticket's task picker (GET /api/projects/:projectId/tasks?q=). */
export const useTicketTaskSearch = (projectId: number, q: string, enabled: boolean) =>
  useQuery<TaskSummary[]>({
    queryKey: ticketKeys.taskSearch(projectId, q),
    queryFn: ({ signal }) =>
      api
        .get<Page<TaskSummary>>(`/api/projects/${projectId}/tasks`, {
          query: { q: q || undefined, perPage: 20, sort: 'area' },
          signal,
        })
        .then((r) => r.data),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

/** After a ticket change: every ticket list and the project's screens (counts, feed, task statuses). */
export function useInvalidateTickets() {
  const qc = useQueryClient();
  return (projectId: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ticketKeys.all }),
      qc.invalidateQueries({ queryKey: ['projects', projectId] }),
      qc.invalidateQueries({ queryKey: ['projects', 'list'] }),
    ]);
}

export function useCreateTicket(projectId: number) {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (input: TicketInput) =>
      api.post<{ data: Ticket }>(`/api/projects/${projectId}/tickets`, input).then((r) => r.data),
    onSuccess: () => invalidate(projectId),
  });
}

export function useUpdateTicket(ticket: Pick<Ticket, 'id' | 'project'>) {
  const qc = useQueryClient();
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: (input: TicketUpdate) =>
      api.patch<{ data: Ticket }>(`/api/projects/${ticket.project.id}/tickets/${ticket.id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(ticketKeys.detail(saved.id), saved);
      await invalidate(saved.project.id);
    },
  });
}

type Versioned = Pick<Ticket, 'id' | 'version' | 'project'>;

/** Close and reopen, each with the version it is based on; both answer the ticket as it is now. */
export function useTicketTransitions() {
  const qc = useQueryClient();
  const invalidate = useInvalidateTickets();
  const transition = (action: 'close' | 'reopen') => ({
    mutationFn: (x: Versioned) =>
      api
        .post<{ data: Ticket } | undefined>(`/api/projects/${x.project.id}/tickets/${x.id}/${action}`, { version: x.version })
        .then((r) => r?.data),
    onSuccess: async (saved: Ticket | undefined, x: Versioned) => {
      if (saved) qc.setQueryData(ticketKeys.detail(saved.id), saved);
      await invalidate(x.project.id);
    },
  });
  return { close: useMutation(transition('close')), reopen: useMutation(transition('reopen')) };
}
