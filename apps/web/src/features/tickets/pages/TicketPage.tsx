import { type Ticket, ticketInputSchema } from '@app/shared/tickets/tickets';
import { Alert, Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLock, IconRefresh } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { useShownRecord } from '../../../components/use-shown-record';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useTicket, useTicketTransitions, useUpdateTicket } from '../api';
import { PriorityBadge, TicketStatusBadge } from '../components/TicketBadges';
import { TicketFields, type TicketValues, ticketToInput, ticketToValues } from '../components/TicketFields';
import { taskPath } from './TicketsPage';

interface EditorProps {
  ticket: Ticket;
  /** Under the project's header: the ticket's title is a section heading there. */
  inProject: boolean;
  reload: () => Promise<Ticket | undefined>;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * One ticket: its fields saved with the version (stale banner on 409), and close or reopen as the
 * server's abilities allow. While the form has unsaved changes, closing waits for a save: the
 * change of state would otherwise make the edits stale.
 */
function TicketEditor({ ticket, inProject, reload, onDirtyChange }: EditorProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const update = useUpdateTicket(ticket);
  const { close, reopen } = useTicketTransitions();
  const editor = useEditor<TicketValues, Ticket>({
    initialValues: ticketToValues(ticket),
    base: ticket,
    validate: zodValidate(ticketInputSchema, t, { from: ticketToInput, prefix: 'tickets.validation' }),
    fieldErrors: { prefix: 'tickets.validation' },
    save: (v, base) => update.mutateAsync({ ...ticketToInput(v), version: (base ?? ticket).version }),
    toValues: ticketToValues,
    savedMessage: (x) => t('tickets.edit.saved', { description: x.description }),
    reload,
  });
  const dirty = editor.isDirty;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const base = editor.base ?? ticket;
  const locked = !base.abilities.canEdit;

  const handle = async (kind: 'close' | 'reopen') => {
    await attempt(
      async () => {
        await (kind === 'close' ? close : reopen).mutateAsync(base);
        notify.success(t(kind === 'close' ? 'tickets.close.done' : 'tickets.reopen.done', { description: base.description }));
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const meta = [
    base.createdBy
      ? t('tickets.edit.createdBy', { name: base.createdBy, date: formatDateTime(base.createdAt) })
      : t('tickets.edit.created', { date: formatDateTime(base.createdAt) }),
    base.closedAt ? t('tickets.edit.closedAt', { date: formatDateTime(base.closedAt) }) : null,
  ].filter(Boolean);

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Title order={inProject ? 2 : 1} fz={inProject ? 'xl' : { base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {base.description}
            </Title>
            <TicketStatusBadge status={base.status} />
            <PriorityBadge priority={base.priority} />
          </Group>
          <Text size="sm" c="dimmed">
            {inProject ? null : (
              <>
                <Anchor component={Link} to={`/projects/${base.project.id}/tickets`} size="sm" underline="always">
                  {base.project.name}
                </Anchor>
                {' · '}
              </>
            )}
            {base.task ? (
              <>
                <Anchor component={Link} to={taskPath(base.project.id, base.task)} size="sm" underline="always">
                  {t('tickets.edit.taskLink', { task: base.task.name, area: base.task.areaName })}
                </Anchor>
                {' · '}
              </>
            ) : null}
            {meta.join(' · ')}
          </Text>
        </Stack>
        {editor.banner}
        {locked ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('tickets.edit.lockedTitle')}>
            {deniedReason(t, base.abilities, 'canEdit')}
          </Alert>
        ) : null}
        <Card withBorder padding="lg">
          <TicketFields
            form={editor.form}
            projectId={base.project.id}
            knownTask={base.task}
            knownManager={base.projectManager}
            disabled={locked}
          />
        </Card>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" align="center">
            <HistoryPanel subject="ticket" id={base.id} />
            {base.abilities.canClose ? (
              <Button
                variant="light"
                color="teal"
                leftSection={<IconCircleCheck size={16} />}
                onClick={() => void handle('close')}
                loading={close.isPending}
                disabled={dirty}
              >
                {t('tickets.close.button')}
              </Button>
            ) : null}
            {base.abilities.canReopen ? (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void handle('reopen')}
                loading={reopen.isPending}
                disabled={dirty}
              >
                {t('tickets.reopen.button')}
              </Button>
            ) : null}
            {dirty && (base.abilities.canClose || base.abilities.canReopen) ? (
              <Text size="sm" c="dimmed">
                {t('tickets.edit.saveFirst')}
              </Text>
            ) : null}
          </Group>
          {locked ? null : <EditorButtons editor={editor} ml="auto" />}
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A ticket page: loads the ticket, and starts the form again from a newer copy (after a close, a
 * reopen or a save) unless the form has unsaved changes.
 */
function TicketScreen({ ticketId, projectId }: { ticketId: number; projectId?: number }) {
  const ticket = useTicket(ticketId, projectId);
  const loaded = ticket.data;
  const { shown, onDirtyChange } = useShownRecord(loaded);

  if (ticket.isLoading || (loaded && !shown)) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={32} w={360} maw="100%" />
        <Skeleton h={280} />
      </Stack>
    );
  }
  if (ticket.error || !shown) return <ErrorState error={ticket.error} onRetry={() => void ticket.refetch()} />;
  return (
    <TicketEditor
      key={`${shown.id}:${shown.version}`}
      ticket={shown}
      inProject={projectId !== undefined}
      reload={async () => (await ticket.refetch()).data}
      onDirtyChange={onDirtyChange}
    />
  );
}

/** tickets.show: one ticket on its own (from the tickets list across projects). */
export function TicketPage() {
  const ticketId = Number(useParams().ticketId);
  return <TicketScreen ticketId={ticketId} />;
}

/** projects.ticket: one ticket under its project's header. */
export function ProjectTicketPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  return (
    <ProjectShell projectId={projectId}>
      <TicketScreen ticketId={Number(params.ticketId)} projectId={projectId} />
    </ProjectShell>
  );
}
