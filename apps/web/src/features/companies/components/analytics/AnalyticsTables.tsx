import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { Anchor, Table, Tabs, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The figures behind the chart, as tables (its accessible alternative): per company (most page
 * views first) and per day. On a phone a table scrolls sideways inside its own box, never the page.
 */
export function AnalyticsTables({ report }: { report: AnalyticsReport }) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <Tabs defaultValue="companies" keepMounted={false}>
      <Tabs.List mb="sm" aria-label={t('analytics.tables.label')}>
        <Tabs.Tab value="companies">{t('analytics.tables.perCompany')}</Tabs.Tab>
        <Tabs.Tab value="days">{t('analytics.tables.perDay')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="companies">
        {report.companies.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('analytics.tables.noCompanies')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={300}>
            <Table striped highlightOnHover data-testid="analytics-companies">
              <Table.Caption>{t('analytics.tables.companiesCaption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('analytics.tables.company')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analytics.totals.pageViews')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('analytics.totals.logins')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.companies.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Th scope="row" fw={500}>
                      <Anchor component={Link} to={`/companies/${c.id}`} size="sm">
                        {c.name}
                      </Anchor>
                    </Table.Th>
                    <Table.Td ta="right">{n.format(c.pageViews)}</Table.Td>
                    <Table.Td ta="right">{n.format(c.logins)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Tabs.Panel>
      <Tabs.Panel value="days">
        <Table.ScrollContainer minWidth={300} maxHeight={480}>
          <Table striped stickyHeader data-testid="analytics-days">
            <Table.Caption>{t('analytics.tables.daysCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('analytics.tables.day')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('analytics.totals.pageViews')}
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('analytics.totals.logins')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.days.map((d) => (
                <Table.Tr key={d.day}>
                  <Table.Th scope="row" fw={400}>
                    {dayjs(d.day).format('dd DD-MM-YYYY')}
                  </Table.Th>
                  <Table.Td ta="right">{n.format(d.pageViews)}</Table.Td>
                  <Table.Td ta="right">{n.format(d.logins)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Tabs.Panel>
    </Tabs>
  );
}
