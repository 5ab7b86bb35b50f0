import { type Ticket, ticketInputSchema } from '@app/shared/tickets/tickets';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useCreateTicket } from '../api';
import { emptyTicket, TicketFields, type TicketValues, ticketToInput } from './TicketFields';

interface Props {
  projectId: number;
  /** The task the ticket is about (a ticket made from a task's tickets tab); it can still be changed. */
  taskId?: number;
  opened: boolean;
  onClose: () => void;
  /** After the ticket is made (its toast is shown and the lists are refreshed). */
  onCreated?: (ticket: Ticket) => void;
}

/**
 * Makes a ticket in a project: description (required), information, priority, project manager
 * (the project's first manager when left empty) and the task it is about. Closing with unsaved
 * changes asks first. The project's lists, counts, feed and task statuses are refreshed after.
 */
export function TicketModal({ projectId, taskId, opened, onClose, onCreated }: Props) {
  const { t } = useTranslation();
  const { close, closeGuard } = useGuardedClose(onClose);
  // A phone gets the whole screen: room for the keyboard and the pickers' lists.
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={close} title={t('tickets.create.title')} size="lg" fullScreen={phone} centered>
      {opened ? (
        <TicketCreateForm
          projectId={projectId}
          taskId={taskId ?? null}
          closeGuard={closeGuard}
          onCancel={close}
          onDone={(ticket) => {
            onClose();
            onCreated?.(ticket);
          }}
        />
      ) : null}
    </Modal>
  );
}

interface FormProps {
  projectId: number;
  taskId: number | null;
  closeGuard: CloseGuard;
  onCancel: () => void;
  onDone: (ticket: Ticket) => void;
}

function TicketCreateForm({ projectId, taskId, closeGuard, onCancel, onDone }: FormProps) {
  const { t } = useTranslation();
  const create = useCreateTicket(projectId);
  const editor = useEditor<TicketValues, Ticket>({
    initialValues: emptyTicket(taskId),
    validate: zodValidate(ticketInputSchema, t, { from: ticketToInput, prefix: 'tickets.validation' }),
    fieldErrors: { prefix: 'tickets.validation' },
    save: (v) => create.mutateAsync(ticketToInput(v)),
    savedMessage: (x) => t('tickets.create.done', { description: x.description }),
    onSaved: onDone,
    closeGuard,
    // The modal's own close asks (closeGuard); the page below keeps the one navigation guard.
    guard: false,
  });
  return (
    <form {...editor.formProps}>
      <Stack>
        <TicketFields form={editor.form} projectId={projectId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {t('tickets.create.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
