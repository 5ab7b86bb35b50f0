import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { Card, SimpleGrid, Text } from '@mantine/core';
import { IconBuilding, IconEye, IconLogin2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Figure({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed" style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        {icon}
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {value}
      </Text>
    </Card>
  );
}

/** The period's totals: page views, logins and how many companies used the portal (the figures keep no users). */
export function AnalyticsTotals({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" data-testid="analytics-totals">
      <Figure
        label={t('analytics.totals.pageViews')}
        value={n.format(report.totals.pageViews)}
        icon={<IconEye size={16} aria-hidden />}
      />
      <Figure
        label={t('analytics.totals.logins')}
        value={n.format(report.totals.logins)}
        icon={<IconLogin2 size={16} aria-hidden />}
      />
      <Figure
        label={t('analytics.totals.companies')}
        value={n.format(report.companies.length)}
        icon={<IconBuilding size={16} aria-hidden />}
      />
    </SimpleGrid>
  );
}
