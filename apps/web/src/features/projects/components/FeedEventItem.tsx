import type { FeedEvent } from '@app/shared/projects/feed';
import { Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconDoor, IconListCheck, IconRotate, IconSubtask, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { relativeTime } from '../relative-time';

/**
 * The catalogue key of an event's sentence ("Taak '{{name}}' afgerond"): one per kind, and for a
 * ticket update that closed or reopened the ticket (data.status) the sentence that says so.
 */
export function feedSentenceKey(e: Pick<FeedEvent, 'kind' | 'data'>): string {
  if (e.kind === 'ticket.updated') {
    if (e.data.status === 'closed') return 'projects.feed.events.ticket.closed';
    if (e.data.status === 'open') return 'projects.feed.events.ticket.reopened';
  }
  return `projects.feed.events.${e.kind}`;
}

/** Stands in for the subject's name while the sentence is translated, so the name can become a link. */
const NAME = '\uE000';

/** The sentence around the subject's name: the words before it and after it, in the reader's language. */
export function sentenceAround(t: (key: string, o: Record<string, string>) => string, key: string): [string, string] {
  const s = t(key, { name: NAME });
  const at = s.indexOf(NAME);
  return at < 0 ? [s, ''] : [s.slice(0, at), s.slice(at + NAME.length)];
}

/** Where the event's subject is: the area, the task (under its area), the sub-task (under its task) or the ticket. */
export function feedSubjectPath(projectId: number, e: FeedEvent): string | null {
  const base = `/projects/${projectId}`;
  switch (e.subjectType) {
    case 'area':
      return `${base}/areas/${e.subjectId}`;
    case 'task':
      return e.areaId ? `${base}/areas/${e.areaId}/task/${e.subjectId}` : null;
    case 'subtask':
      return e.areaId && e.taskId ? `${base}/areas/${e.areaId}/task/${e.taskId}/subtask/${e.subjectId}` : null;
    case 'ticket':
      return `${base}/tickets/${e.subjectId}`;
    default:
      return null;
  }
}

const ICONS = { area: IconDoor, task: IconListCheck, subtask: IconSubtask, ticket: IconTicket } as const;

/** What the event did to its subject: done (completed, closed), undone (reopened) or something else. */
function outcome(e: Pick<FeedEvent, 'kind' | 'data'>): 'done' | 'reopened' | 'other' {
  if (e.kind.endsWith('.completed')) return 'done';
  if (e.kind.endsWith('.opened')) return 'reopened';
  if (e.kind === 'ticket.updated' && e.data.status === 'closed') return 'done';
  if (e.kind === 'ticket.updated' && e.data.status === 'open') return 'reopened';
  return 'other';
}

const COLORS = { done: 'teal', reopened: 'blue', other: 'orange' } as const;

interface Props {
  projectId: number;
  event: FeedEvent;
  now: Date;
}

/**
 * One line of the project feed: what happened (one translated sentence per kind, the subject's
 * name linking to it), who did it (and on behalf of which company when acting as one), and when
 * (relative, with the exact time beside it for assistive technology and on hover).
 */
export function FeedEventItem({ projectId, event, now }: Props) {
  const { t, i18n } = useTranslation();
  const path = feedSubjectPath(projectId, event);
  const result = outcome(event);
  const Icon = result === 'reopened' ? IconRotate : ICONS[event.subjectType];
  const [before, after] = sentenceAround(t, feedSentenceKey(event));
  const who = event.who
    ? event.actingFor
      ? t('projects.feed.whoActing', { who: event.who, company: event.actingFor })
      : event.who
    : t('projects.feed.someone');
  const exact = formatDateTime(event.createdAt);
  return (
    <Group component="li" gap="sm" wrap="nowrap" align="flex-start" py="xs">
      <ThemeIcon variant="light" color={COLORS[result]} radius="xl" size={32} aria-hidden>
        <Icon size={16} />
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {before}
          {path ? (
            <Anchor component={Link} to={path} fw={600}>
              {event.subjectName}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {event.subjectName}
            </Text>
          )}
          {after}
        </Text>
        <Text size="xs" c="dimmed">
          {who}
          {' · '}
          <time dateTime={event.createdAt} title={exact}>
            {relativeTime(event.createdAt, now, i18n.language)}
          </time>
          <span className="visually-hidden"> ({exact})</span>
        </Text>
      </Stack>
    </Group>
  );
}
