import { TASK_LIST_MAX_AREAS } from '@app/shared/task-list/task-list';
import { Alert, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconChecklist, IconFilterOff, IconListCheck, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { ApiError } from '../../../lib/api';
import { ProjectHeader } from '../../projects/components/ProjectHeader';
import { useTaskList } from '../api';
import { type Choice, choiceOverLimit, formatChoice, parseChoice } from '../chooser';
import { AreaChooser } from '../components/AreaChooser';
import { printableSections, TaskListSheet } from '../components/TaskListSheet';
import classes from '../TaskList.module.css';

/**
 * project-tasks.print ({projectId}/task-list): the printable assembly list. The chosen decks and
 * areas live in the URL (`?areas=12,15`, `all`); the list shows per area its tasks and sub-tasks
 * with amounts, assembly notes and order lines and a box to tick. 'Afdrukken' opens the browser's
 * print dialog; the print stylesheet leaves out the app around it and gives clean A4 pages.
 */
export function TaskListPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const [params, setParams] = useSearchParams();
  const raw = params.get('areas');
  const choice = useMemo(() => parseChoice(raw), [raw]);
  // More ids than the list takes: only the first ones are printed, and the page says so.
  const overLimit = useMemo(() => choiceOverLimit(raw), [raw]);
  const list = useTaskList(projectId, choice);
  const today = useMemo(() => new Date(), []);

  const setChoice = (next: Choice) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        const v = formatChoice(next);
        if (v) p.set('areas', v);
        else p.delete('areas');
        return p;
      },
      { replace: true },
    );

  const badChoice = list.error instanceof ApiError && list.error.code === 'AREA_NOT_FOUND';
  const data = badChoice ? undefined : list.data;
  const printable = data ? printableSections(data).length > 0 : false;

  let chooser: ReactNode;
  let body: ReactNode;
  if (badChoice) {
    chooser = null;
    body = (
      <EmptyState
        icon={<IconFilterOff size={32} stroke={1.5} />}
        title={t('taskList.badChoiceTitle')}
        description={t('taskList.badChoiceText')}
        action={
          <Button variant="light" onClick={() => setChoice([])}>
            {t('taskList.clearChoice')}
          </Button>
        }
      />
    );
  } else if (list.error) {
    chooser = null;
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!data) {
    const loading = (
      <Stack gap="sm" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
        <Skeleton h={20} w="60%" />
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
    chooser = loading;
    body = null;
  } else {
    chooser = <AreaChooser tree={data.tree} choice={choice} onChange={setChoice} />;
    if (choice !== 'all' && choice.length === 0) {
      body = (
        <EmptyState
          icon={<IconListCheck size={32} stroke={1.5} />}
          title={t('taskList.nothingChosenTitle')}
          description={t('taskList.nothingChosenText')}
          action={
            data.tree.length > 0 ? (
              <Button variant="light" onClick={() => setChoice('all')}>
                {t('taskList.chooser.all')}
              </Button>
            ) : undefined
          }
        />
      );
    } else if (!printable) {
      body = (
        <EmptyState
          icon={<IconChecklist size={32} stroke={1.5} />}
          title={t('taskList.noTasksTitle')}
          description={t('taskList.noTasksText')}
        />
      );
    } else {
      body = <TaskListSheet list={data} today={today} />;
    }
  }

  return (
    <div className={classes.page}>
      <div className={classes.noPrint}>
        <ProjectHeader projectId={projectId} />
      </div>
      <Group justify="space-between" align="center" gap="sm" mb="md" className={classes.noPrint}>
        <Title order={2} fz="h3">
          {t('taskList.title')}
        </Title>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()} disabled={!printable}>
          {t('taskList.print')}
        </Button>
      </Group>
      <div className={classes.layout}>
        {chooser ? (
          <Card withBorder padding="md" className={`${classes.aside} ${classes.noPrint}`}>
            {chooser}
          </Card>
        ) : null}
        <div className={classes.main} aria-busy={list.isFetching || undefined}>
          {overLimit !== null && !badChoice ? (
            <Alert
              color="orange"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title={t('taskList.tooMany.title')}
              role="alert"
              mb="md"
              className={classes.noPrint}
            >
              {t('taskList.tooMany.text', { count: overLimit, max: TASK_LIST_MAX_AREAS })}
            </Alert>
          ) : null}
          {body}
        </div>
      </div>
    </div>
  );
}
