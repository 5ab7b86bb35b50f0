import type { PortalUser } from '@app/shared/portal/portal';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the own company's people in the portal (GET /api/client/users), read only:
 *
 *   ['portal', 'users']   the list, by name
 */
export const portalUserKeys = {
  all: ['portal', 'users'] as const,
};

export const usePortalUsers = () =>
  useQuery({
    queryKey: portalUserKeys.all,
    queryFn: ({ signal }) => api.get<{ data: PortalUser[] }>('/api/client/users', { signal }).then((r) => r.data),
  });
