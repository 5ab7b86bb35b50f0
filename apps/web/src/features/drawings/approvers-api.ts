import type { ApproverChoice } from '@app/shared/platform/approvers';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Who staff can name as approvers: the users of the client (attached to the project) who can sign in. */
export const useApproverChoices = (projectId: number, companyId: number | null) =>
  useQuery({
    queryKey: ['drawings', 'approver-choices', projectId, companyId],
    queryFn: ({ signal }) =>
      api
        .get<{ data: ApproverChoice[] }>(`/api/projects/${projectId}/drawing-approvers`, { query: { companyId }, signal })
        .then((r) => r.data),
    enabled: companyId !== null,
  });
