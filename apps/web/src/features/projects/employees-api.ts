import type { EmployeeOption } from '@app/shared/projects/projects';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Every active employee in short (GET /api/employees/options), for the manager, member and assignee pickers. */
export const useEmployeeOptions = () =>
  useQuery({
    queryKey: ['employees', 'options'] as const,
    queryFn: ({ signal }) => api.get<{ data: EmployeeOption[] }>('/api/employees/options', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
