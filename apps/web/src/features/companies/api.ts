import type { CompanyListQuery, CompanySummary } from '@app/shared/companies/companies';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const companyKeys = {
  all: ['companies'] as const,
  list: (q: CompanyListQuery) => [...companyKeys.all, 'list', q] as const,
};

export const useCompanies = (q: CompanyListQuery) =>
  useQuery({
    queryKey: companyKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<CompanySummary>>('/api/companies', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });
