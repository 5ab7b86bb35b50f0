// A project's budget against what it spent (shared contract: @app/shared/budgets/budgets).
//
// Query key under the project's prefix, so a change that invalidates ['projects', p] (order lines,
// areas) refreshes it too:
//   ['projects', p, 'budget']
import type { BudgetInput, ProjectBudget } from '@app/shared/budgets/budgets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const budgetKeys = {
  project: (p: number) => ['projects', p, 'budget'] as const,
};

export const budgetPath = (p: number) => `/api/projects/${p}/budget`;

export const useProjectBudget = (projectId: number) =>
  useQuery({
    queryKey: budgetKeys.project(projectId),
    queryFn: ({ signal }) => api.get<{ data: ProjectBudget }>(budgetPath(projectId), { signal }).then((r) => r.data),
  });

/** Replaces the budget; the answer is the budget as stored, with the new figures. */
export function useSaveBudget(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BudgetInput) => api.put<{ data: ProjectBudget }>(budgetPath(projectId), input).then((r) => r.data),
    onSuccess: (saved) => qc.setQueryData(budgetKeys.project(projectId), saved),
  });
}
