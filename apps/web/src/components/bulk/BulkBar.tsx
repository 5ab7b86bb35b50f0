import type { BulkRun, BulkSelection } from '@app/shared/bulk/bulk';
import { Affix, Button, Group, List, Menu, Modal, Paper, Progress, ScrollArea, Stack, Text, Transition } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import { useAttempt } from '../../lib/attempt';
import { confirmAction } from '../confirm';
import { CARDS_QUERY } from '../DataTable';
import type { Selection } from './useSelection';

/** One action of a list's bulk bar. */
export interface BulkActionItem {
  key: string;
  label: string;
  /** POST path, e.g. /api/products/bulk/publish. */
  path: string;
  icon?: ReactNode;
  color?: string;
  /** Asked before running (destructive or far-reaching actions): the message gets the count. */
  confirm?: { title: string; message: (count: number) => ReactNode; confirmLabel: string; danger?: boolean };
  /**
   * The action's parameters, asked in the page's own modal (an attribute, an assignee); resolves null
   * when the person cancels. Without it the action takes none.
   */
  prepare?: (count: number) => Promise<Record<string, unknown> | null>;
}

/** What a list hands its bulk bar (a list's own bar adds its actions). */
export interface BulkListProps {
  selection: Selection;
  /** The number of rows the list's filter finds. */
  total: number;
  /** The rows on the visible page (to offer "select all N" once the page is ticked). */
  pageIds: readonly number[];
  /** The list's query as its list route gets it (for "all matching"). */
  query: Record<string, string | string[] | number | undefined | null>;
}

interface Props extends BulkListProps {
  actions: BulkActionItem[];
  /** After a run: reload the list (and whatever else the action changed). */
  onDone: (run: BulkRun) => void;
}

const POLL_MS = 1000;

function cleanQuery(q: Props['query']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '' || k === 'page' || k === 'perPage') continue;
    out[k] = Array.isArray(v) ? v.map(String) : String(v);
  }
  return out;
}

/**
 * The bar a list shows while rows are selected: how many, "select all N matching the filter", the
 * list's bulk actions, and clear. It runs an action (asking first where the action says so), follows
 * a big run's progress, and then tells what changed and what was skipped and why.
 */
export function BulkBar({ selection, total, pageIds, query, actions, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const phone = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  const [running, setRunning] = useState<{ label: string; run: BulkRun } | null>(null);
  const [busy, setBusy] = useState(false);
  const nf = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL');
  const count = selection.count(total);
  const pageTicked = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));

  const poll = useQuery({
    queryKey: ['bulk-run', running?.run.id ?? 0],
    queryFn: ({ signal }) => api.get<{ data: BulkRun }>(`/api/bulk-runs/${running?.run.id}`, { signal }).then((r) => r.data),
    enabled: !!running && running.run.status === 'running',
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'running' ? false : POLL_MS),
  });
  const run = poll.data && poll.data.id === running?.run.id ? poll.data : running?.run;
  const finished = run && run.status !== 'running';

  async function start(a: BulkActionItem) {
    if (a.confirm) {
      const ok = await confirmAction({
        title: a.confirm.title,
        message: a.confirm.message(count),
        confirmLabel: a.confirm.confirmLabel,
        danger: a.confirm.danger ?? false,
      });
      if (!ok) return;
    }
    const params = a.prepare ? await a.prepare(count) : {};
    if (params === null) return;
    const sel: BulkSelection = selection.all ? { all: true, query: cleanQuery(query) } : { ids: [...selection.ids] };
    setBusy(true);
    await attempt(async () => {
      const res = await api.post<{ data: BulkRun }>(a.path, { selection: sel, params });
      setRunning({ label: a.label, run: res.data });
      if (res.data.status !== 'running') finish(res.data);
    });
    setBusy(false);
  }

  function finish(r: BulkRun) {
    selection.clear();
    onDone(r);
  }

  // A big run ends while its progress is on screen: the list is read again once.
  const endedId = running?.run.status === 'running' && finished ? run.id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per run that ends
  useEffect(() => {
    if (endedId !== null && run) finish(run);
  }, [endedId]);

  const bar = (
    <Paper
      shadow="md"
      withBorder
      p="sm"
      radius="md"
      role="region"
      aria-label={t('bulk.barLabel')}
      data-testid="bulk-bar"
      style={{ maxWidth: 'min(960px, calc(100vw - 24px))' }}
    >
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          <Text fw={600} aria-live="polite">
            {selection.all
              ? t('bulk.allSelected', { count, n: nf.format(count) })
              : t('bulk.selected', { count, n: nf.format(count) })}
          </Text>
          {!selection.all && pageTicked && total > pageIds.length ? (
            <Button variant="subtle" size="compact-sm" onClick={selection.selectAll}>
              {t('bulk.selectAll', { count: total, n: nf.format(total) })}
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {phone || actions.length > 3 ? (
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <Button rightSection={<IconChevronDown size={16} />} loading={busy}>
                  {t('bulk.actions')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {actions.map((a) => (
                  <Menu.Item key={a.key} leftSection={a.icon} color={a.color} onClick={() => void start(a)}>
                    {a.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : (
            actions.map((a) => (
              <Button
                key={a.key}
                leftSection={a.icon}
                color={a.color}
                variant={a.color === 'red' ? 'light' : 'filled'}
                loading={busy}
                onClick={() => void start(a)}
              >
                {a.label}
              </Button>
            ))
          )}
          <Button variant="default" onClick={selection.clear} aria-label={t('bulk.clear')} px="xs">
            <IconX size={18} aria-hidden />
          </Button>
        </Group>
      </Group>
    </Paper>
  );

  return (
    <>
      <Affix position={{ bottom: 16, left: '50%' }} style={{ transform: 'translateX(-50%)' }} zIndex={150}>
        <Transition transition="slide-up" mounted={count > 0}>
          {(styles) => <div style={styles}>{bar}</div>}
        </Transition>
      </Affix>
      <Modal
        opened={!!running}
        onClose={() => (finished ? setRunning(null) : undefined)}
        withCloseButton={!!finished}
        closeOnEscape={!!finished}
        closeOnClickOutside={!!finished}
        title={running?.label}
        fullScreen={phone}
        centered
      >
        {run ? <RunReport run={run} nf={nf} onClose={() => setRunning(null)} /> : null}
      </Modal>
    </>
  );
}

function RunReport({ run, nf, onClose }: { run: BulkRun; nf: Intl.NumberFormat; onClose: () => void }) {
  const { t } = useTranslation();
  const percent = run.total > 0 ? Math.round((run.done / run.total) * 100) : 100;
  if (run.status === 'running') {
    return (
      <Stack gap="xs" data-testid="bulk-progress">
        <Text>{t('bulk.running')}</Text>
        <Progress value={percent} striped animated size="lg" aria-label={t('bulk.progress')} />
        <Text size="sm" c="dimmed">
          {t('bulk.counts', { done: nf.format(run.done), total: nf.format(run.total), percent })}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="bulk-result">
      {run.status === 'failed' ? <Text c="red.8">{t('bulk.failed')}</Text> : null}
      <Text>
        {t('bulk.changed', { count: run.changed, n: nf.format(run.changed) })}
        {run.total - run.changed - run.skipped.length > 0
          ? ` ${t('bulk.unchanged', { count: run.total - run.changed - run.skipped.length, n: nf.format(run.total - run.changed - run.skipped.length) })}`
          : ''}
      </Text>
      {run.skipped.length > 0 ? (
        <>
          <Text fw={600}>{t('bulk.skipped', { count: run.skipped.length, n: nf.format(run.skipped.length) })}</Text>
          <ScrollArea.Autosize mah={280}>
            <List size="sm" spacing={4}>
              {run.skipped.map((s) => (
                <List.Item key={s.id}>
                  <Text span fw={500} size="sm">
                    {s.label ?? `#${s.id}`}
                  </Text>
                  {': '}
                  {t(`errors.${s.code}`, { defaultValue: t('errors.UNKNOWN') })}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        </>
      ) : null}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('bulk.close')}
        </Button>
      </Group>
    </Stack>
  );
}
