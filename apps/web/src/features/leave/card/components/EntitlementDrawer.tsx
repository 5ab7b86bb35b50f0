import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveCard } from '@app/shared/leave/leave';
import { Drawer, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../lib/dates';
import classes from './card.module.css';

const CHAIN = ['previousYear', 'entitlement', 'corrections', 'overtime', 'taken', 'planned', 'balance'] as const;

/**
 * Where the entitlement and the previous year come from: one line per contract in the year (pro rata
 * for the hours a week against a full-time week and for the days of the year it covers), and the
 * chain of years, each one's balance carried over to the next.
 */
export function EntitlementDrawer({ card, opened, onClose }: { card: LeaveCard; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const lines = card.entitlementLines;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={<Text fw={600}>{t('leave.card.drawer.title', { year: card.year })}</Text>}
    >
      <Stack gap="xl">
        <Stack gap="xs" component="section" aria-labelledby="leave-entitlement">
          <Title order={3} fz="md" id="leave-entitlement">
            {t('leave.card.drawer.entitlement', { year: card.year })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('leave.card.drawer.policy', {
              week: formatMinutes(card.policy.fullTimeWeekMinutes),
              year: formatMinutes(card.policy.yearlyMinutes),
            })}
          </Text>
          {lines.length === 0 ? (
            <Text size="sm">{t('leave.card.info.noContract', { year: card.year })}</Text>
          ) : (
            <Table.ScrollContainer minWidth={480}>
              <Table striped verticalSpacing="xs" data-testid="entitlement-lines">
                <caption className="visually-hidden">{t('leave.card.drawer.entitlement', { year: card.year })}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('leave.card.drawer.contract')}</Table.Th>
                    <Table.Th>{t('leave.card.drawer.days')}</Table.Th>
                    <Table.Th>{t('leave.card.drawer.perWeek')}</Table.Th>
                    <Table.Th ta="right">{t('leave.card.drawer.minutes')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l) => (
                    <Table.Tr key={`${l.contractId}-${l.from}`}>
                      <Table.Td className={classes.amount}>
                        {formatDate(l.from)} – {formatDate(l.till)}
                      </Table.Td>
                      <Table.Td className={classes.amount}>
                        {t('leave.card.drawer.daysOf', { days: l.days, of: l.daysInYear })}
                      </Table.Td>
                      <Table.Td className={classes.amount}>{formatMinutes(l.minutesPerWeek)}</Table.Td>
                      <Table.Td ta="right" className={classes.amount}>
                        {formatMinutes(l.minutes)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={3}>{t('leave.card.drawer.total')}</Table.Th>
                    <Table.Th ta="right" className={classes.amount}>
                      {formatMinutes(card.entitlement)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="xs" c="dimmed">
            {t('leave.card.drawer.howPro')}
          </Text>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="leave-chain">
          <Title order={3} fz="md" id="leave-chain">
            {t('leave.card.drawer.chain')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('leave.card.drawer.chainHint')}
          </Text>
          <Table.ScrollContainer minWidth={640}>
            <Table striped verticalSpacing="xs" data-testid="leave-years">
              <caption className="visually-hidden">{t('leave.card.drawer.chain')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('leave.card.drawer.year')}</Table.Th>
                  {CHAIN.map((k) => (
                    <Table.Th key={k} ta="right">
                      {t(`leave.card.totals.${k}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {card.years.map((y) => (
                  <Table.Tr key={y.year} fw={y.year === card.year ? 600 : undefined}>
                    <Table.Td>{y.year}</Table.Td>
                    {CHAIN.map((k) => (
                      <Table.Td key={k} ta="right" className={classes.amount}>
                        {formatMinutes(y[k])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Stack>
    </Drawer>
  );
}
