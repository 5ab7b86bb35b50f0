import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A screen's name as people know it; a route without a known name shows its route name. */
export function screenName(t: (key: string, o: { defaultValue: string }) => string, routeName: string): string {
  return t(`analytics.screens.${routeName.replace(/\./g, '_')}`, { defaultValue: routeName });
}

/** The most viewed screens of the period, with a bar relative to the first. */
export function TopPages({ pages }: { pages: AnalyticsReport['topPages'] }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  const top = Math.max(1, ...pages.map((p) => p.views));
  if (pages.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('analytics.topPages.empty')}
      </Text>
    );
  }
  return (
    <Stack
      component="ol"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('analytics.topPages.title')}
      data-testid="analytics-top-pages"
    >
      {pages.map((p) => (
        <li key={p.routeName}>
          <Group justify="space-between" gap="sm" wrap="nowrap">
            <Text size="sm" fw={500} truncate title={p.routeName}>
              {screenName(t, p.routeName)}
            </Text>
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {t('analytics.topPages.views', { count: p.views, shown: n.format(p.views) })}
            </Text>
          </Group>
          <Progress value={(p.views / top) * 100} size="sm" mt={4} aria-hidden />
        </li>
      ))}
    </Stack>
  );
}
