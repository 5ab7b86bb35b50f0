import type { AnalyticsReport, AnalyticsSettings, AnalyticsSettingsUpdate } from '@app/shared/analytics/analytics-report';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the company analytics page (company.analytics):
 *
 *   ['analytics']                                everything about analytics
 *   ['analytics', 'report', {from, to, companyId}] page views and logins over a period (GET /api/companies/analytics)
 *   ['analytics', 'settings']                    how long raw events are kept (GET /api/analytics/settings)
 *
 * Saving the settings puts the answer in the cache; the report does not change with it (it reads
 * the daily figures, which are kept whatever the retention).
 */
export interface AnalyticsReportParams {
  from: string;
  to: string;
  companyId?: number;
}

export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (q: AnalyticsReportParams) => [...analyticsKeys.all, 'report', q] as const,
  settings: ['analytics', 'settings'] as const,
};

/** Page views and logins per day and per company, and the top screens, over a period. */
export const useAnalyticsReport = (q: AnalyticsReportParams) =>
  useQuery<AnalyticsReport>({
    queryKey: analyticsKeys.report(q),
    queryFn: ({ signal }) =>
      api
        .get<{ data: AnalyticsReport }>('/api/companies/analytics', {
          query: { from: q.from, to: q.to, companyId: q.companyId },
          signal,
        })
        .then((r) => r.data),
    placeholderData: keepPreviousData,
  });

/** The retention setting; only asked for by people who may change it. */
export const useAnalyticsSettings = (enabled: boolean) =>
  useQuery({
    queryKey: analyticsKeys.settings,
    queryFn: ({ signal }) => api.get<{ data: AnalyticsSettings }>('/api/analytics/settings', { signal }).then((r) => r.data),
    enabled,
  });

/** Saves the retention with the version it is based on (409 STALE_VERSION when someone else saved first). */
export function useUpdateAnalyticsSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AnalyticsSettingsUpdate) =>
      api.put<{ data: AnalyticsSettings }>('/api/analytics/settings', input).then((r) => r.data),
    onSuccess: (saved) => qc.setQueryData(analyticsKeys.settings, saved),
  });
}
