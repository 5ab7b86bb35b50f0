import { ActionIcon, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconBeach, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/States';
import { today } from '../../hours/weeks';
import { UserHeader } from '../../users/components/UserHeader';
import { useLeaveCard } from './api';
import { CardNav } from './components/CardNav';
import { CardSummary } from './components/CardSummary';
import { ConceptPart } from './components/ConceptPart';
import { CorrectionsPart } from './components/CorrectionsPart';
import { LeaveLinesPart, OvertimePart } from './components/LinesParts';
import { SickPart } from './components/SickPart';
import { type CardPart, isCardPart } from './paths';

/**
 * users.leave-card ('Verlofkaart'): a person's leave in hours for one year (?year), as a ledger.
 * The overview shows each total (previous year, entitlement, corrections, overtime, taken,
 * planned, balance) and how the balance follows from them; each total opens the lines it is the
 * sum of: the sub-pages concept (requests waiting, not in the balance yet), corrections, leave
 * (taken and planned), overtime and sick. One's own card for everyone, another person's with the
 * leave rights (the server answers 404 otherwise, which the page shows).
 */
export function LeaveCardPage() {
  const { t } = useTranslation();
  const params = useParams();
  const userId = Number(params.userId);
  const part = params.part;
  const [search, setSearch] = useSearchParams();
  const thisYear = Number(today().slice(0, 4));
  const year = yearFromParam(search.get('year'), thisYear);
  const card = useLeaveCard(userId, year);
  const shown = card.data && card.data.year === year ? card.data : undefined;

  const goTo = (y: number) =>
    setSearch(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (y === thisYear) p.delete('year');
        else p.set('year', String(y));
        p.delete('page');
        return p;
      },
      { replace: true },
    );

  const known = part === undefined || isCardPart(part);
  let body: ReactNode;
  if (!known) {
    body = <EmptyState title={t('common.notFound.title')} description={t('common.notFound.text')} />;
  } else if (part === undefined) {
    body = <CardSummary userId={userId} year={year} card={card} />;
  } else {
    const p = part as CardPart;
    body =
      p === 'concept' ? (
        <ConceptPart userId={userId} year={year} card={shown} />
      ) : p === 'corrections' ? (
        <CorrectionsPart userId={userId} year={year} card={shown} />
      ) : p === 'leave' ? (
        <LeaveLinesPart userId={userId} year={year} card={shown} />
      ) : p === 'overtime' ? (
        <OvertimePart userId={userId} year={year} card={shown} />
      ) : (
        <SickPart userId={userId} year={year} card={shown} />
      );
  }

  const requestButton = shown?.abilities.canRequest ? (
    <Button component={Link} to="/users/leave" variant="light" leftSection={<IconBeach size={16} />}>
      {t('leave.card.request')}
    </Button>
  ) : null;

  return (
    <>
      <UserHeader userId={userId} title={t('leave.card.title')} actions={requestButton} />
      <Group justify="space-between" align="center" gap="sm" wrap="wrap" mb="md">
        <Group gap="xs" align="baseline" wrap="wrap">
          <Title order={2} fz={{ base: 20, sm: 22 }} data-testid="leave-card-year">
            {year}
          </Title>
          {shown ? (
            <Text size="sm" c="dimmed">
              {shown.employee.name}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('leave.card.year.goTo', { year: year - 1 })}>
            <ActionIcon
              variant="default"
              size="xl"
              aria-label={t('leave.card.year.goTo', { year: year - 1 })}
              onClick={() => goTo(year - 1)}
              disabled={year <= 2000}
            >
              <IconChevronLeft size={20} />
            </ActionIcon>
          </Tooltip>
          <Button variant="default" size="md" onClick={() => goTo(thisYear)} disabled={year === thisYear}>
            {t('leave.card.year.current')}
          </Button>
          <Tooltip label={t('leave.card.year.goTo', { year: year + 1 })}>
            <ActionIcon
              variant="default"
              size="xl"
              aria-label={t('leave.card.year.goTo', { year: year + 1 })}
              onClick={() => goTo(year + 1)}
              disabled={year >= 2099}
            >
              <IconChevronRight size={20} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <CardNav
        userId={userId}
        year={year}
        thisYear={thisYear}
        current={known ? ((part as CardPart | undefined) ?? null) : null}
      />
      {body}
    </>
  );
}

/** The year in the address when it is a whole year the server takes (2000 to 2099), else this year. */
export function yearFromParam(param: string | null, thisYear: number): number {
  const y = Number(param);
  return param && Number.isInteger(y) && y >= 2000 && y <= 2099 ? y : thisYear;
}
