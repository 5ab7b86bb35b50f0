import type { NamedRef } from '@app/shared/projects/projects';
import type { Task } from '@app/shared/projects/tasks';
import type { Ticket, TicketInput } from '@app/shared/tickets/tickets';
import { TICKET_PRIORITIES, type TicketPriority } from '@app/shared/tickets/tickets.rules';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api';
import { useEmployeeOptions } from '../../projects/employees-api';
import { type TaskRef, TicketTaskPicker } from './TicketTaskPicker';

export interface TicketValues {
  description: string;
  information: string;
  priority: TicketPriority;
  projectManagerId: number | null;
  taskId: number | null;
}

export const emptyTicket = (taskId: number | null = null): TicketValues => ({
  description: '',
  information: '',
  priority: 'normal',
  projectManagerId: null,
  taskId,
});

export const ticketToValues = (x: Ticket): TicketValues => ({
  description: x.description,
  information: x.information,
  priority: x.priority,
  projectManagerId: x.projectManager?.id ?? null,
  taskId: x.task?.id ?? null,
});

export const ticketToInput = (v: TicketValues): TicketInput => ({
  description: v.description.trim(),
  information: v.information.trim(),
  priority: v.priority,
  projectManagerId: v.projectManagerId,
  taskId: v.taskId,
});

/** The name of a task the form starts with, when only its id is known (a ticket made from a task). */
function useTaskRef(projectId: number, taskId: number | null, known: TaskRef | null | undefined) {
  const q = useQuery({
    queryKey: ['projects', projectId, 'ticket-task', taskId],
    queryFn: ({ signal }) =>
      api.get<{ data: Task }>(`/api/projects/${projectId}/tasks/${taskId}`, { signal }).then((r) => r.data),
    enabled: taskId !== null && !known,
    staleTime: 60_000,
  });
  if (known) return known;
  return q.data ? { id: q.data.id, name: q.data.name, areaName: q.data.areaName, areaNumber: q.data.areaNumber } : null;
}

interface Props {
  form: UseFormReturnType<TicketValues>;
  projectId: number;
  /** The linked task as the ticket names it (no request needed for its name). */
  knownTask?: TaskRef | null;
  /** The ticket's project manager, kept as a choice when the employee list no longer has them. */
  knownManager?: NamedRef | null;
  disabled?: boolean;
}

/** A ticket's fields, in the modal that creates one and on the page that edits one. */
export function TicketFields({ form, projectId, knownTask, knownManager, disabled }: Props) {
  const { t } = useTranslation();
  const employees = useEmployeeOptions();
  const task = useTaskRef(projectId, form.values.taskId, knownTask);
  const managers = (employees.data ?? []).map((e) => ({ value: e.id, label: e.name }));
  if (knownManager && !managers.some((m) => m.value === knownManager.id)) {
    managers.push({ value: knownManager.id, label: knownManager.name });
  }
  return (
    <Stack gap="md">
      <TextInput
        label={t('tickets.fields.description')}
        description={t('tickets.fields.descriptionHint')}
        required
        maxLength={300}
        disabled={disabled}
        data-autofocus
        {...form.getInputProps('description')}
      />
      <Textarea
        label={t('tickets.fields.information')}
        autosize
        minRows={3}
        maxRows={12}
        disabled={disabled}
        {...form.getInputProps('information')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('tickets.fields.priority')}
          data={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets.priority.${p}`) }))}
          allowDeselect={false}
          disabled={disabled}
          {...form.getInputProps('priority')}
        />
        <Select<number>
          label={t('tickets.fields.projectManager')}
          placeholder={t('tickets.fields.projectManagerHint')}
          data={managers}
          searchable
          clearable
          allowDeselect={false}
          nothingFoundMessage={employees.isLoading ? t('common.states.loading') : t('tickets.fields.nobodyFound')}
          disabled={disabled}
          {...form.getInputProps('projectManagerId')}
        />
      </SimpleGrid>
      <TicketTaskPicker
        projectId={projectId}
        label={t('tickets.fields.task')}
        description={t('tickets.fields.taskHint')}
        value={form.values.taskId}
        onChange={(id) => form.setFieldValue('taskId', id)}
        known={task}
        error={form.errors.taskId}
        disabled={disabled}
        id="field-taskId"
      />
    </Stack>
  );
}
