import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { Anchor, Table, Tabs, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface FigureRow {
  key: string | number;
  /** The row's header cell: a company (a link) or a day. */
  label: ReactNode;
  pageViews: number;
  logins: number;
}

/** One table of page views and logins per row, its first column the row's header. */
function FiguresTable({
  caption,
  first,
  rows,
  testId,
  maxHeight,
}: {
  caption: string;
  first: string;
  rows: FigureRow[];
  testId: string;
  maxHeight?: number;
}) {
  const { t, i18n } = useTranslation();
  const n = new Intl.NumberFormat(i18n.language);
  return (
    <Table.ScrollContainer minWidth={300} maxHeight={maxHeight}>
      <Table striped highlightOnHover stickyHeader={maxHeight !== undefined} data-testid={testId}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{first}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('analytics.totals.pageViews')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('analytics.totals.logins')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={400}>
                {r.label}
              </Table.Th>
              <Table.Td ta="right">{n.format(r.pageViews)}</Table.Td>
              <Table.Td ta="right">{n.format(r.logins)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The figures behind the chart, as tables (its accessible alternative): per company (most page
 * views first) and per day. On a phone a table scrolls sideways inside its own box, never the page.
 */
export function AnalyticsTables({ report }: { report: AnalyticsReport }) {
  const { t } = useTranslation();
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
          <FiguresTable
            caption={t('analytics.tables.companiesCaption')}
            first={t('analytics.tables.company')}
            testId="analytics-companies"
            rows={report.companies.map((c) => ({
              key: c.id,
              label: (
                <Anchor component={Link} to={`/companies/${c.id}`} size="sm" fw={500}>
                  {c.name}
                </Anchor>
              ),
              pageViews: c.pageViews,
              logins: c.logins,
            }))}
          />
        )}
      </Tabs.Panel>
      <Tabs.Panel value="days">
        <FiguresTable
          caption={t('analytics.tables.daysCaption')}
          first={t('analytics.tables.day')}
          testId="analytics-days"
          maxHeight={480}
          rows={report.days.map((d) => ({
            key: d.day,
            label: dayjs(d.day).format('dd DD-MM-YYYY'),
            pageViews: d.pageViews,
            logins: d.logins,
          }))}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
