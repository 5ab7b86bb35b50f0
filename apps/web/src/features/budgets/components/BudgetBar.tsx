import { type BudgetState, budgetShare } from '@app/shared/budgets/budgets';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<BudgetState, string> = { none: 'gray', ok: 'teal', warning: 'orange', over: 'red' };

/** The state as words (never colour alone): nothing for ok and none. */
export function BudgetStateBadge({ state }: { state: BudgetState }) {
  const { t } = useTranslation();
  if (state !== 'warning' && state !== 'over') return null;
  return (
    <Badge color={COLOR[state]} variant={state === 'over' ? 'filled' : 'light'}>
      {t(`budgets.states.${state}`)}
    </Badge>
  );
}

/**
 * One line of the budget chart: the name, "spent of budget (share)", the state in words and a
 * bar of the share spent (full at 100 % and over).
 */
export function BudgetBar({
  label,
  actual,
  budget,
  state,
  format,
  extra,
}: {
  label: string;
  actual: number;
  budget: number | null;
  state: BudgetState;
  format: (n: number) => string;
  extra?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const share = budgetShare(actual, budget);
  const percent =
    share === null ? null : new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL', { style: 'percent' }).format(share);
  const figures =
    budget === null
      ? t('budgets.spentNoBudget', { actual: format(actual) })
      : t('budgets.spentOf', { actual: format(actual), budget: format(budget), percent: percent ?? '–' });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={500}>{label}</Text>
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {figures}
          </Text>
          <BudgetStateBadge state={state} />
        </Group>
      </Group>
      {budget !== null ? (
        <Progress
          value={share === null ? (actual > 0 ? 100 : 0) : Math.min(100, share * 100)}
          color={COLOR[state]}
          size="md"
          aria-label={`${label}: ${figures}`}
        />
      ) : null}
      {extra ? (
        <Text size="xs" c="dimmed">
          {extra}
        </Text>
      ) : null}
    </Stack>
  );
}
