import { localDateString } from '@app/shared/platform/iso-week';
import { Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useCan } from '../../auth/api';
import { useCompanyOptions } from '../../projects/api';
import { useAnalyticsReport } from '../analytics-api';
import { AnalyticsFilters } from '../components/analytics/AnalyticsFilters';
import { AnalyticsTables } from '../components/analytics/AnalyticsTables';
import { AnalyticsTotals } from '../components/analytics/AnalyticsTotals';
import { type Period, periodParams, readPeriod } from '../components/analytics/period';
import { RetentionForm } from '../components/analytics/RetentionForm';
import { TopPages } from '../components/analytics/TopPages';

// The chart is its own chunk: the page's figures and tables do not wait for it.
const DailyChart = lazy(() => import('../components/analytics/DailyChart').then((m) => ({ default: m.DailyChart })));

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

const readCompany = (v: string | null): number | undefined => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

/**
 * company.analytics ('Statistieken'): page views and logins of the client companies per day over
 * a period (last 7, 30 or 90 days, or typed), for all companies or one, as totals, a chart, tables
 * per company and per day, and the most viewed screens; read from the daily figures. Period and
 * company live in the address. People who may change the dashboard settings also set how long the
 * raw events are kept.
 */
export function CompanyAnalyticsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const today = localDateString(new Date());
  const period = readPeriod(params, today);
  const companyId = readCompany(params.get('company'));
  const canSettings = useCan('dashboard.change-settings');
  const companies = useCompanyOptions();
  const report = useAnalyticsReport({ from: period.from, to: period.to, companyId });
  const data = report.data;

  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );

  const periodText = t('analytics.period.range', { from: formatDate(period.from), to: formatDate(period.to) });
  const isEmpty = data ? data.totals.pageViews === 0 && data.totals.logins === 0 : false;

  const showTop = Boolean(data && !isEmpty);
  let body: ReactNode;
  if (report.isLoading) {
    body = (
      <Stack gap="lg" aria-busy="true" aria-label={t('analytics.loading')}>
        <Skeleton h={90} />
        <Skeleton h={300} />
        <Skeleton h={200} />
      </Stack>
    );
  } else if (!data) {
    body = <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  } else if (isEmpty) {
    body = (
      <Card withBorder padding="lg">
        <EmptyState
          icon={<IconChartBar size={32} stroke={1.5} />}
          title={t('analytics.empty.title')}
          description={t('analytics.empty.text', { period: periodText })}
        />
      </Card>
    );
  } else {
    body = (
      <Stack gap="lg" aria-busy={report.isFetching} style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
        <AnalyticsTotals report={data} />
        <Section title={t('analytics.chart.title')} id="analytics-chart-title">
          <Suspense fallback={<Skeleton h={270} />}>
            <DailyChart days={data.days} label={t('analytics.chart.label', { period: periodText })} />
          </Suspense>
          <AnalyticsTables report={data} />
        </Section>
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={t('analytics.title')} description={t('analytics.intro')} />
      <Stack gap="lg">
        <Card withBorder padding="lg">
          <AnalyticsFilters
            key={`${period.preset}:${period.from}:${period.to}`}
            period={period}
            today={today}
            onPeriod={(p: Period) => update(periodParams(p))}
            companyId={companyId}
            companies={companies.data ?? []}
            companiesLoading={companies.isLoading}
            onCompany={(id) => update({ company: id === undefined ? null : String(id) })}
          />
          <Text size="sm" c="dimmed" mt="sm" aria-live="polite">
            {periodText}
            {data?.refreshedAt ? ` · ${t('analytics.refreshedAt', { at: formatDateTime(data.refreshedAt) })}` : ''}
          </Text>
        </Card>
        {body}
        {showTop || canSettings ? (
          <Grid gap="lg">
            {showTop && data ? (
              <Grid.Col span={{ base: 12, md: canSettings ? 6 : 12 }}>
                <Section title={t('analytics.topPages.title')} id="analytics-top-pages-title">
                  <TopPages pages={data.topPages} />
                </Section>
              </Grid.Col>
            ) : null}
            {canSettings ? (
              <Grid.Col span={{ base: 12, md: showTop ? 6 : 12 }}>
                <RetentionForm />
              </Grid.Col>
            ) : null}
          </Grid>
        ) : null}
      </Stack>
    </>
  );
}
