import type { ContractInput, ContractList, ContractUpdate, EmployeeContract } from '@app/shared/hr-documents/contracts';
import type {
  DocumentInput,
  DocumentList,
  DocumentUpdate,
  EmployeeDocument,
  ExpiringList,
} from '@app/shared/hr-documents/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of HR documents and contracts:
 *
 *   ['hrDocuments']                               everything below
 *   ['hrDocuments', 'documents', userId]          one person's documents
 *   ['hrDocuments', 'contracts', userId]          one person's contracts
 *   ['hrDocuments', 'expiring']                   HR's list of what expires
 *
 * A change to a document or contract invalidates that person's list and the expiring list.
 */
export const hrKeys = {
  all: ['hrDocuments'] as const,
  documents: (userId: number) => ['hrDocuments', 'documents', userId] as const,
  contracts: (userId: number) => ['hrDocuments', 'contracts', userId] as const,
  expiring: ['hrDocuments', 'expiring'] as const,
};

const documentsApi = (userId: number) => `/api/users/${userId}/documents`;
const contractsApi = (userId: number) => `/api/users/${userId}/contracts`;

export const useDocuments = (userId: number) =>
  useQuery({
    queryKey: hrKeys.documents(userId),
    queryFn: ({ signal }) => api.get<DocumentList>(documentsApi(userId), { signal }),
  });

export const useContracts = (userId: number) =>
  useQuery({
    queryKey: hrKeys.contracts(userId),
    queryFn: ({ signal }) => api.get<ContractList>(contractsApi(userId), { signal }),
  });

export const useExpiring = () =>
  useQuery({
    queryKey: hrKeys.expiring,
    queryFn: ({ signal }) => api.get<ExpiringList>('/api/hr/expiring', { signal }),
  });

function useInvalidate(key: readonly unknown[]) {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: key }), qc.invalidateQueries({ queryKey: hrKeys.expiring })]);
}

export function useSaveDocument(userId: number) {
  const invalidate = useInvalidate(hrKeys.documents(userId));
  return useMutation({
    mutationFn: (o: { id?: number; input: DocumentInput | DocumentUpdate }) =>
      (o.id === undefined
        ? api.post<{ data: EmployeeDocument }>(documentsApi(userId), o.input)
        : api.put<{ data: EmployeeDocument }>(`${documentsApi(userId)}/${o.id}`, o.input)
      ).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteDocument(userId: number) {
  const invalidate = useInvalidate(hrKeys.documents(userId));
  return useMutation({
    mutationFn: (d: { id: number; version: number }) =>
      api.delete<void>(`${documentsApi(userId)}/${d.id}`, { query: { version: d.version } }),
    onSettled: () => invalidate(),
  });
}

export function useSaveContract(userId: number) {
  const invalidate = useInvalidate(hrKeys.contracts(userId));
  return useMutation({
    mutationFn: (o: { id?: number; input: ContractInput | ContractUpdate }) =>
      (o.id === undefined
        ? api.post<{ data: EmployeeContract }>(contractsApi(userId), o.input)
        : api.put<{ data: EmployeeContract }>(`${contractsApi(userId)}/${o.id}`, o.input)
      ).then((r) => r.data),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteContract(userId: number) {
  const invalidate = useInvalidate(hrKeys.contracts(userId));
  return useMutation({
    mutationFn: (c: { id: number; version: number }) =>
      api.delete<void>(`${contractsApi(userId)}/${c.id}`, { query: { version: c.version } }),
    onSettled: () => invalidate(),
  });
}
