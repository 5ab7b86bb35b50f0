// Test data and a mounted area page for the task and sub-task screens' tests (never imported by the app).
import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { OrderLineOption, Subtask, Task, TaskSummary } from '@app/shared/projects/tasks';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { CURRENT_USER_KEY } from '../auth/guest-api';
import { SubtaskRoute } from './components/SubtaskDrawer';
import { TaskRoute } from './components/TaskDrawer';

const allowed = { canEdit: true, canDelete: true, canComplete: true, canReopen: true, reasons: {} };

export const taskSummary = (over: Partial<TaskSummary> = {}): TaskSummary => ({
  id: 3,
  projectId: 1,
  areaId: 2,
  areaName: 'Hut 5001',
  areaNumber: '5001',
  name: 'Meubilair plaatsen',
  status: 'pending',
  assignee: { id: 7, name: 'Jan de Vries' },
  subtasksDone: 1,
  subtasksTotal: 2,
  openTicketsCount: 0,
  planX: null,
  planY: null,
  version: 4,
  updatedAt: '2026-03-02T10:00:00.000Z',
  abilities: allowed,
  ...over,
});

export const task = (over: Partial<Task> = {}): Task => ({
  ...taskSummary(),
  notes: 'Eerst de kasten.',
  attachments: [],
  completedAt: null,
  ...over,
});

export const subtask = (over: Partial<Subtask> = {}): Subtask => ({
  id: 9,
  taskId: 3,
  projectId: 1,
  name: 'Bed monteren',
  amount: 2,
  assembly: 'Tegen de achterwand.',
  assignee: null,
  notes: '',
  status: 'open',
  orderLines: [
    { id: 51, kind: 'article', itemId: 801, name: 'Bevestigingsset RVS', sku: 'ART-801', thumbUrl: null, quantity: 4, notes: '' },
  ],
  closedAt: null,
  version: 6,
  updatedAt: '2026-03-02T10:00:00.000Z',
  abilities: {
    canEdit: true,
    canDelete: true,
    canClose: true,
    canOpen: false,
    canCopy: true,
    reasons: { canOpen: 'SUBTASK_OPEN' },
  },
  ...over,
});

export const productOption = (over: Partial<OrderLineOption> = {}): OrderLineOption => ({
  kind: 'product',
  id: 11,
  name: 'Loungestoel Aria',
  sku: 'PRD-011',
  thumbUrl: null,
  ...over,
});

export const employees = [
  { id: 7, name: 'Jan de Vries', function: 'Monteur' },
  { id: 8, name: 'Fatima El Amrani', function: 'Projectleider' },
];

/** A signed-in employee who may manage projects (useCan reads the cached current user). */
export function signInManager(qc: QueryClient, permissions = ['projects.view', 'projects.manage']): void {
  qc.setQueryData<CurrentUserResponse>(CURRENT_USER_KEY, {
    data: {
      id: 1,
      email: 'pl@example.test',
      name: 'Fatima El Amrani',
      locale: 'nl',
      first_login: false,
      guardable_type: 'employee',
      guardable: {} as CurrentUserResponse['data']['guardable'],
      acting_as: null,
    },
    permissions,
    role: null,
  });
}

/** The area page as far as these tests need it: its path, with the task routes in its outlet. */
export const areaRoutes = [
  {
    path: '/projects/:projectId/areas/:areaId',
    element: (
      <>
        <p data-testid="area-page">area</p>
        <Outlet />
      </>
    ),
    children: [
      {
        path: 'task/:taskId',
        element: <TaskRoute />,
        children: [{ path: 'subtask/:subTaskId', element: <SubtaskRoute /> }],
      },
    ],
  },
];
