import type { HistoryChange, HistoryEntry, HistorySubject } from '@app/shared/history/history';
import { Anchor, Button, ColorSwatch, Group, Stack, Table, Text, Timeline, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeTime } from '../../features/projects/relative-time';
import { EmptyState, ErrorState } from '../States';
import { HistorySkeleton } from './HistorySkeleton';
import { useHistory } from './history-api';
import {
  actorLabel,
  entryOp,
  entryTitle,
  fieldLabel,
  formatExact,
  formatValue,
  type ShownValue,
  TRUNCATE_AT,
} from './history-format';

const OP_ICONS = {
  created: IconPlus,
  updated: IconPencil,
  deleted: IconTrash,
  archived: IconArchive,
  restored: IconArrowBackUp,
} as const;

const OP_COLORS = { created: 'teal', updated: 'blue', deleted: 'red', archived: 'orange', restored: 'teal' } as const;

/** One value: a dash for nothing, a swatch beside a colour, a long text cut with "show all". */
function Value({ value, dimmed }: { value: ShownValue; dimmed?: boolean }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const long = value.text.length > TRUNCATE_AT;
  const text = long && !all ? `${value.text.slice(0, TRUNCATE_AT).trimEnd()}…` : value.text;
  return (
    <Text span size="sm" c={dimmed || value.empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {value.color ? (
        <ColorSwatch
          color={value.color}
          size={12}
          mr={6}
          component="span"
          style={{ display: 'inline-block', verticalAlign: 'middle' }}
        />
      ) : null}
      {text}
      {long ? (
        <>
          {' '}
          <Anchor component="button" type="button" size="xs" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t('history.showLess') : t('history.showAll')}
          </Anchor>
        </>
      ) : null}
    </Text>
  );
}

/** The fields of one entry: label, then old → new (a new record only the new value, a removed one only the old). */
function Changes({ entry }: { entry: HistoryEntry }) {
  const { t, i18n } = useTranslation();
  if (entry.changes.length === 0) return null;
  const show = (c: HistoryChange, v: unknown) => formatValue(t, i18n.language, entry.source, c.field, v);
  return (
    <Table
      mt="xs"
      withRowBorders
      verticalSpacing={6}
      horizontalSpacing="xs"
      fz="sm"
      aria-label={t('history.changesLabel')}
      data-testid="history-changes"
    >
      <Table.Tbody>
        {entry.changes.map((c) => (
          <Table.Tr key={c.field}>
            <Table.Th scope="row" w="38%" fw={500} style={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
              {fieldLabel(t, entry.source, c.field)}
            </Table.Th>
            <Table.Td style={{ verticalAlign: 'top' }}>
              {entry.op === 'created' ? (
                <Value value={show(c, c.new)} />
              ) : entry.op === 'deleted' ? (
                <Value value={show(c, c.old)} dimmed />
              ) : (
                <>
                  <Value value={show(c, c.old)} dimmed />
                  <Text span size="sm" c="dimmed" mx={6} aria-hidden>
                    →
                  </Text>
                  <VisuallyHidden>{t('history.becomes')}</VisuallyHidden>
                  <Value value={show(c, c.new)} />
                </>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Entry({ entry, now }: { entry: HistoryEntry; now: Date }) {
  const { t, i18n } = useTranslation();
  const exact = formatExact(entry.at, i18n.language);
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        <Text span size="sm" fw={500} c="var(--mantine-color-text)">
          {actorLabel(t, entry.actor)}
        </Text>
        {' · '}
        <time dateTime={entry.at} title={exact}>
          {relativeTime(entry.at, now, i18n.language)}
        </time>
      </Text>
      <Text size="xs" c="dimmed">
        {exact}
      </Text>
      <Changes entry={entry} />
    </Stack>
  );
}

/** The history itself, newest first, page by page. Loaded lazily by HistoryPanel. */
export default function HistoryTimeline({ subject, id }: { subject: HistorySubject; id: number }) {
  const { t } = useTranslation();
  const q = useHistory(subject, id);
  const now = new Date();
  if (q.isPending) return <HistorySkeleton />;
  if (q.isError && !q.data) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const entries = q.data?.pages.flatMap((p) => p.data) ?? [];
  const total = q.data?.pages[0]?.meta.total ?? 0;
  if (entries.length === 0) {
    return <EmptyState title={t('history.emptyTitle')} description={t('history.emptyText')} />;
  }
  return (
    <Stack gap="lg" data-testid="history-timeline">
      <Timeline bulletSize={28} lineWidth={2} active={-1}>
        {entries.map((e) => {
          const op = entryOp(e);
          const Icon = OP_ICONS[op];
          return (
            <Timeline.Item
              key={e.id}
              bullet={<Icon size={14} stroke={1.75} aria-hidden />}
              color={OP_COLORS[op]}
              title={
                <Text component="h3" size="sm" fw={600} m={0}>
                  {entryTitle(t, e)}
                </Text>
              }
              data-testid="history-entry"
            >
              <Entry entry={e} now={now} />
            </Timeline.Item>
          );
        })}
      </Timeline>
      {q.isFetchNextPageError ? <ErrorState error={q.error} onRetry={() => void q.fetchNextPage()} /> : null}
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="xs" c="dimmed">
          {t('history.shown', { shown: entries.length, total })}
        </Text>
        {q.hasNextPage && !q.isFetchNextPageError ? (
          <Button variant="light" onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
            {t('history.loadMore')}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
