import { taskBulkPath } from '@app/shared/projects/bulk';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconUserShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkActionItem, BulkBar, type BulkListProps } from '../../../components/bulk/BulkBar';
import { taskKeys } from '../tasks-api';
import { AssigneeSelect } from './AssigneeSelect';

interface Props extends BulkListProps {
  projectId: number;
}

type Asking = { count: number; resolve: (params: Record<string, unknown> | null) => void };

/**
 * A project's task list's bulk actions: assign to one employee (picked in a modal; empty is
 * nobody) and complete (asked first). The server runs each row through the task editor's save or the
 * single complete; tasks with an open ticket are reported, not completed.
 */
export function TasksBulkBar({ projectId, selection, pageIds, total, query }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [asking, setAsking] = useState<Asking | null>(null);

  const actions: BulkActionItem[] = [
    {
      key: 'assign',
      label: t('tasks.bulk.assign'),
      path: taskBulkPath('assign'),
      icon: <IconUserShare size={16} aria-hidden />,
      prepare: (count) => new Promise((resolve) => setAsking({ count, resolve })),
    },
    {
      key: 'complete',
      label: t('tasks.bulk.complete'),
      path: taskBulkPath('complete'),
      icon: <IconCircleCheck size={16} aria-hidden />,
      confirm: {
        title: t('tasks.bulk.completeTitle'),
        message: (count) => t('tasks.bulk.completeQuestion', { count }),
        confirmLabel: t('tasks.bulk.complete'),
      },
    },
  ];

  return (
    <>
      <BulkBar
        selection={selection}
        total={total}
        pageIds={pageIds}
        query={{ ...query, projectId }}
        actions={actions}
        onDone={() => {
          void qc.invalidateQueries({ queryKey: taskKeys.project(projectId) });
          void qc.invalidateQueries({ queryKey: ['areas', projectId] });
        }}
      />
      <AssignModal
        asking={asking}
        onAnswer={(params) => {
          asking?.resolve(params);
          setAsking(null);
        }}
      />
    </>
  );
}

function AssignModal({
  asking,
  onAnswer,
}: {
  asking: Asking | null;
  onAnswer: (params: Record<string, unknown> | null) => void;
}) {
  const { t } = useTranslation();
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const answer = (params: Record<string, unknown> | null) => {
    setEmployeeId(null);
    onAnswer(params);
  };
  return (
    <Modal opened={!!asking} onClose={() => answer(null)} title={t('tasks.bulk.assignTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          answer({ employeeId });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('tasks.bulk.assignText', { count: asking?.count ?? 0 })}</Text>
          <AssigneeSelect label={t('tasks.fields.assignee')} value={employeeId} onChange={setEmployeeId} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(null)}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit">{t('tasks.bulk.assign')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
