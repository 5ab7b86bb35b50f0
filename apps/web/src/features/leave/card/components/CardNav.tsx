import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CARD_PARTS, type CardPart, cardPath } from '../paths';

/**
 * The card's own pages as a row of links under the employee's tabs: the overview and its sub-pages
 * (concept, corrections, leave, overtime, sick), the year kept. Wraps on a phone.
 */
export function CardNav({
  userId,
  year,
  thisYear,
  current,
}: {
  userId: number;
  year: number;
  thisYear: number;
  current: CardPart | null;
}) {
  const { t } = useTranslation();
  const parts: (CardPart | null)[] = [null, ...CARD_PARTS];
  return (
    <Group component="nav" aria-label={t('leave.card.parts.label')} gap={6} mb="lg" wrap="wrap">
      {parts.map((p) => {
        const active = p === current;
        return (
          <Button
            key={p ?? 'overview'}
            component={Link}
            to={cardPath(userId, p, year, thisYear)}
            size="compact-md"
            radius="xl"
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
          >
            {t(`leave.card.parts.${p ?? 'overview'}`)}
          </Button>
        );
      })}
    </Group>
  );
}
