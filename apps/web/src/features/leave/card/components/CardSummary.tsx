import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { LeaveCard } from '@app/shared/leave/leave';
import { Anchor, Paper, SimpleGrid, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../../components/States';
import { today } from '../../../hours/weeks';
import { type CardPart, cardPath } from '../paths';
import classes from './card.module.css';
import { EntitlementDrawer } from './EntitlementDrawer';

export const TOTALS = ['previousYear', 'entitlement', 'corrections', 'overtime', 'taken', 'planned', 'balance'] as const;
export type TotalName = (typeof TOTALS)[number];

/** Where each total's lines are: a sub-page (with its query), or the entitlement drawer. */
const TARGET: Record<TotalName, { part: CardPart; extra?: Record<string, string> } | 'drawer' | null> = {
  previousYear: 'drawer',
  entitlement: 'drawer',
  corrections: { part: 'corrections' },
  overtime: { part: 'overtime' },
  taken: { part: 'leave' },
  planned: { part: 'leave', extra: { show: 'planned' } },
  balance: 'drawer',
};

/** The operator each total has in the balance's formula. */
const SIGN: Record<Exclude<TotalName, 'balance'>, '+' | '−'> = {
  previousYear: '+',
  entitlement: '+',
  corrections: '+',
  overtime: '+',
  taken: '−',
  planned: '−',
};

/**
 * The card's overview: the seven totals of the year (each a sum of lines: a click opens them), the
 * balance's formula with the year's figures in it, and what is not in the balance (requests
 * waiting, leave of types that do not count, sick periods).
 */
export function CardSummary({ userId, year, card }: { userId: number; year: number; card: UseQueryResult<LeaveCard> }) {
  const { t } = useTranslation();
  const [drawer, setDrawer] = useState(false);
  const thisYear = Number(today().slice(0, 4));
  const c = card.data && card.data.year === year ? card.data : undefined;
  if (card.error && !c) return <ErrorState error={card.error} onRetry={() => void card.refetch()} />;
  if (!c) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('common.states.loading')}>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          {TOTALS.map((n) => (
            <Skeleton key={n} h={84} />
          ))}
        </SimpleGrid>
        <Skeleton h={24} w="70%" />
      </Stack>
    );
  }
  const figures = TOTALS.filter((n) => n !== 'balance') as Exclude<TotalName, 'balance'>[];
  return (
    <Stack gap="lg">
      <section aria-labelledby="leave-card-totals">
        <h2 id="leave-card-totals" className="visually-hidden">
          {t('leave.card.totals.heading', { year })}
        </h2>
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="sm">
          {TOTALS.map((name) => {
            const target = TARGET[name];
            const tile = <Tile name={name} minutes={c[name]} />;
            return (
              <div key={name} className={name === 'balance' ? classes.balanceCell : undefined}>
                {target === 'drawer' || target === null ? (
                  <UnstyledButton className={classes.tileLink} onClick={() => setDrawer(true)}>
                    {tile}
                  </UnstyledButton>
                ) : (
                  <UnstyledButton
                    component={Link}
                    className={classes.tileLink}
                    to={cardPath(userId, target.part, year, thisYear, target.extra)}
                  >
                    {tile}
                  </UnstyledButton>
                )}
              </div>
            );
          })}
        </SimpleGrid>
      </section>

      <Paper withBorder radius="sm" p="md">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {t('leave.card.formula')}
          </Text>
          <Text size="sm" className={classes.formula} data-testid="leave-card-formula">
            {formatMinutes(c.balance)} ={' '}
            {figures.map((n, i) => (
              <span key={n}>
                {i === 0 ? null : ` ${SIGN[n]} `}
                <span title={t(`leave.card.totals.${n}`)}>{formatMinutes(c[n])}</span>
              </span>
            ))}
          </Text>
          <Text size="xs" c="dimmed">
            {t('leave.card.formulaHint')}
          </Text>
        </Stack>
      </Paper>

      <Stack gap="xs">
        <InfoLine
          to={c.pending.count > 0 ? cardPath(userId, 'concept', year, thisYear) : null}
          text={
            c.pending.count > 0
              ? t('leave.card.info.pending', { count: c.pending.count, time: formatMinutes(c.pending.minutes) })
              : t('leave.card.info.noPending')
          }
          linkLabel={t('leave.card.info.pendingLink')}
        />
        {c.notCounted !== 0 ? (
          <InfoLine
            to={cardPath(userId, 'leave', year, thisYear)}
            text={t('leave.card.info.notCounted', { time: formatMinutes(Math.abs(c.notCounted)) })}
            linkLabel={t('leave.card.info.leaveLink')}
          />
        ) : null}
        <InfoLine
          to={cardPath(userId, 'sick', year, thisYear)}
          text={
            c.sick.count === 0
              ? t('leave.card.info.noSick')
              : c.sick.open
                ? t('leave.card.info.sickOpen', { count: c.sick.count })
                : t('leave.card.info.sick', { count: c.sick.count })
          }
          linkLabel={t('leave.card.info.sickLink')}
        />
        {c.entitlementLines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('leave.card.info.noContract', { year })}
          </Text>
        ) : null}
      </Stack>
      <EntitlementDrawer card={c} opened={drawer} onClose={() => setDrawer(false)} />
    </Stack>
  );
}

function Tile({ name, minutes }: { name: TotalName; minutes: number }) {
  const { t } = useTranslation();
  const balance = name === 'balance';
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      className={balance ? `${classes.tile} ${classes.balance}` : classes.tile}
      data-negative={minutes < 0 || undefined}
    >
      <Text size="sm" c={balance ? undefined : 'dimmed'} fw={600} className={classes.tileLabel}>
        {t(`leave.card.totals.${name}`)}
      </Text>
      <Text fz={balance ? 26 : 22} fw={700} className={classes.figure} data-testid={`leave-card-total-${name}`}>
        {formatMinutes(minutes)}
      </Text>
      {/* The name the button or link is read out with: the visible label and figure, then where it leads. */}
      <span className="visually-hidden">{t('leave.card.totals.showLines')}</span>
      <IconChevronRight size={14} className={classes.chevron} aria-hidden />
    </Paper>
  );
}

function InfoLine({ text, to, linkLabel }: { text: string; to: string | null; linkLabel: string }) {
  return (
    <Text size="sm">
      {text}
      {to ? (
        <>
          {' '}
          <Anchor component={Link} to={to} size="sm" underline="always">
            {linkLabel}
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}
