import { Button, Group, SegmentedControl, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../../components/dates/DateField';
import { checkPeriod, PERIOD_PRESETS, type Period, type PeriodPreset, presetPeriod } from './period';

interface Props {
  period: Period;
  today: string;
  onPeriod: (p: Period) => void;
  companyId: number | undefined;
  companies: readonly { id: number; name: string }[];
  companiesLoading: boolean;
  onCompany: (id: number | undefined) => void;
}

type Choice = `${PeriodPreset}` | 'custom';

/**
 * The period (last 7, 30 or 90 days, or typed from/to, checked as the server checks it before it
 * is asked for) and the company (all, or one of the live companies, searchable).
 */
export function AnalyticsFilters({ period, today, onPeriod, companyId, companies, companiesLoading, onCompany }: Props) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<Choice>(period.preset === 'custom' ? 'custom' : `${period.preset}`);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  // On a phone the four choices stand under each other: side by side they would not fit.
  const isPhone = useMediaQuery('(max-width: 36em)');

  const handleChoice = (v: string) => {
    const next = v as Choice;
    setChoice(next);
    setErrors({});
    if (next === 'custom') {
      setFrom(period.from);
      setTo(period.to);
      return;
    }
    onPeriod(presetPeriod(Number(next) as PeriodPreset, today));
  };

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkPeriod(from, to);
    if (problem) {
      setErrors({ [problem.field]: t(`analytics.period.errors.${problem.code}`) });
      return;
    }
    setErrors({});
    onPeriod({ preset: 'custom', from, to });
  };

  return (
    <Stack gap="sm">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4} w={isPhone ? '100%' : undefined}>
          <span id="analytics-period-label" style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>
            {t('analytics.period.label')}
          </span>
          <SegmentedControl
            aria-labelledby="analytics-period-label"
            value={choice}
            onChange={handleChoice}
            orientation={isPhone ? 'vertical' : 'horizontal'}
            fullWidth={isPhone}
            data={[
              ...PERIOD_PRESETS.map((d) => ({ value: `${d}`, label: t('analytics.period.last', { count: d }) })),
              { value: 'custom', label: t('analytics.period.custom') },
            ]}
          />
        </Stack>
        <Select
          label={t('analytics.filters.company')}
          data={[
            { value: '', label: t('analytics.filters.allCompanies') },
            ...companies.map((c) => ({ value: String(c.id), label: c.name })),
          ]}
          value={companyId === undefined ? '' : String(companyId)}
          onChange={(v) => onCompany(v ? Number(v) : undefined)}
          searchable
          allowDeselect={false}
          nothingFoundMessage={t('analytics.filters.noCompany')}
          disabled={companiesLoading}
          w={{ base: '100%', xs: 280 }}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {choice === 'custom' ? (
        <form onSubmit={handleSubmit} noValidate aria-label={t('analytics.period.customForm')}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <DateField
              label={t('analytics.period.from')}
              required
              value={from}
              max={today}
              onChange={(v) => setFrom(v)}
              error={errors.from}
              w={{ base: '100%', xs: 180 }}
            />
            <DateField
              label={t('analytics.period.to')}
              required
              value={to}
              max={today}
              onChange={(v) => setTo(v)}
              error={errors.to}
              w={{ base: '100%', xs: 180 }}
            />
            <Button type="submit" mt={{ base: 0, xs: 25 }} leftSection={<IconCalendarSearch size={16} />}>
              {t('analytics.period.apply')}
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
