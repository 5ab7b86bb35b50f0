import { type Declaration, declarationListQuerySchema } from '@app/shared/declarations/declarations';
import { DECLARATION_STATUSES, type DeclarationStatus, formatCents } from '@app/shared/declarations/declarations.rules';
import { viewerCan } from '@app/shared/platform/abilities';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconPlus, IconReceipt, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { formatDate } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useViewer } from '../../auth/viewer';
import { useEmployeeOptions } from '../../projects/employees-api';
import { useDeclarations } from '../api';
import { DeclarationDrawer } from './DeclarationDrawer';
import { DeclarationFormModal } from './DeclarationFormModal';
import { ListEmpty, PagedTable, PeriodFields } from './ListParts';
import { StatusBadge } from './StatusBadge';

const PER_PAGE = 25;
type Tab = DeclarationStatus | 'all';
const TABS: Tab[] = [...DECLARATION_STATUSES, 'all'];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as string[]).includes(v);

/**
 * Declarations in a list: status tabs (Ingediend first), a period, a search, for the hours rights a
 * person filter; the total of every matching one; a row opens the declaration in a drawer (?open=id,
 * so a notification's link opens it too); "Nieuwe declaratie" opens the form.
 * `userId`: one person's list (their page); null: /declarations (one's own, or everyone's with the rights).
 */
export function DeclarationList({ userId }: { userId: number | null }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const manage = viewerCan(viewer, PEOPLE_RIGHTS.hours);
  const list$ = useListParams(declarationListQuerySchema);
  const { params } = list$;
  // The status tab: a status or 'all' (the screen's own, not the server's), Ingediend without one.
  const tabParam = params.get('status');
  const tab: Tab = isTab(tabParam) ? tabParam : 'submitted';
  const { from, to, employeeId: person } = list$.query;
  const openParam = Number(params.get('open')) || null;
  const [editing, setEditing] = useState<Declaration | null | undefined>(undefined);
  const employees = useEmployeeOptions();
  const [, setParams] = useSearchParams();

  // The list's filters and sort: the list's query, and the export's.
  const filters = {
    sort: list$.sort,
    ...(list$.q ? { q: list$.q } : {}),
    ...(tab === 'all' ? {} : { status: tab }),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(userId === null && manage && person ? { employeeId: person } : {}),
  };
  const list = useDeclarations(userId, { page: list$.page, perPage: PER_PAGE, ...filters });

  // The open declaration lives in the URL too, without touching the page or the filters.
  const open = (id: number | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (id === null) p.delete('open');
        else p.set('open', String(id));
        return p;
      },
      { replace: true },
    );
  const showPerson = userId === null && manage;

  const columns: Column<Declaration>[] = [
    {
      key: 'date',
      header: t('declarations.list.date'),
      sortKey: 'date',
      width: 120,
      render: (d) => <span style={{ whiteSpace: 'nowrap' }}>{formatDate(d.date)}</span>,
    },
    ...(showPerson
      ? [
          {
            key: 'person',
            header: t('declarations.list.person'),
            sortKey: 'employee',
            render: (d: Declaration) => d.employee.name,
          },
        ]
      : []),
    {
      key: 'name',
      header: t('declarations.list.description'),
      render: (d) => (
        <Stack gap={0}>
          <Anchor
            component="button"
            type="button"
            fw={500}
            ta="left"
            onClick={() => open(d.id)}
            aria-label={t('declarations.list.open', { description: d.description })}
            style={{ overflowWrap: 'anywhere' }}
          >
            {d.description}
          </Anchor>
          {d.project ? (
            <Text size="xs" c="dimmed">
              {d.project.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'category', header: t('declarations.list.category'), render: (d) => d.category.name },
    {
      key: 'amount',
      header: t('declarations.list.amount'),
      sortKey: 'amount',
      width: 130,
      render: (d) => (
        <Text component="span" size="sm" fw={500} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatCents(d.amountCents)}
        </Text>
      ),
    },
    { key: 'status', header: t('declarations.list.status'), width: 130, render: (d) => <StatusBadge status={d.status} /> },
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      {t('declarations.list.create')}
    </Button>
  );
  const filtered = Boolean(list$.q || from || to || person || tab !== 'submitted');
  const empty = (
    <ListEmpty
      filtered={filtered}
      prefix="declarations.list"
      icon={<IconReceipt size={32} stroke={1.5} />}
      description={t('declarations.list.emptyText')}
      action={createButton}
    />
  );
  const data = list.data;

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <ExportMenu
          path={userId === null ? '/api/declarations/export' : `/api/users/${userId}/declarations/export`}
          params={filters}
        />
        {createButton}
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => list$.setFilters({ status: v === 'submitted' || !isTab(v) ? null : v })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('declarations.tabs.label')} mb="md" style={{ flexWrap: 'wrap' }}>
          {TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {x === 'all' ? t('declarations.tabs.all') : t(`declarations.status.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: showPerson ? 4 : 3 }} spacing="sm">
              <TextInput
                label={t('declarations.list.search')}
                leftSection={<IconSearch size={16} />}
                value={list$.search}
                onChange={(e) => list$.setSearch(e.currentTarget.value)}
              />
              {showPerson ? (
                <Select<number>
                  label={t('declarations.list.person')}
                  placeholder={t('declarations.list.allPeople')}
                  data={(employees.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
                  value={person ?? null}
                  onChange={(v) => list$.setFilters({ employeeId: v === null ? null : String(v) })}
                  searchable
                  clearable
                />
              ) : null}
              <PeriodFields from={from} to={to} list$={list$} />
            </SimpleGrid>
            {data && data.meta.total > 0 ? (
              <Paper withBorder radius="sm" px="md" py="xs" role="status">
                <Group justify="space-between" gap="xs">
                  <Text fw={600}>{t('declarations.list.total', { amount: formatCents(data.totalCents) })}</Text>
                  <Text size="sm" c="dimmed">
                    {t('declarations.list.count', { count: data.meta.total })}
                  </Text>
                </Group>
              </Paper>
            ) : null}
            <PagedTable caption={t('declarations.list.caption')} columns={columns} list={list} list$={list$} empty={empty} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <DeclarationDrawer id={openParam} onClose={() => open(null)} onEdit={(d) => setEditing(d)} />
      <DeclarationFormModal
        editing={editing}
        onClose={() => setEditing(undefined)}
        forEmployee={userId !== null && userId !== viewer.employeeId ? userId : null}
        chooseEmployee={userId === null && manage}
      />
    </Stack>
  );
}
