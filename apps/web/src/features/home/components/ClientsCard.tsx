import type { CompanySummary } from '@app/shared/companies/companies';
import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconLogin2, IconPlus } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAttempt } from '../../../lib/attempt';
import { errorMessage } from '../../../lib/errors';
import { startActingAs, useCan } from '../../auth/api';
import { useCompanies } from '../../companies/api';

/**
 * A searchable choice of the companies this person may act as (the server's canActAs per
 * company; searched on the server, 25 at a time), and the same 'act as' the companies list uses:
 * the portal of the chosen company opens.
 */
function ActAsPicker() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [picked, setPicked] = useState<CompanySummary | null>(null);
  const [acting, setActing] = useState(false);
  const list = useCompanies({ page: 1, perPage: 25, sort: 'name', tab: 'active', q: debounced || undefined });
  const rows = (list.data?.data ?? []).filter((c) => c.abilities.canActAs);
  // The chosen company stays a choice while another search runs.
  const options = picked && !rows.some((c) => c.id === picked.id) ? [picked, ...rows] : rows;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!picked) return;
    setActing(true);
    await attempt(
      async () => {
        await startActingAs(picked.id);
      },
      {
        onError: () => {
          setActing(false);
        },
      },
    );
  };

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('home.clients.actAsLabel')}
          placeholder={t('home.clients.search')}
          data={options.map((c) => ({ value: String(c.id), label: c.name }))}
          value={picked ? String(picked.id) : null}
          onChange={(v) => setPicked(options.find((c) => String(c.id) === v) ?? null)}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server searched already: every row it answered is a match.
          filter={({ options: o }) => o}
          nothingFoundMessage={list.isFetching ? t('home.clients.searching') : t('home.clients.nothingFound')}
          clearable
          style={{ flex: '1 1 16rem' }}
        />
        <Button type="submit" leftSection={<IconLogin2 size={16} />} disabled={!picked} loading={acting}>
          {t('home.clients.actAs')}
        </Button>
      </Group>
      {list.isError ? (
        <Text size="sm" c="red.8" mt="xs" role="alert">
          {errorMessage(t, list.error)}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void list.refetch()}>
            {t('common.actions.retry')}
          </Anchor>
        </Text>
      ) : null}
    </form>
  );
}

/**
 * 'Klanten' on the employee's home: add a client company (companies.manage) and open a company's
 * portal as that company (companies.act-as-client), without going to the companies list first.
 */
export function ClientsCard() {
  const { t } = useTranslation();
  const headingId = useId();
  const canManage = useCan('companies.manage');
  const canActAs = useCan('companies.act-as-client');
  if (!canManage && !canActAs) return null;
  return (
    <Card withBorder padding="lg" radius="md" shadow="xs" component="section" aria-labelledby={headingId} mb="xl">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {t('home.clients.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t(canActAs ? 'home.clients.intro' : 'home.clients.introManage')}
            </Text>
          </Stack>
          {canManage ? (
            <Button component={Link} to="/companies/new" variant="light" size="sm" leftSection={<IconPlus size={16} />}>
              {t('home.clients.add')}
            </Button>
          ) : null}
        </Group>
        {canActAs ? <ActAsPicker /> : null}
        <Anchor component={Link} to="/companies" size="sm" style={{ alignSelf: 'flex-start' }}>
          {t('home.clients.all')}
        </Anchor>
      </Stack>
    </Card>
  );
}
