import type { Company } from '@app/shared/companies/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { companyKeys } from './api';

/**
 * Sets a company's logo to an uploaded image (POST /api/media first) or clears it (null): saved on
 * its own, without the form's version. The answer replaces the company in the cache; the lists
 * (their avatars) are refetched.
 */
export function useSetCompanyLogo(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number | null) =>
      api.put<{ data: Company }>(`/api/companies/${companyId}/logo`, { mediaId }).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(companyKeys.detail(saved.id), saved);
      await qc.invalidateQueries({ queryKey: [...companyKeys.all, 'list'] });
    },
  });
}
