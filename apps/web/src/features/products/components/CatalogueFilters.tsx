import type { PublicFilter, PublicFilters } from '@app/shared/products/products';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FILTER_KINDS, localName } from '../public-catalogue';
import classes from './catalogue.module.css';

interface Props {
  filters: PublicFilters | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  selected: Record<PublicFilter, number[]>;
  activeCount: number;
  onChange: (kind: PublicFilter, ids: number[]) => void;
  onClear: () => void;
}

/**
 * The filter groups as toggle chips (a group without values is left out), and 'Wis filters'.
 * Plain buttons with aria-pressed: they weigh nothing extra on the catalogue's first load.
 */
export function CatalogueFilters({ filters, isLoading, isError, onRetry, selected, activeCount, onChange, onClear }: Props) {
  const { t, i18n } = useTranslation();
  const groups = filters ? FILTER_KINDS.filter((k) => filters[k].length > 0) : [];
  return (
    <Stack gap="md" className={classes.filters} data-testid="catalogue-filters">
      {isLoading ? (
        <>
          <Skeleton height={14} width="40%" />
          <Group gap={6}>
            <Skeleton height={26} width={72} radius="xl" />
            <Skeleton height={26} width={96} radius="xl" />
            <Skeleton height={26} width={64} radius="xl" />
          </Group>
        </>
      ) : null}
      {isError ? (
        <Stack gap={6} align="flex-start" role="alert">
          <Text size="sm" c="dimmed">
            {t('public.filters.loadFailed')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={onRetry}>
            {t('public.filters.retry')}
          </Button>
        </Stack>
      ) : null}
      {filters && groups.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('public.filters.none')}
        </Text>
      ) : null}
      {groups.map((kind) => (
        <fieldset key={kind} className={classes.filterGroup}>
          <legend>{t(`public.filters.${kind}`)}</legend>
          <Group gap={6}>
            {filters?.[kind].map((a) => {
              const on = selected[kind].includes(a.id);
              return (
                <Button
                  key={a.id}
                  size="compact-sm"
                  radius="xl"
                  fw={500}
                  variant={on ? 'filled' : 'default'}
                  aria-pressed={on}
                  leftSection={on ? <IconCheck size={14} aria-hidden /> : null}
                  onClick={() => onChange(kind, on ? selected[kind].filter((x) => x !== a.id) : [...selected[kind], a.id])}
                >
                  {localName(a, i18n.language)}
                </Button>
              );
            })}
          </Group>
        </fieldset>
      ))}
      {activeCount > 0 && !isLoading ? (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconX size={14} />}
          onClick={onClear}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('public.filters.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}
