// Tasks, sub-tasks, order lines and the order-line pickers (shared contract: @app/shared/projects/tasks).
//
// Query keys live under ['projects', projectId, …] so that whoever changes something in a project
// (a ticket on a task, an area completed) can invalidate the whole project with one prefix:
//   ['projects', p, 'areas', a, 'tasks']              the area's tasks (AreaTasks)
//   ['projects', p, 'tasks', 'list', params]          the project's task list (ProjectTasksPage)
//   ['projects', p, 'tasks', 'detail', t]             one task (the task drawer)
//   ['projects', p, 'tasks', 'detail', t, 'subtasks'] its sub-tasks (the drawer's first tab)
//   ['projects', p, 'subtasks', s]                    one sub-task (the sub-task drawer)
//   ['order-line-options', kind, q]                   what the order-line pickers find
// A task's tickets come from the tickets feature (features/tickets/api.ts, ['tickets', …]).
// A change to a task or sub-task invalidates ['projects', p] and the project's areas (['areas', p],
// areas-api.ts): completion counts, the feed, the area's markers and the lists all follow from it.
import type { Page } from '@app/shared/platform/http';
import type {
  OrderLineKind,
  OrderLineOption,
  ProjectTaskListQuery,
  Subtask,
  SubtaskCloseResult,
  SubtaskInput,
  SubtaskUpdate,
  TASK_SORTS,
  Task,
  TaskInput,
  TaskSummary,
  TaskUpdate,
} from '@app/shared/projects/tasks';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface ProjectTaskListParams {
  page: number;
  perPage: number;
  sort: (typeof TASK_SORTS)[number];
  q?: string | undefined;
  status?: ProjectTaskListQuery['status'];
  assigneeId?: number | undefined;
  areaId?: number | undefined;
}

export const taskKeys = {
  project: (p: number) => ['projects', p] as const,
  areaTasks: (p: number, a: number) => ['projects', p, 'areas', a, 'tasks'] as const,
  list: (p: number, q: ProjectTaskListParams) => ['projects', p, 'tasks', 'list', q] as const,
  task: (p: number, t: number) => ['projects', p, 'tasks', 'detail', t] as const,
  subtasks: (p: number, t: number) => ['projects', p, 'tasks', 'detail', t, 'subtasks'] as const,
  subtask: (p: number, s: number) => ['projects', p, 'subtasks', s] as const,
  options: (kind: OrderLineKind, q: string) => ['order-line-options', kind, q] as const,
};

const base = (p: number) => `/api/projects/${p}`;

// Reads

/** The tasks of one area (its default view), in their order. */
export const useAreaTasks = (projectId: number, areaId: number) =>
  useQuery({
    queryKey: taskKeys.areaTasks(projectId, areaId),
    queryFn: ({ signal }) =>
      api.get<{ data: TaskSummary[] }>(`${base(projectId)}/areas/${areaId}/tasks`, { signal }).then((r) => r.data),
  });

/** Every task of the project, filtered, sorted and paged on the server. */
export const useProjectTasks = (projectId: number, q: ProjectTaskListParams) =>
  useQuery({
    queryKey: taskKeys.list(projectId, q),
    queryFn: ({ signal }) => api.get<Page<TaskSummary>>(`${base(projectId)}/tasks`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

const fetchTask = (projectId: number, taskId: number, signal?: AbortSignal) =>
  api.get<{ data: Task }>(`${base(projectId)}/tasks/${taskId}`, { signal }).then((r) => r.data);

export const useTask = (projectId: number, taskId: number) =>
  useQuery({ queryKey: taskKeys.task(projectId, taskId), queryFn: ({ signal }) => fetchTask(projectId, taskId, signal) });

export const useSubtasks = (projectId: number, taskId: number) =>
  useQuery({
    queryKey: taskKeys.subtasks(projectId, taskId),
    queryFn: ({ signal }) =>
      api.get<{ data: Subtask[] }>(`${base(projectId)}/tasks/${taskId}/subtasks`, { signal }).then((r) => r.data),
  });

const fetchSubtask = (projectId: number, subtaskId: number, signal?: AbortSignal) =>
  api.get<{ data: Subtask }>(`${base(projectId)}/subtasks/${subtaskId}`, { signal }).then((r) => r.data);

export const useSubtask = (projectId: number, subtaskId: number) =>
  useQuery({
    queryKey: taskKeys.subtask(projectId, subtaskId),
    queryFn: ({ signal }) => fetchSubtask(projectId, subtaskId, signal),
  });

/** Products or articles whose name (or sku) matches, for the order-line picker; nothing is asked while `enabled` is false. */
export const useOrderLineOptions = (kind: OrderLineKind, q: string, enabled: boolean) =>
  useQuery<OrderLineOption[], Error, OrderLineOption[], ReturnType<typeof taskKeys.options>>({
    queryKey: taskKeys.options(kind, q),
    queryFn: ({ signal }) =>
      api.get<{ data: OrderLineOption[] }>('/api/order-line-options', { query: { kind, q }, signal }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

// Writes

/** Everything in the project that a task or sub-task change may have moved: lists, counts, completion, the feed. */
function invalidateProject(qc: QueryClient, projectId: number, except?: readonly unknown[]) {
  const keep = except ? (key: readonly unknown[]) => except.every((part, i) => key[i] === part) : () => false;
  return Promise.all([
    qc.invalidateQueries({ queryKey: taskKeys.project(projectId), predicate: (q) => !keep(q.queryKey) }),
    qc.invalidateQueries({ queryKey: ['areas', projectId] }),
  ]);
}

/**
 * After a delete: everything else in the project is refreshed, but not the deleted record, whose
 * editor is still open until it navigates away (asking again would only answer 404). Its cache
 * entry goes once nothing shows it any more.
 */
async function afterDelete(qc: QueryClient, projectId: number, key: readonly unknown[]) {
  await qc.cancelQueries({ queryKey: key });
  await invalidateProject(qc, projectId, key);
  setTimeout(() => qc.removeQueries({ queryKey: key, type: 'inactive' }), 0);
}

export function useCreateTask(projectId: number, areaId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TaskInput) =>
      api.post<{ data: Task }>(`${base(projectId)}/areas/${areaId}/tasks`, input).then((r) => r.data),
    onSuccess: async (task) => {
      qc.setQueryData(taskKeys.task(projectId, task.id), task);
      await invalidateProject(qc, projectId);
    },
  });
}

/** Stores a changed task in its cache entry first (the editor shows it at once), then refreshes the rest of the project. */
function useTaskWrite<A>(projectId: number, call: (a: A) => Promise<Task>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (task) => {
      qc.setQueryData(taskKeys.task(projectId, task.id), task);
      await invalidateProject(qc, projectId);
    },
  });
}

export const useUpdateTask = (projectId: number, taskId: number) =>
  useTaskWrite(projectId, (input: TaskUpdate) =>
    api.patch<{ data: Task }>(`${base(projectId)}/tasks/${taskId}`, input).then((r) => r.data),
  );

/** Completes or reopens a task ({id, version}); the answer is the changed task. */
export const useTaskTransition = (projectId: number, action: 'complete' | 'reopen') =>
  useTaskWrite(projectId, (t: { id: number; version: number }) =>
    api.post<{ data: Task }>(`${base(projectId)}/tasks/${t.id}/${action}`, { version: t.version }).then((r) => r.data),
  );

export function useDeleteTask(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (t: { id: number; version: number }) =>
      api.delete(`${base(projectId)}/tasks/${t.id}`, { query: { version: t.version } }),
    onSuccess: (_r, t) => afterDelete(qc, projectId, taskKeys.task(projectId, t.id)),
  });
}

/**
 * Completes a task from outside its editor (the offer after its last sub-task closed): the version
 * is read fresh first, as closing sub-tasks or tickets may have moved it.
 */
export function useCompleteTaskNow(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (taskId: number) => {
      const fresh = await fetchTask(projectId, taskId);
      return api
        .post<{ data: Task }>(`${base(projectId)}/tasks/${taskId}/complete`, { version: fresh.version })
        .then((r) => r.data);
    },
    onSuccess: async (task) => {
      qc.setQueryData(taskKeys.task(projectId, task.id), task);
      await invalidateProject(qc, projectId);
    },
  });
}

/** Stores a changed sub-task in its cache entry, then refreshes the project (the task's list and counts). */
function useSubtaskWrite<A, R>(projectId: number, call: (a: A) => Promise<R>, pick: (r: R) => Subtask) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (r) => {
      const s = pick(r);
      qc.setQueryData(taskKeys.subtask(projectId, s.id), s);
      await invalidateProject(qc, projectId);
    },
  });
}

export const useCreateSubtask = (projectId: number, taskId: number) =>
  useSubtaskWrite(
    projectId,
    (input: SubtaskInput) =>
      api.post<{ data: Subtask }>(`${base(projectId)}/tasks/${taskId}/subtasks`, input).then((r) => r.data),
    (s) => s,
  );

export const useUpdateSubtask = (projectId: number, subtaskId: number) =>
  useSubtaskWrite(
    projectId,
    (input: SubtaskUpdate) => api.patch<{ data: Subtask }>(`${base(projectId)}/subtasks/${subtaskId}`, input).then((r) => r.data),
    (s) => s,
  );

/** Closes a sub-task; the answer says whether its task may now be completed (every sub-task closed). */
export const useCloseSubtask = (projectId: number) =>
  useSubtaskWrite(
    projectId,
    (s: { id: number; version: number }) =>
      api
        .post<{ data: SubtaskCloseResult }>(`${base(projectId)}/subtasks/${s.id}/close`, { version: s.version })
        .then((r) => r.data),
    (r) => r.subtask,
  );

export const useOpenSubtask = (projectId: number) =>
  useSubtaskWrite(
    projectId,
    (s: { id: number; version: number }) =>
      api.post<{ data: Subtask }>(`${base(projectId)}/subtasks/${s.id}/open`, { version: s.version }).then((r) => r.data),
    (s) => s,
  );

/** Copies a sub-task with its order lines; the answer is the new (open) copy. */
export const useCopySubtask = (projectId: number) =>
  useSubtaskWrite(
    projectId,
    (s: { id: number; version: number }) =>
      api.post<{ data: Subtask }>(`${base(projectId)}/subtasks/${s.id}/copy`, { version: s.version }).then((r) => r.data),
    (s) => s,
  );

export function useDeleteSubtask(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (s: { id: number; version: number }) =>
      api.delete(`${base(projectId)}/subtasks/${s.id}`, { query: { version: s.version } }),
    onSuccess: (_r, s) => afterDelete(qc, projectId, taskKeys.subtask(projectId, s.id)),
  });
}
