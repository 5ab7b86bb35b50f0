import type { PortalCompanyProduct } from '@app/shared/companies/company-products';
import type { Page } from '@app/shared/platform/http';
import type {
  PortalArea,
  PortalAreaDetail,
  PortalProject,
  PortalProjectListQuery,
  PortalProjectSummary,
  PortalSubtaskDetail,
  PortalTaskDetail,
} from '@app/shared/portal/portal';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the portal's project views (read only: the portal changes nothing here):
 *
 *   ['portal', 'projects']                                   everything below
 *   ['portal', 'projects', 'list', query]                    the dashboard's projects, per tab and page
 *   ['portal', 'projects', 'detail', projectId]              one project
 *   ['portal', 'projects', 'areas', projectId]               its decks and areas
 *   ['portal', 'projects', 'area', projectId, areaId]        one area with its tasks
 *   ['portal', 'projects', 'subareas', projectId, areaId]    an area's sub-areas
 *   ['portal', 'projects', 'task', taskId]                   a task with its sub-tasks
 *   ['portal', 'projects', 'subtask', taskId, subtaskId]     a sub-task with its order lines
 *
 * The dashboard's blocks use the notifications' and the people's own hooks and keys
 * (notifications-api.ts, users-api.ts), so a notification marked read there shows here too, and:
 *
 *   ['portal', 'company-products', 'first']                  the first page of the company's products
 */
export const portalProjectKeys = {
  all: ['portal', 'projects'] as const,
  list: (q: PortalProjectListQuery) => [...portalProjectKeys.all, 'list', q] as const,
  detail: (projectId: number) => [...portalProjectKeys.all, 'detail', projectId] as const,
  areas: (projectId: number) => [...portalProjectKeys.all, 'areas', projectId] as const,
  area: (projectId: number, areaId: number) => [...portalProjectKeys.all, 'area', projectId, areaId] as const,
  subareas: (projectId: number, areaId: number) => [...portalProjectKeys.all, 'subareas', projectId, areaId] as const,
  task: (taskId: number) => [...portalProjectKeys.all, 'task', taskId] as const,
  subtask: (taskId: number, subtaskId: number) => [...portalProjectKeys.all, 'subtask', taskId, subtaskId] as const,
};

export const dashboardKeys = {
  companyProducts: ['portal', 'company-products', 'first'] as const,
};

/** How many projects one page of the dashboard shows. */
export const DASHBOARD_PROJECTS_PER_PAGE = 12;

export const usePortalProjects = (q: PortalProjectListQuery, enabled = true) =>
  useQuery({
    queryKey: portalProjectKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<PortalProjectSummary>>('/api/client/projects', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePortalProject = (projectId: number) =>
  useQuery({
    queryKey: portalProjectKeys.detail(projectId),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalProject }>(`/api/client/projects/${projectId}`, { signal }).then((r) => r.data),
  });

export const usePortalAreas = (projectId: number) =>
  useQuery({
    queryKey: portalProjectKeys.areas(projectId),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalArea[] }>(`/api/client/projects/${projectId}/areas`, { signal }).then((r) => r.data),
  });

export const usePortalArea = (projectId: number, areaId: number) =>
  useQuery({
    queryKey: portalProjectKeys.area(projectId, areaId),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalAreaDetail }>(`/api/client/projects/${projectId}/areas/${areaId}`, { signal }).then((r) => r.data),
  });

export const usePortalSubareas = (projectId: number, areaId: number) =>
  useQuery({
    queryKey: portalProjectKeys.subareas(projectId, areaId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: PortalArea[] }>(`/api/client/projects/${projectId}/areas/${areaId}/subareas`, { signal })
        .then((r) => r.data),
  });

export const usePortalTask = (taskId: number) =>
  useQuery({
    queryKey: portalProjectKeys.task(taskId),
    queryFn: ({ signal }) => api.get<{ data: PortalTaskDetail }>(`/api/client/tasks/${taskId}`, { signal }).then((r) => r.data),
  });

export const usePortalSubtask = (taskId: number, subtaskId: number) =>
  useQuery({
    queryKey: portalProjectKeys.subtask(taskId, subtaskId),
    queryFn: ({ signal }) =>
      api.get<{ data: PortalSubtaskDetail }>(`/api/client/tasks/${taskId}/subtasks/${subtaskId}`, { signal }).then((r) => r.data),
  });

// ---- the dashboard's other blocks (the notifications and the people come from their screens' hooks:
// notifications-api.ts, users-api.ts)

/** The first page of the company's products (24): the "Your products" and "Orders" blocks share it. */
export const useFirstCompanyProducts = () =>
  useQuery({
    queryKey: dashboardKeys.companyProducts,
    queryFn: ({ signal }) => api.get<Page<PortalCompanyProduct>>('/api/client/company-products', { query: { page: 1 }, signal }),
  });
